#!/usr/bin/env bash
# Two server processes behind HAProxy on this machine, to try what deploy/README.md describes:
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/prospector deploy/try-locally.sh
# Needs PostgreSQL (DATABASE_URL), Redis (REDIS_URL, default redis://127.0.0.1:6379) and haproxy
# (apt-get install haproxy). Open http://127.0.0.1:8080; Ctrl-C stops all three.
# With HTTPS: PROSPECTOR_CERT=/path/to/cert-then-key.pem deploy/try-locally.sh, then open
# https://127.0.0.1:8443 (plain http redirects to https on the same host and port, which fits the
# standard ports 80 and 443 of a real server); see deploy/README.md, "HTTPS".
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?set DATABASE_URL to a PostgreSQL database}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
export DATA_DIR="${DATA_DIR:-$PWD/data-cluster}"
if [ -n "${PROSPECTOR_CERT:-}" ]; then
  export PROSPECTOR_HTTPS="${PROSPECTOR_HTTPS:-127.0.0.1:8443}"
  export PUBLIC_URL="${PUBLIC_URL:-https://$PROSPECTOR_HTTPS}"
else
  export PUBLIC_URL="${PUBLIC_URL:-http://127.0.0.1:8080}"
fi
export HOST=127.0.0.1
# The processes are reached through HAProxy only, which tells them the client's address.
export TRUST_PROXY=true
mkdir -p "$DATA_DIR"
# Every process must sign with the same secret: written once here, read by both from DATA_DIR.
[ -n "${AUTH_SECRET:-}" ] || [ -f "$DATA_DIR/auth-secret" ] ||
  (umask 077 && openssl rand -base64 32 | tr -d '\n' >"$DATA_DIR/auth-secret")

npm run build -w apps/web >/dev/null
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait' EXIT INT TERM
PORT=3001 SIMULATED_PHONES_HOST=true node --import tsx apps/server/src/main.ts & pids+=($!)
PORT=3002 SIMULATED_PHONES_HOST=false node --import tsx apps/server/src/main.ts & pids+=($!)
PROSPECTOR_LISTEN=127.0.0.1:8080 PROSPECTOR_S1=127.0.0.1:3001 PROSPECTOR_S2=127.0.0.1:3002 \
  haproxy -db -f deploy/haproxy.cfg & pids+=($!)
echo "Prospector on $PUBLIC_URL (processes on 3001 and 3002)"
wait -n
