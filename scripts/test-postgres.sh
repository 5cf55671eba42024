#!/usr/bin/env bash
# Throwaway PostgreSQL on loopback for the test suite, from Debian's postgresql package.
#   scripts/test-postgres.sh start DIR [PORT]  → prints TEST_DATABASE_URL=...
#   scripts/test-postgres.sh stop DIR
# As root (CI) the server runs as the package's `postgres` user: PostgreSQL refuses root.
set -euo pipefail
cmd=${1:?usage: test-postgres.sh start|stop DIR [PORT]}
dir=${2:?usage: test-postgres.sh start|stop DIR [PORT]}
port=${3:-55432}

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ]; then
  echo "PostgreSQL is not installed (apt-get install postgresql)" >&2
  exit 1
fi
as_pg=()
[ "$(id -u)" = 0 ] && as_pg=(runuser -u postgres --)

case "$cmd" in
  start)
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ "$(id -u)" = 0 ]; then
      chown postgres "$dir"
      # the server user must be able to walk down to DIR
      p=$(dirname "$dir")
      while [ "$p" != / ]; do runuser -u postgres -- test -x "$p" || chmod o+x "$p"; p=$(dirname "$p"); done
    fi
    if [ ! -f "$dir/PG_VERSION" ]; then
      "${as_pg[@]}" "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 >/dev/null
    fi
    # durability is pointless for a throwaway cluster: skip fsync for speed
    "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
      -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
      start >/dev/null
    echo "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null || true
    ;;
  *)
    echo "usage: test-postgres.sh start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
