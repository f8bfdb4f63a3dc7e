#!/bin/sh
# Runs two stages of `make test` at once, where neither keeps both cores busy
# on its own: the first's output is held and printed after the second's, so
# the log reads in order. Fails when either failed.
#   tests/side-by-side.sh 'FIRST COMMAND' 'SECOND COMMAND'
held=$(mktemp)
trap 'rm -f "$held"' EXIT INT TERM
sh -c "$1" >"$held" 2>&1 &
first=$!
second_status=0
sh -c "$2" || second_status=$?
first_status=0
wait "$first" || first_status=$?
cat "$held"
[ "$first_status" -eq 0 ] && [ "$second_status" -eq 0 ]
