#!/usr/bin/env bash
# Runs every test of every package against the real Temporal dev server, the real
# PostgreSQL, the sandbox over real HTTP and SMTP, and a real Chromium.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
ensure_node_deps
ensure_temporal
ensure_sepa_schemas
ensure_facturx
ensure_postgres
ensure_chromium
ensure_nginx

REPORTS="$DATA/test-results"
rm -rf "$REPORTS"; mkdir -p "$REPORTS"
export BELEGFLUSS_TEST_REPORTS="$REPORTS"

# The end-to-end tests are the long pole (about ten minutes, mostly waiting on rate limits and
# timers), so they start as soon as the front ends they drive are built. Typecheck, lint and every
# other package's tests run beside them, one task at a time, filling the idle CPU.
say "Front ends bauen"
status=0
node_modules/.bin/turbo run build --concurrency=2 --output-logs=errors-only || status=$?

say "Typprüfung, Lint und Tests"
node_modules/.bin/turbo run test --filter=@belegfluss/e2e --output-logs=full &
e2e=$!
node_modules/.bin/turbo run typecheck lint test --filter='!@belegfluss/e2e' --concurrency=1 --continue --output-logs=full || status=$?
node_modules/.bin/turbo run typecheck lint --filter=@belegfluss/e2e --concurrency=1 --continue --output-logs=errors-only || status=$?
wait $e2e || status=$?

node -e '
const fs = require("fs"), path = require("path");
let passed = 0, failed = 0, skipped = 0;
for (const f of fs.readdirSync(process.argv[1])) {
  const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests || 0);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed === 0) process.exit(1);
' "$REPORTS" || status=1
exit $status
