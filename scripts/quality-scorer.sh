#!/usr/bin/env bash
# Installs the NISQA naturalness scorer of the quality kit (../shared/quality) into a cache folder
# of its own, so benchmarks score naturalness without anyone installing it by hand in ../shared,
# and prints that folder. The kit's files are copied (not its node_modules), then
# `ONNXRUNTIME_NODE_INSTALL=skip npm install` runs there once (the skip avoids onnxruntime's GPU
# download, which fails offline; the CPU runtime is in the package). Idempotent: a second run
# copies only changed files and installs nothing.
#
# Usage: scripts/quality-scorer.sh [KIT]   (KIT defaults to ../shared/quality beside the repository)
# For benchmarks only; the product never uses the scorer.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
kit=${1:-$repo/../shared/quality}
cache=${VOICELIB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/voicelib}
dir="$cache/quality"
if [[ ! -f "$kit/score.mjs" ]]; then
  echo "quality-scorer: no quality kit at $kit (score.mjs missing)" >&2
  exit 1
fi
mkdir -p "$dir"
# Everything but an installed node_modules; -u keeps copies that are already current.
(cd "$kit" && find . -path ./node_modules -prune -o -type f -print0) |
  (cd "$kit" && xargs -0 cp --parents -u -t "$dir")
if [[ ! -d "$dir/node_modules/onnxruntime-node" ]]; then
  (cd "$dir" && ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund --loglevel=error >&2)
fi
echo "$dir"
