#!/bin/sh
# One stage of `make test`: runs the command, then says how long it took and
# how much processor time it used (more than the seconds when it kept both
# cores busy), so the run's log shows where its minutes go. The command's exit
# status is kept.
name=$1
shift
start=$(date +%s)
echo "== $name"
status=0
"$@" || status=$?
used=$(mktemp)
times >"$used" # in this shell: the pipe below would run it in a subshell without children
cpu=$(awk 'NR == 2 { u = $1; s = $2; sub(/s$/, "", u); sub(/s$/, "", s); split(u, a, "m"); split(s, b, "m"); printf "%d", a[1] * 60 + a[2] + b[1] * 60 + b[2] }' "$used")
rm -f "$used"
echo "== $name: $(( $(date +%s) - start )) s, $cpu s of processor time$( [ $status -eq 0 ] || echo ", failed ($status)")"
exit $status
