#!/usr/bin/env bash
# Runs schemathesis against a real server (and the Stripe emulator) from the
# server's own OpenAPI document (/api/openapi.json): a bounded run (a fixed
# seed and a fixed number of examples per operation) as a premium member's
# device, which must find no server error and no answer that breaks the
# document's schemas.
#   tests/api/schemathesis.sh SERVER_BIN EMULATOR_BIN
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
server_bin=${1:-$root/target/debug/manna-server}
emulator_bin=${2:-$root/target/debug/manna-stripe-emulator}
# schemathesis, pinned, in a virtual environment of its own, made once per
# machine (outside the checkout, so a fresh clone does not install it again).
venv=${XDG_CACHE_HOME:-$HOME/.cache}/manna/schemathesis-4.32.5
if [ "$("$venv/bin/schemathesis" --version 2>/dev/null)" != "schemathesis, version 4.32.5" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
fi

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port); emulator_port=$(free_port)
data=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$data"; }
trap cleanup EXIT

EMULATOR_PORT=$emulator_port EMULATOR_WEBHOOK_URL=http://127.0.0.1:$port/api/stripe/webhook \
  "$emulator_bin" > "$data/emulator.log" 2>&1 &
pids+=($!)
MANNA_PORT=$port MANNA_HOST=127.0.0.1 MANNA_DATA_DIR=$data/db MANNA_STATIC_DIR=$root/pwa/dist \
  MANNA_ENV=development MANNA_OWNER_EMAILS=schemathesis@manna.test \
  STRIPE_API_BASE=http://127.0.0.1:$emulator_port RUST_LOG=warn \
  "$server_bin" > "$data/server.log" 2>&1 &
pids+=($!)

base=http://127.0.0.1:$port
for _ in $(seq 1 100); do
  curl -sf "$base/api/health" > /dev/null && break
  sleep 0.2
done
curl -sf "$base/api/health" > /dev/null || { cat "$data/server.log"; echo "the server did not start"; exit 1; }

# A device, made a premium member by proving an owner's email with its code.
user=user-1764000000000-schemathesis
token=$(curl -sf -X POST -H "X-User-ID: $user" "$base/api/devices" | python3 -c 'import json,sys; print(json.load(sys.stdin)["deviceToken"])')
ask() { curl -sf -X POST -H 'content-type: application/json' -H "X-User-ID: $user" -H "Authorization: Bearer $token" "$base/api/check-subscription-by-email" -d "$1"; }
ask '{"email":"schemathesis@manna.test"}' > /dev/null
code=$(curl -sf "$base/dev/outbox.json" | python3 -c 'import json,re,sys; print(re.search(r"\d{6}", json.load(sys.stdin)["emails"][0]["text"]).group(0))')
ask "{\"email\":\"schemathesis@manna.test\",\"code\":\"$code\"}" | python3 -c 'import json,sys; assert json.load(sys.stdin)["isPremium"], "not premium"'

# Logging out would end the device the run speaks as: it is left out. A
# call may take seconds on a busy machine (an owner's content reload reads
# every content file): each has a minute.
"$venv/bin/schemathesis" run "$base/api/openapi.json" \
  --checks not_a_server_error,response_schema_conformance \
  --phases examples,coverage,fuzzing --max-examples 10 --seed 1 --workers 1 \
  --request-timeout 60 \
  --exclude-operation-id 'post /api/auth/logout' \
  -H "X-User-ID: $user" -H "Authorization: Bearer $token" \
  --warnings off
