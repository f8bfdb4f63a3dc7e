#!/bin/sh
# One stage of `make test`: runs the command, then says how long it took, so
# the run's log shows where its minutes go. The command's exit status is kept.
name=$1
shift
start=$(date +%s)
echo "== $name"
status=0
"$@" || status=$?
echo "== $name: $(( $(date +%s) - start )) s$( [ $status -eq 0 ] || echo ", failed ($status)")"
exit $status
