#!/bin/sh
# Entry point of the PostgreSQL + Redis image scripts/build-stack-images.sh makes from Debian
# packages, for running compose.yaml where no registry is reachable. It keeps the part of the
# official images' contract compose.yaml uses:
#   postgres      POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB make the cluster on first start, in
#                 /var/lib/postgresql/data; password logins over TCP; runs as `postgres`.
#   redis-server  runs as `redis`, its files in /data.
# Anything else is run as given.
set -eu
case "${1:-}" in
postgres)
  shift
  data=${PGDATA:-/var/lib/postgresql/data}
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  as_postgres="setpriv --reuid=postgres --regid=postgres --init-groups"
  mkdir -p "$data" /run/postgresql
  chown -R postgres:postgres "$data" /run/postgresql
  chmod 700 "$data"
  if [ ! -s "$data/PG_VERSION" ]; then
    user=${POSTGRES_USER:-postgres}
    secret=$(mktemp)
    printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" >"$secret"
    chown postgres "$secret"
    $as_postgres "$bin/initdb" -D "$data" -U "$user" --pwfile="$secret" -E UTF8 \
      --auth-local=trust --auth-host=scram-sha-256 >/dev/null
    rm -f "$secret"
    echo "host all all all scram-sha-256" >>"$data/pg_hba.conf"
    db=${POSTGRES_DB:-$user}
    if [ "$db" != postgres ]; then
      echo "CREATE DATABASE \"$db\" OWNER \"$user\";" | $as_postgres "$bin/postgres" --single -D "$data" postgres >/dev/null
    fi
  fi
  exec $as_postgres "$bin/postgres" -D "$data" -c listen_addresses='*' "$@"
  ;;
redis-server)
  mkdir -p /data
  chown redis:redis /data
  exec setpriv --reuid=redis --regid=redis --init-groups "$@"
  ;;
*)
  exec "$@"
  ;;
esac
