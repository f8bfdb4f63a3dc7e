#!/usr/bin/env bash
# The content and sync mixes of `make soak` (3,000 users, MIX_CONNECTIONS
# connections, MIX_SECONDS each) on three set-ups of the release server:
#   one replica on SQLite, one replica on PostgreSQL, and two replicas on
#   PostgreSQL behind nginx (the configuration of `make cluster`).
# Each mix starts on an empty database. PostgreSQL runs with its durable
# defaults (fsync on), as SQLite answers no write before its log is flushed. Everything shares
# this machine's cores (load generator, replicas, nginx, database), so "per
# core" is requests per second divided by the machine's cores. Errors fail the
# run; pushes answered 429 (a user past 120 a minute) are counted apart, in
# neither the requests per second nor the p99.
# Targets: the sync mix's p99 on SQLite <= 50 ms; PostgreSQL's sync requests
# per core >= 0.8 x SQLite's.
set -euo pipefail
cd "$(dirname "$0")/../.."
export MIX_SECONDS=${MIX_SECONDS:-20} MIX_CONNECTIONS=${MIX_CONNECTIONS:-256}
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
cores=$(nproc)
cargo build --release -q -p manna-server --example soak
work=$(mktemp -d /tmp/manna-replicas.XXXXXX)
chmod 755 "$work"
pids=""
stop_all() {
  [ -z "$pids" ] || kill $pids 2>/dev/null || true
  wait $pids 2>/dev/null || true
  pids=""
}
cleanup() { stop_all; sh tests/postgres/stop.sh "$work/pg"; rm -rf "$work"; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_for() { for _ in $(seq 1 300); do curl -sf "$1" >/dev/null && return 0; sleep 0.1; done; echo "not reachable: $1" >&2; return 1; }

# replica PORT DATABASE_URL: a release server (on SQLite when the URL is empty) in development mode (devices
# name their user) behind trusted proxies on 127.0.0.1.
replica() {
  mkdir -p "$work/data-$1"
  (
    [ -z "$2" ] || export MANNA_DATABASE_URL="$2"
    MANNA_PORT=$1 MANNA_DATA_DIR="$work/data-$1" MANNA_ENV=development \
      MANNA_TRUSTED_PROXIES=127.0.0.1 MANNA_STATIC_DIR=/nonexistent RUST_LOG=warn \
      exec ./target/release/manna-server >>"$work/replica-$1.log" 2>&1
  ) &
  pids="$pids $!"
  wait_for "http://127.0.0.1:$1/api/health"
}

unset MANNA_DATABASE_URL # the SQLite set-up must not find one
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
pg_base=$(PG_DURABLE=1 sh tests/postgres/start.sh "$work/pg")
fresh_database() {
  local name="bench_$(date +%s%N)"
  "$pg_bin/psql" "$pg_base" -qc "CREATE DATABASE $name" >/dev/null
  echo "${pg_base/dbname=postgres/dbname=$name}"
}

# run_mix SETUP MIX: starts the set-up on an empty database, runs the mix, stops it.
results="$work/results"
: >"$results"
run_mix() {
  local setup=$1 mix=$2 base
  rm -rf "$work"/data-*
  case $setup in
    sqlite) p=$(free_port); replica "$p" ""; base="http://127.0.0.1:$p" ;;
    postgres) url=$(fresh_database); p=$(free_port); replica "$p" "$url"; base="http://127.0.0.1:$p" ;;
    cluster)
      url=$(fresh_database); a=$(free_port); b=$(free_port); n=$(free_port)
      replica "$a" "$url"; replica "$b" "$url"
      mkdir -p "$work/nginx"
      sh server/cluster/nginx-conf.sh "$work/nginx" "$n" "$a" "$b" >"$work/nginx/nginx.conf"
      "$NGINX" -e "$work/nginx/nginx-error.log" -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
      pids="$pids $!"
      wait_for "http://127.0.0.1:$n/api/health"
      base="http://127.0.0.1:$n" ;;
  esac
  figures=$(./target/release/examples/soak mix "$mix" "$base" 2>"$work/mix.log") || { cat "$work/mix.log" "$work"/replica-*.log >&2; exit 1; }
  echo "$setup $mix $figures" >>"$results"
  stop_all
}

for setup in sqlite postgres cluster; do
  for mix in content sync; do run_mix "$setup" "$mix"; done
done

echo "== replicas: the content and sync mixes of make soak (${MIX_SECONDS} s each, $MIX_CONNECTIONS connections, 3,000 users; $cores cores shared by the load, the replicas, nginx and the database) =="
python3 - "$results" "$cores" <<'PY'
import json, sys
names = {"sqlite": "1 replica, SQLite", "postgres": "1 replica, PostgreSQL", "cluster": "2 replicas, PostgreSQL, nginx"}
cores = int(sys.argv[2])
print(f"{'set-up':32} {'mix':8} {'req/s':>8} {'per core':>9} {'p99 ms':>7} {'errors':>6} {'429s':>5}")
failed = False
figures = {}
for line in open(sys.argv[1]):
    setup, mix, text = line.split(" ", 2)
    f = json.loads(text)
    print(f"{names[setup]:32} {mix:8} {f['perSecond']:8.0f} {f['perSecond']/cores:9.0f} {f['p99']:7.1f} {f['errors']:6} {f['limited']:5}")
    failed |= f["errors"] > 0
    figures[(setup, mix)] = f
sqlite, postgres = figures[("sqlite", "sync")], figures[("postgres", "sync")]
p99_ok = sqlite["p99"] <= 50
ratio = postgres["perSecond"] / sqlite["perSecond"]
print(f"{'ok  ' if p99_ok else 'MISS'} sync mix on SQLite: p99 {sqlite['p99']:.1f} ms (target <= 50)")
print(f"{'ok  ' if ratio >= 0.8 else 'MISS'} sync mix on PostgreSQL: {ratio:.2f}x SQLite's requests per core (target >= 0.8)")
failed |= not p99_ok or ratio < 0.8
sys.exit(1 if failed else 0)
PY
