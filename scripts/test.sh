#!/usr/bin/env bash
# Runs every test of every package against the real Temporal dev server, the real
# PostgreSQL, the sandbox over real HTTP and SMTP, and a real Chromium.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
start_tool_installs
ensure_node_deps
ensure_postgres

REPORTS="$DATA/test-results"
rm -rf "$REPORTS"; mkdir -p "$REPORTS"
export BELEGFLUSS_TEST_REPORTS="$REPORTS"

# Every e2e file starts a worker, some several: one bundle of the workflow code for them all saves webpack's
# seconds of CPU per worker (bundleWorkflows in services/workflows/src/worker.ts reads it).
say "Workflow-Code bündeln"
export WORKFLOW_BUNDLE="$DATA/workflow-bundle.js"
node_modules/.bin/tsx services/workflows/src/bundle.ts "$WORKFLOW_BUNDLE"

# The end-to-end tests are the long pole (about ten minutes, mostly waiting on rate limits and
# timers), so they start as soon as the front ends they drive are built. Typecheck and lint, then
# every other package's tests, run beside them, one task at a time, filling the idle CPU.
say "Front ends bauen"
status=0
failed_steps=()
failed() { status=1; failed_steps+=("$1"); }
node_modules/.bin/turbo run build --concurrency=2 --output-logs=errors-only || failed "build"
wait_for_tool_installs || { echo "Die Werkzeuge aus PyPI oder Debian ließen sich nicht installieren (siehe oben)." >&2; exit 1; }

say "Typprüfung, Lint und Tests"
E2E_LOG="$DATA/logs/e2e-test.log"
mkdir -p "$(dirname "$E2E_LOG")"
# pipefail: the pipeline fails when turbo does.
node_modules/.bin/turbo run test --filter=@belegfluss/e2e --output-logs=full 2>&1 | tee "$E2E_LOG" &
e2e=$!
# Typecheck and lint cover the whole repository in one pass each (three TypeScript programs, see
# tsconfig.server.json), then every other package's tests run one package at a time beside e2e.
npm run --silent typecheck || failed "typecheck"
npm run --silent lint || failed "lint"
say "Tests der Pakete"
node_modules/.bin/turbo run test --filter='!@belegfluss/e2e' --concurrency=1 --continue --output-logs=full || failed "tests of the packages"
node_modules/.bin/tsx scripts/long-functions.ts || failed "functions over 120 lines in services/*/src"
if ! wait $e2e; then
  failed "e2e tests"
  # Their output is interleaved with the packages' above; repeat how vitest ended, errors included.
  echo; echo "--- the end of the e2e tests' output ($E2E_LOG) ---"
  sed -n '/Unhandled Error\|Failed Tests\|FAIL /,$p' "$E2E_LOG" | tail -150
fi

say "Zusammenfassung"
# The summary names every failed test and every file that failed outside a test (a hook, an
# import), so the tail of a CI log says what went wrong.
node -e '
const fs = require("fs"), path = require("path");
let passed = 0, failed = 0, skipped = 0;
const problems = [];
for (const f of fs.readdirSync(process.argv[1])) {
  const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests || 0);
  for (const file of r.testResults || []) {
    const name = path.relative(process.cwd(), file.name);
    for (const t of file.assertionResults || [])
      if (t.status === "failed") problems.push(`${name} > ${t.fullName}: ${(t.failureMessages || []).join(" ").split("\n")[0]}`);
    if (file.status === "failed" && !(file.assertionResults || []).some((t) => t.status === "failed"))
      problems.push(`${name}: ${(file.message || "failed outside a test").split("\n")[0]}`);
  }
}
// The ten slowest files, so the next one that grows is seen before the run outgrows its limit.
const durations = [];
for (const f of fs.readdirSync(process.argv[1])) {
  const r = JSON.parse(fs.readFileSync(path.join(process.argv[1], f), "utf8"));
  for (const file of r.testResults || [])
    if (file.endTime && file.startTime) durations.push([file.endTime - file.startTime, path.relative(process.cwd(), file.name)]);
}
durations.sort((a, b) => b[0] - a[0]);
// The order the next run starts its files in (vitest.shared.mts): kept only from a run where every file
// ran, so a file left out of one run keeps its figure.
if (failed === 0 && problems.length === 0) {
  const file = path.join(process.cwd(), "scripts", "test-durations.json");
  const known = Object.fromEntries(durations.map(([ms, name]) => [name, Math.round(ms)]).sort((a, b) => a[0] < b[0] ? -1 : 1));
  fs.writeFileSync(file, JSON.stringify(known, null, 2) + "\n");
}
console.log("\nDie zehn langsamsten Testdateien:");
for (const [ms, name] of durations.slice(0, 10)) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
for (const p of problems) console.log(`  FAILED ${p}`);
if (passed === 0 || problems.length > 0) process.exit(1);
' "$REPORTS" || failed "test reports"
for step in "${failed_steps[@]}"; do echo "  FAILED step: $step"; done
exit $status
