#!/usr/bin/env bash
# Throwaway S3 store (a one-node Ceph cluster with its RADOS Gateway, on loopback) for the tests.
#   scripts/test-s3.sh start DIR [PORT]  → prints S3_ENDPOINT=, S3_ACCESS_KEY=, S3_SECRET_KEY=,
#                                          S3_REGION=, S3_FORCE_PATH_STYLE= (one per line)
#   scripts/test-s3.sh stop DIR          → stops the daemons and removes DIR's cluster state
# The cluster recipe itself is the shared start-s3.sh/stop-s3.sh (VOICELIB_S3_RECIPE, default
# /work/shared/scripts); without it this exits 3 so tests can skip (CI always has it).
# Needs Debian's radosgw ceph-mon ceph-osd ceph-common curl uuid-runtime; installed here when run as root.
set -euo pipefail
cmd=${1:?usage: test-s3.sh start|stop DIR [PORT]}
dir=${2:?usage: test-s3.sh start|stop DIR [PORT]}
port=${3:-7480}
recipe=${VOICELIB_S3_RECIPE:-/work/shared/scripts}

if [ ! -x "$recipe/start-s3.sh" ] || [ ! -x "$recipe/stop-s3.sh" ]; then
  echo "test-s3: the Ceph RGW recipe ($recipe/start-s3.sh) is absent" >&2
  exit 3
fi

case "$cmd" in
  start)
    if ! command -v radosgw >/dev/null || ! command -v ceph-osd >/dev/null || ! command -v uuidgen >/dev/null; then
      if [ "$(id -u)" != 0 ]; then
        echo "test-s3: apt-get install --no-install-recommends radosgw ceph-mon ceph-osd ceph-common curl uuid-runtime" >&2
        exit 1
      fi
      apt-get update -qq >/dev/null
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        radosgw ceph-mon ceph-osd ceph-common curl uuid-runtime >/dev/null
    fi
    # Progress goes to DIR/start.log; only the S3_* lines reach stdout.
    mkdir -p "$dir"
    if ! "$recipe/start-s3.sh" "$dir" "$port" 2>"$dir/start.log" | grep -E '^S3_(ENDPOINT|ACCESS_KEY|SECRET_KEY|REGION|FORCE_PATH_STYLE)='; then
      cat "$dir/start.log" >&2
      exit 1
    fi
    ;;
  stop)
    "$recipe/stop-s3.sh" "$dir" --purge 2>/dev/null
    ;;
  *)
    echo "usage: test-s3.sh start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
