#!/usr/bin/env bash
# Throwaway Redis on loopback for the cluster tests, from Debian's redis-server package.
#   scripts/test-redis.sh start DIR [PORT]  → prints REDIS_URL=...
#   scripts/test-redis.sh stop DIR
# Nothing is persisted (no RDB, no AOF): the queue only needs to outlive the processes under test.
set -euo pipefail
cmd=${1:?usage: test-redis.sh start|stop DIR [PORT]}
dir=${2:?usage: test-redis.sh start|stop DIR [PORT]}
port=${3:-56379}
if ! command -v redis-server >/dev/null; then
  echo "redis-server is not installed (apt-get install redis-server)" >&2
  exit 1
fi
case "$cmd" in
  start)
    mkdir -p "$dir"
    redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save '' --appendonly no --daemonize yes \
      --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >/dev/null
    for _ in $(seq 1 100); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
    redis-cli -p "$port" ping >/dev/null
    echo "REDIS_URL=redis://127.0.0.1:$port"
    ;;
  stop)
    if [ -f "$dir/redis.pid" ]; then
      pid=$(cat "$dir/redis.pid")
      kill "$pid" 2>/dev/null || true
      # wait for it to exit, so the caller can remove DIR
      for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    ;;
  *)
    echo "usage: test-redis.sh start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
