#!/bin/sh
# The server's integration suite again, on a throwaway PostgreSQL (each test
# server gets a database of its own). Two tests are about the SQLite engine
# itself and do not apply: `backup::` copies the SQLite file (PostgreSQL is
# backed up with pg_dump), and the long-write test holds SQLite's file lock.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/manna-pg.XXXXXX)
trap '"$here/stop.sh" "$dir"; rm -rf "$dir"' EXIT INT TERM
MANNA_TEST_POSTGRES=$("$here/start.sh" "$dir")
export MANNA_TEST_POSTGRES
echo "Server integration tests on PostgreSQL ($MANNA_TEST_POSTGRES)"
cargo test -p manna-server --test it -- \
    --skip backup:: \
    --skip hardening::registration_waits_for_a_long_write_instead_of_failing
