#!/bin/sh
# A cluster on this machine: PostgreSQL (its data in ./data/pg), two Manna
# replicas on it and nginx in front, serving http://127.0.0.1:8080. Without
# STRIPE_SECRET_KEY the Stripe emulator stands in for Stripe, as in `make run`.
# Ctrl-C stops everything (the database stays in ./data/pg).
set -eu
root=$(pwd)
port=${MANNA_PORT:-8080}
replicas="8081 8082"
emulator_port=${EMULATOR_PORT:-12111}
data="$root/data"
pg="$data/pg"
run="$data/cluster"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL is not installed (make cluster installs it)" >&2; exit 1; }
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { echo "nginx is not installed (make cluster installs it)" >&2; exit 1; }
nginx=$(command -v nginx || echo /usr/sbin/nginx)

mkdir -p "$data" "$run" "$pg"
as=""
if [ "$(id -u)" = 0 ]; then
    # PostgreSQL refuses to run as root: its folder belongs to `postgres`,
    # which may pass through ./data (but not list it).
    as="runuser -u postgres --"
    chmod o+x "$data"
    mkdir -p "$pg"
    chown postgres "$pg"
fi
if [ ! -f "$pg/data/PG_VERSION" ]; then
    echo "Creating the PostgreSQL database in $pg"
    $as "$bin/initdb" -D "$pg/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$pg/initdb.log"
fi
$as "$bin/pg_ctl" -D "$pg/data" -l "$pg/server.log" -w -t 60 \
    -o "-c listen_addresses='' -c unix_socket_directories='$pg' -c max_connections=100" start >/dev/null
pids=""
stop() {
    [ -z "$pids" ] || kill $pids 2>/dev/null || true
    [ -f "$run/nginx.pid" ] && kill "$(cat "$run/nginx.pid")" 2>/dev/null || true
    $as "$bin/pg_ctl" -D "$pg/data" -m fast -w stop >/dev/null 2>&1 || true
}
trap 'stop' EXIT
trap 'exit 130' INT TERM
url="host=$pg port=5432 user=postgres dbname=manna"
$as "$bin/psql" -h "$pg" -U postgres -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'manna'" | grep -q 1 \
    || $as "$bin/psql" -h "$pg" -U postgres -d postgres -qc "CREATE DATABASE manna"

if [ -z "${STRIPE_SECRET_KEY:-}" ]; then
    echo "Test mode: payments go to the Stripe emulator on http://127.0.0.1:$emulator_port"
    EMULATOR_PORT=$emulator_port EMULATOR_WEBHOOK_URL=http://127.0.0.1:$port/api/stripe/webhook \
        ./target/release/manna-stripe-emulator &
    pids="$pids $!"
    export STRIPE_API_BASE="http://127.0.0.1:$emulator_port"
fi

for p in $replicas; do
    MANNA_DATABASE_URL="$url" MANNA_PORT=$p MANNA_DATA_DIR="$data/replica-$p" \
        MANNA_PUBLIC_URL="${MANNA_PUBLIC_URL:-http://127.0.0.1:$port}" \
        MANNA_TRUSTED_PROXIES=127.0.0.1 MANNA_ENV="${MANNA_ENV:-development}" \
        ./target/release/manna-server &
    pids="$pids $!"
done

sh "$root/server/cluster/nginx-conf.sh" "$run" "$port" $replicas >"$run/nginx.conf"
"$nginx" -e "$run/nginx-error.log" -p "$run" -c "$run/nginx.conf" -g 'daemon off;' &
pids="$pids $!"
echo "Manna on http://127.0.0.1:$port: nginx in front of the replicas on$(printf ' 127.0.0.1:%s' $replicas), PostgreSQL in $pg"
wait
