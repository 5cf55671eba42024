#!/usr/bin/env bash
# Throwaway Redis on loopback for the tests, from Debian's redis-server package.
#   scripts/test-redis.sh start DIR [PORT]  → prints REDIS_URL=redis://127.0.0.1:PORT
#   scripts/test-redis.sh stop DIR          → stops it (nothing is saved)
set -euo pipefail
cmd=${1:?usage: test-redis.sh start|stop DIR [PORT]}
dir=${2:?usage: test-redis.sh start|stop DIR [PORT]}
port=${3:-6379}

if ! command -v redis-server >/dev/null; then
  echo "test-redis: Redis is not installed (apt-get install redis-server)" >&2
  exit 1
fi

case "$cmd" in
  start)
    mkdir -p "$dir"
    redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save '' --appendonly no --daemonize yes \
      --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >/dev/null
    for _ in $(seq 1 100); do
      redis-cli -p "$port" ping >/dev/null 2>&1 && { echo "REDIS_URL=redis://127.0.0.1:$port"; exit 0; }
      sleep 0.1
    done
    echo "test-redis: Redis did not answer on port $port; see $dir/redis.log" >&2
    exit 1
    ;;
  stop)
    # Only the server started in DIR: its pid file, and the pid must still be a redis-server.
    if [ -f "$dir/redis.pid" ]; then
      pid=$(cat "$dir/redis.pid")
      if grep -q redis-server "/proc/$pid/cmdline" 2>/dev/null; then
        kill -TERM "$pid"
        for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      fi
      rm -f "$dir/redis.pid"
    fi
    ;;
  *)
    echo "usage: test-redis.sh start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
