#!/bin/sh
# The image's ffmpeg and ffprobe (Containerfile): Debian's own ffmpeg source (the version Debian's
# ffmpeg package ships, with its patches) configured for audio only, static, into /opt/ffmpeg/bin.
# Debian's ffmpeg package brings about 450 MB of video, GPU and display libraries that audio work
# never loads; this build is two 8 MB binaries that link libmp3lame and libopus only (LGPL, no GPL
# parts). It encodes byte for byte what Debian's ffmpeg encodes for the same arguments.
#
#   sh container-ffmpeg.sh build    (in the Containerfile's `ffmpeg` stage: needs Debian's mirror)
#   sh container-ffmpeg.sh check    (in the run stage: what the service asks of ffmpeg works)
set -eu
case "${1:-}" in
build)
  export DEBIAN_FRONTEND=noninteractive
  # Source packages: the official node image lists its mirror in debian.sources, a base made by
  # scripts/build-image.sh in sources.list.
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed -i 's/^Types: deb$/Types: deb deb-src/' /etc/apt/sources.list.d/debian.sources
  fi
  if [ -f /etc/apt/sources.list ]; then
    sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >/etc/apt/sources.list.d/voicelib-src.list
  fi
  apt-get update
  apt-get install -y --no-install-recommends gcc libc6-dev make nasm pkg-config dpkg-dev xz-utils \
    libmp3lame-dev libopus-dev
  mkdir -p /src && cd /src
  apt-get source --only-source ffmpeg
  cd ffmpeg-*/
  # Every audio decoder a recording might arrive in (any container: all demuxers and parsers); the
  # encoders and muxers the service writes (encode.ts, openai-encode.ts, decode.ts); the filters
  # ffmpeg's command line inserts for resampling and downmixing; `sine` for the check below.
  decoders='aac,aac_fixed,aac_latm,ac3,ac3_fixed,eac3,alac,als,amrnb,amrwb,ape,atrac*,cook,dca,dolby_e'
  decoders="$decoders,dsd*,dst,flac,g723_1,g729,gsm,gsm_ms,mlp,truehd,mp1*,mp2*,mp3*,nellymoser,opus"
  decoders="$decoders,qdm2,qdmc,ra_144,ra_288,ralf,shorten,sipr,speex,tak,truespeech,tta,vorbis,wavpack"
  decoders="$decoders,wma*,pcm*,adpcm*,interplay_dpcm,comfortnoise,sbc,aptx*,bonk,hca,mace3,mace6"
  decoders="$decoders,metasound,twinvq,imc,iac,on2avc,siren,msnsiren,misc4"
  ./configure --prefix=/opt/ffmpeg --toolchain=hardened --disable-debug --disable-doc --disable-ffplay \
    --disable-autodetect --disable-network --disable-everything \
    --enable-libmp3lame --enable-libopus \
    --enable-protocol=file,pipe \
    --enable-demuxers --enable-parsers --enable-bsfs \
    --enable-decoder="$decoders" \
    --enable-encoder=libmp3lame,libopus,aac,flac,wavpack,pcm_s16le,pcm_f32le,pcm_mulaw,pcm_alaw \
    --enable-muxer=mp3,ogg,opus,adts,flac,wav,pcm_s16le,pcm_f32le,pcm_mulaw,pcm_alaw,null \
    --enable-filter=abuffer,abuffersink,aformat,anull,aresample,atrim,sine \
    --enable-indev=lavfi >/tmp/ffmpeg-configure.log || { tail -30 ffbuild/config.log; exit 1; }
  make -j"$(nproc)" >/tmp/ffmpeg-make.log 2>&1 || { tail -50 /tmp/ffmpeg-make.log; exit 1; }
  make install >/dev/null
  strip /opt/ffmpeg/bin/ffmpeg /opt/ffmpeg/bin/ffprobe
  ;;
check)
  cd "$(mktemp -d)"
  ffmpeg -v error -f lavfi -i sine=d=0.5 -ac 1 -ar 24000 -f s16le t.raw
  for out in '-c:a libmp3lame -f mp3 t.mp3' '-c:a libopus -f ogg t.ogg' '-c:a aac -f adts t.aac' \
    '-c:a flac -f flac t.flac' '-c:a pcm_s16le -f wav t.wav'; do
    # shellcheck disable=SC2086 # the arguments are meant to split
    ffmpeg -v error -f s16le -ar 24000 -ac 1 -i t.raw $out
  done
  for f in t.mp3 t.ogg t.aac t.flac t.wav; do
    ffprobe -v error "$f"
    ffmpeg -v error -i "$f" -map 0:a:0 -ac 1 -ar 16000 -c:a pcm_f32le -f f32le - | wc -c | grep -qv '^0$'
  done
  rm -rf "$PWD"
  ;;
*)
  echo "usage: container-ffmpeg.sh build|check" >&2
  exit 2
  ;;
esac
