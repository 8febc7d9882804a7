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

# The end-to-end tests are the long pole (about ten minutes, mostly waiting on rate limits and
# timers), so they start as soon as the front ends they drive are built. Typecheck, lint and every
# other package's tests run beside them, one task at a time, filling the idle CPU.
status=0
failed_steps=()
failed() { status=1; failed_steps+=("$1"); }
mkdir -p "$DATA/logs"

# The two longest end-to-end files drive no front end and spend most of their time waiting on Lexware's 2 requests
# a second: they need only Temporal, so they start as soon as it is installed, beside the build, two forks of
# their own. The rest of the e2e files start once the front ends they drive are built.
EARLY_E2E=(src/wizard-import.test.ts src/completeness-audit.test.ts)
EARLY_E2E_LOG="$DATA/logs/e2e-early-test.log"
(
  wait_for_temporal_install || { echo "Temporal ließ sich nicht installieren (siehe $DATA/logs/install-pypi.log)." >&2; exit 1; }
  cd e2e && BELEGFLUSS_TEST_REPORT_SUFFIX=-early VITEST_MAX_WORKERS=2 ../node_modules/.bin/vitest run "${EARLY_E2E[@]}" 2>&1 \
    | tee "$EARLY_E2E_LOG"
  exit "${PIPESTATUS[0]}"
) &
early_e2e=$!

say "Front ends bauen"
node_modules/.bin/turbo run build --concurrency=2 --output-logs=errors-only || failed "build"
wait_for_tool_installs || { echo "Die Werkzeuge aus PyPI oder Debian ließen sich nicht installieren (siehe oben)." >&2; exit 1; }

say "Typprüfung, Lint und Tests"
E2E_LOG="$DATA/logs/e2e-test.log"
(node_modules/.bin/turbo run test --filter=@belegfluss/e2e --output-logs=full -- "${EARLY_E2E[@]/#/--exclude=}" 2>&1 \
  | tee "$E2E_LOG"; exit "${PIPESTATUS[0]}") &
e2e=$!
node_modules/.bin/turbo run typecheck lint test --filter='!@belegfluss/e2e' --concurrency=1 --continue --output-logs=full || failed "typecheck, lint or tests of the packages"
node_modules/.bin/turbo run typecheck lint --filter=@belegfluss/e2e --concurrency=1 --continue --output-logs=errors-only || failed "typecheck or lint of e2e"
node_modules/.bin/tsx scripts/long-functions.ts || failed "functions over 120 lines in services/*/src"
# Their output is interleaved with the packages' above; a failure repeats how vitest ended, errors included.
for run in "$early_e2e:$EARLY_E2E_LOG" "$e2e:$E2E_LOG"; do
  if ! wait "${run%%:*}"; then
    failed "e2e tests"
    echo; echo "--- the end of the e2e tests' output (${run#*:}) ---"
    sed -n '/Unhandled Error\|Failed Tests\|FAIL /,$p' "${run#*:}" | tail -150
  fi
done

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
