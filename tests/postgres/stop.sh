#!/bin/sh
# Stops the PostgreSQL that start.sh started in DIR.
set -eu
dir=${1:?usage: stop.sh DIR}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
as=""
[ "$(id -u)" = 0 ] && as="runuser -u postgres --"
[ -f "$dir/data/postmaster.pid" ] && $as "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
exit 0
