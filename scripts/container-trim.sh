#!/bin/sh
# Run inside the image's run stage (Containerfile), after installing ffmpeg: removes the shared
# libraries that install added (those not listed in /tmp/libs-before) for video, GPU and display work
# no audio path loads, then checks that ffmpeg still encodes and decodes every format the service
# uses. Libraries the base image had stay, and so do new ones under 512 KiB (loaded by name, not linked).
set -eu
lib=/usr/lib/$(uname -m)-linux-gnu
keep=$(mktemp)
for binary in /usr/bin/ffmpeg /usr/bin/ffprobe "$(command -v node)" "$lib/libsoxr.so.0" "$lib/libmp3lame.so.0"; do
  ldd "$binary" | awk '/=>/ { print $3 }'
done | xargs -r readlink -f | sort -u >"$keep"
find "$lib" -maxdepth 1 -name '*.so*' -type f -size +512k | while read -r file; do
  grep -qx "$file" /tmp/libs-before && continue
  grep -qx "$(readlink -f "$file")" "$keep" || rm -f "$file"
done
rm -rf "$lib/dri" "$lib/mfx" "$keep" /tmp/libs-before
# What the service asks of ffmpeg still works.
cd /tmp
ffmpeg -v error -f lavfi -i sine=d=0.5 -c:a libmp3lame -f mp3 t.mp3
ffmpeg -v error -f lavfi -i sine=d=0.5 -c:a libopus -f ogg t.ogg
ffmpeg -v error -f lavfi -i sine=d=0.5 -c:a aac -f adts t.aac
ffmpeg -v error -f lavfi -i sine=d=0.5 -c:a flac t.flac
for f in t.mp3 t.ogg t.aac t.flac; do ffmpeg -v error -i "$f" -f s16le -ar 24000 -ac 1 - >/dev/null; ffprobe -v error "$f"; done
rm -f t.mp3 t.ogg t.aac t.flac
