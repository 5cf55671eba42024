#!/usr/bin/env bash
# DNSMOS P.835 (Microsoft, MIT), a second naturalness judge for the benchmarks beside NISQA: its ONNX
# model ships inside the PyPI wheel `speechmos` 0.0.1.1, fetched with `pip download --no-deps`,
# checked against its SHA-256 and cached; the model file is unpacked next to it. Prints the path of
# `sig_bak_ovr.onnx` (it takes 9.01 s of 16 kHz audio and rates signal, background and overall, 1-5).
#
#   scripts/fetch-dnsmos.sh
#
# For benchmarks only (bench/dnsmos.ts); the product never uses it. Needs python3 with pip and unzip.
set -euo pipefail

cache=${VOICELIB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/voicelib}/bench-packages
python=${PYTHON:-python3}
wheel=speechmos-0.0.1.1-py3-none-any.whl
sha=31c4c9d3234f6ee10102edff74333014c50006a3f389daf7ecacae34e68ebbf7
model="$cache/speechmos-0.0.1.1/sig_bak_ovr.onnx"
mkdir -p "$cache"
if [ ! -f "$model" ]; then
  if [ ! -f "$cache/$wheel" ]; then
    "$python" -m pip download --no-deps --only-binary=:all: --quiet --disable-pip-version-check \
      -d "$cache" "speechmos==0.0.1.1" >&2
  fi
  got=$(sha256sum "$cache/$wheel" | cut -d' ' -f1)
  [ "$got" = "$sha" ] || { echo "fetch-dnsmos: $wheel has SHA-256 $got, expected $sha" >&2; exit 1; }
  mkdir -p "$(dirname "$model")"
  unzip -p "$cache/$wheel" speechmos/dnsmos_models/sig_bak_ovr.onnx > "$model.partial"
  mv "$model.partial" "$model"
fi
echo "$model"
