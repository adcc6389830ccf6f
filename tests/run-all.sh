#!/usr/bin/env bash
# The project's whole test run (`npm test`): type-check, lint, unit tests, production build and the
# end-to-end suite. Every step runs even when an earlier one failed (except e2e, which needs the
# build), each step's result is printed, and the last line is the plain summary CI reads:
#   N passed, N failed[, N skipped]
# summing the vitest and Playwright tests; a failed type-check, lint or build counts as one failed.
# Exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."

# Chromium and PostgreSQL are driven for real: without them, stop now with one clear line rather
# than minutes later from deep inside a fixture.
bash tests/preflight.sh chromium postgresql || exit 1

artifacts=tests/artifacts
mkdir -p "$artifacts"
vitest_json="$artifacts/vitest-results.json"
e2e_json="$artifacts/e2e-results.json"
rm -f "$vitest_json" "$e2e_json"

passed=0
failed=0
skipped=0
summary=()

now() { date +%s; }

# run_check NAME COMMAND...: a single pass/fail step (type-check, lint, build).
run_check() {
  local name=$1
  shift
  echo
  echo "=== $name: $*"
  local start rc
  start=$(now)
  "$@"
  rc=$?
  if [ "$rc" -eq 0 ]; then
    summary+=("$name: ok ($(($(now) - start)) s)")
  else
    failed=$((failed + 1))
    summary+=("$name: FAILED with exit $rc ($(($(now) - start)) s)")
  fi
  return "$rc"
}

# count_json FILE KIND: prints "passed failed skipped" from a vitest or Playwright JSON report.
count_json() {
  node -e '
    const fs = require("fs")
    const [file, kind] = process.argv.slice(1)
    let report
    try { report = JSON.parse(fs.readFileSync(file, "utf8")) } catch { console.log("missing"); process.exit(0) }
    if (kind === "vitest") {
      const failed = report.numFailedTests ?? 0
      // A test file that failed to load has no failed test of its own: count the file.
      const brokenFiles = (report.testResults ?? []).filter((f) => f.status === "failed" && (f.assertionResults ?? []).every((a) => a.status !== "failed")).length
      console.log(report.numPassedTests ?? 0, failed + brokenFiles, (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0))
    } else {
      const s = report.stats ?? {}
      // Errors outside any test (a broken fixture or config) fail the run without failing a test.
      const globalErrors = (report.errors ?? []).length
      console.log((s.expected ?? 0) + (s.flaky ?? 0), (s.unexpected ?? 0) + globalErrors, s.skipped ?? 0)
    }
  ' "$1" "$2"
}

# run_suite NAME KIND JSON COMMAND...: a test runner whose JSON report is counted.
run_suite() {
  local name=$1 kind=$2 json=$3
  shift 3
  echo
  echo "=== $name: $*"
  local start rc counts p f s
  start=$(now)
  "$@"
  rc=$?
  counts=$(count_json "$json" "$kind")
  if [ "$counts" = "missing" ]; then
    p=0 f=1 s=0
    summary+=("$name: FAILED, no report written (exit $rc, $(($(now) - start)) s)")
  else
    read -r p f s <<<"$counts"
    # A runner that exits non-zero must count as a failure even if its report shows none.
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    if [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
      # A suite that ran no test at all is a broken suite, not a green one.
      f=1
      summary+=("$name: FAILED, no test ran (exit $rc)")
    else
      summary+=("$name: $p passed, $f failed, $s skipped (exit $rc, $(($(now) - start)) s)")
    fi
  fi
  passed=$((passed + p))
  failed=$((failed + f))
  skipped=$((skipped + s))
}

run_check "type-check" npx tsc --noEmit
run_check "lint" npx eslint .
run_suite "unit tests" vitest "$vitest_json" \
  npx vitest run --reporter=default --reporter=json --outputFile.json="$vitest_json"
if run_check "build" npx next build; then
  # Deterministic: the build's own statistics, gzipped, against the budget (tests/bench/budgets.ts).
  run_check "first-load budget" npx tsx tests/bench/checkBudget.ts
  run_suite "e2e" playwright "$e2e_json" env PLAYWRIGHT_JSON_OUTPUT_FILE="$e2e_json" npx playwright test
else
  summary+=("e2e: not run (the build failed)")
fi

echo
echo "=== summary"
for line in "${summary[@]}"; do echo "  $line"; done
echo "  reports: $artifacts/ (vitest-results.json, e2e-results.json, e2e-report/, screenshots/)"
echo
if [ "$skipped" -gt 0 ]; then
  echo "$passed passed, $failed failed, $skipped skipped"
else
  echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
