#!/bin/sh
# The server's integration suite again, on a throwaway PostgreSQL (each test
# server gets a database of its own; the sync simulation runs 100 seeds on
# it and the groups' simulation 20, against 1,000 and 40 on SQLite; `make
# soak` runs 20,000 of the first here). Two tests are about the SQLite engine
# itself and do not apply: `backup::` copies the SQLite file (PostgreSQL is
# backed up with pg_dump), and the long-write test holds SQLite's file lock.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/manna-pg.XXXXXX)
trap '"$here/stop.sh" "$dir"; rm -rf "$dir"' EXIT INT TERM
MANNA_TEST_POSTGRES=$("$here/start.sh" "$dir")
export MANNA_TEST_POSTGRES
export SIM_RUNS="${SIM_RUNS:-100}"
export GROUP_SIM_RUNS="${GROUP_SIM_RUNS:-20}"
echo "Server integration tests on PostgreSQL ($MANNA_TEST_POSTGRES)"
# --workspace: the features the workspace's build has, so the test build of
# `make test` is used as it is rather than built again for this package alone.
cargo test ${CARGO_PROFILE:-} --workspace --test it -- ${SUITE_FILTER:-} ${SUITE_ARGS:-} \
    --skip backup:: \
    --skip hardening::registration_waits_for_a_long_write_instead_of_failing
