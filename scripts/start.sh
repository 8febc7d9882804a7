#!/usr/bin/env bash
# Starts everything locally: Temporal (with its UI), the database schema, the sandbox,
# the gateway, the worker, the shell and the three remotes. Ctrl-C stops it all.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
PIDFILE="$DATA/start.pid"
TEMPORAL_PORT="${TEMPORAL_PORT:-7233}"
TEMPORAL_UI_PORT="${TEMPORAL_UI_PORT:-8233}"
export TEMPORAL_ADDRESS="${TEMPORAL_ADDRESS:-127.0.0.1:$TEMPORAL_PORT}"

if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
  echo "Belegfluss läuft bereits (PID $(cat "$PIDFILE")). Öffne http://127.0.0.1:3000 oder beende die andere Sitzung mit Ctrl-C."
  exit 1
fi
for port in "$TEMPORAL_PORT" "$TEMPORAL_UI_PORT" 4000 4010 4020 4030 2525 8080 3000 3001 3002 3003; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "Port $port ist schon belegt. Läuft Belegfluss schon in einem anderen Terminal? Beende es dort, dann starte neu."
    exit 1
  fi
done
echo $$ > "$PIDFILE"

set -m # every service gets its own process group, so Ctrl-C can stop it with its children
PIDS=()
stop_all() {
  trap - INT TERM EXIT
  trap '' PIPE HUP # the terminal or a pipe may already be gone: finish the cleanup regardless
  for pid in "${PIDS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
  { echo; say "Alles wird beendet"; } 2>/dev/null || true
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -f "$PIDFILE"
  exit 0
}
trap stop_all INT TERM HUP EXIT

run() { # name, command...
  local name="$1"; shift
  "$@" >"$DATA/logs/$name.log" 2>&1 &
  PIDS+=("$!")
}

ensure_node_deps
ensure_temporal
ensure_postgres

say "Temporal-Dev-Server starten (Daten in .data/temporal.db)"
run temporal "$TEMPORAL_CLI_PATH" server start-dev --db-filename "$DATA/temporal.db" \
  --ip 127.0.0.1 --port "$TEMPORAL_PORT" --ui-port "$TEMPORAL_UI_PORT" \
  --search-attribute ShopDomain=Keyword --search-attribute OrderName=Keyword --search-attribute DocumentStatus=Keyword --log-level warn \
  $(temporal_dynamic_config_flags)
wait_for_temporal "$TEMPORAL_ADDRESS"
for attr in ShopDomain OrderName DocumentStatus; do
  "$TEMPORAL_CLI_PATH" operator search-attribute create --address "$TEMPORAL_ADDRESS" --name "$attr" --type Keyword >/dev/null 2>&1 || true
done

say "Datenbankschema migrieren"
node_modules/.bin/tsx packages/db/src/migrate-cli.ts

say "Shell und Remotes bauen"
node_modules/.bin/turbo run build --filter='./frontends/*' --output-logs=errors-only

say "Dienste starten"
# The sandbox keeps its state beside our database, so a restart finds the same shops, tokens and invoices.
export SANDBOX_DATA_DIR="${SANDBOX_DATA_DIR:-$DATA/sandbox}"
# Local only: the sandbox's SMTP server may be checked as own sender under this reserved .test name
# (user-given addresses must otherwise be public; see packages/mail/src/outbound.ts).
export OUTBOUND_TEST_HOSTS="${OUTBOUND_TEST_HOSTS:-smtp.sandbox.test=127.0.0.1}"
run sandbox node_modules/.bin/tsx services/sandbox/src/main.ts
run worker node_modules/.bin/tsx services/workflows/src/worker.ts
# Locally, Lexware's event-signing key is the sandbox's.
export LEXWARE_EVENT_PUBLIC_KEY_URL="${LEXWARE_EVENT_PUBLIC_KEY_URL:-http://127.0.0.1:4000/control/lexware/public-key}"
run gateway node_modules/.bin/tsx services/gateway/src/main.ts
for app in shell preferences partner admin; do run "$app" npm run --silent preview -w "@belegfluss/$app"; done

wait_for_http http://127.0.0.1:4000/ "Sandbox"
wait_for_http http://127.0.0.1:8080/healthz "Gateway"
for port in 3000 3001 3002 3003; do wait_for_http "http://127.0.0.1:$port/" "Frontend :$port"; done

cat <<URLS

  Belegfluss läuft (gestartet in ${SECONDS} s).
  App (Shell)           http://127.0.0.1:3000
  Remotes               http://127.0.0.1:3001 (Einstellungen) · :3002 (Partner) · :3003 (Admin)
  Gateway /api          http://127.0.0.1:8080
  Sandbox-Steuerung     http://127.0.0.1:4000   (Shopify :4010, Lexware :4020, PayPal :4030, SMTP :2525)
  Temporal UI           http://127.0.0.1:$TEMPORAL_UI_PORT
  Logs                  .data/logs/

  Ctrl-C beendet alles.
URLS
wait -n "${PIDS[@]}" || true
echo "Ein Dienst hat sich beendet; siehe .data/logs/. Alles wird gestoppt."
stop_all
