#!/bin/sh
# Starts a throwaway PostgreSQL in DIR for the tests (nothing durable: no
# fsync; PG_DURABLE=1 keeps PostgreSQL's durable defaults, for figures) and
# prints the connection string of its `postgres` database. As root the server
# runs as the `postgres` user, which PostgreSQL requires.
# Stop it with: pg_ctl -D DIR/data stop (tests/postgres/stop.sh DIR).
set -eu
dir=${1:?usage: start.sh DIR}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL is not installed (Debian package postgresql)" >&2; exit 1; }
mkdir -p "$dir"
as=""
if [ "$(id -u)" = 0 ]; then
    chown postgres "$dir"
    as="runuser -u postgres --"
fi
if [ ! -f "$dir/data/PG_VERSION" ]; then
    $as "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
fi
fast="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
[ "${PG_DURABLE:-0}" = 1 ] && fast=""
$as "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses='' -c unix_socket_directories='$dir' $fast -c max_connections=400 -c shared_buffers=128MB" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
echo "host=$dir port=5432 user=postgres dbname=postgres"
