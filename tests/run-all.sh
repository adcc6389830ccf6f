#!/usr/bin/env bash
# The project's whole test run (`npm test`): type-check, lint, the production build and the
# first-load budget, with the packages' check beside those four, then the unit tests and the
# end-to-end suite. Every step runs even when an earlier one failed (except
# the budget and e2e, which need the build), each step's result is printed, and the last line is the
# plain summary CI reads:
#   N passed, N failed[, N skipped]
# summing the vitest and Playwright tests; a failed type-check, lint, build or budget counts as one
# failed (so does a failed packages check). Exits non-zero on any failure.
#
# `npm test -- STEP...` (or `bash tests/run-all.sh STEP...`) runs only the steps named, in the order
# above; `npm test -- --help` lists them. An unknown step name exits 2 before anything runs.
set -uo pipefail
cd "$(dirname "$0")/.."

steps=(typecheck lint packages build budget unit e2e)

usage() {
  cat <<'USAGE'
Usage: npm test [-- STEP...]        (or: bash tests/run-all.sh [STEP...])

With no STEP, runs every step below, in this order. With one or more, runs only those, still in this
order. Every step runs even when an earlier one failed; the last line is the summary CI reads:
"N passed, N failed[, N skipped]" (a failed typecheck, lint, build or budget counts as one failed).

Steps:
  typecheck   npx tsc --noEmit (also: type-check)
  lint        npx eslint . (the layers, React's rules), then knip: no unused file, export or type
  packages    the packages (lib, wallet-book, connectors, react, server, the test kit, the AppKit stub): built, packed
              with npm pack, checked with publint and Are the Types Wrong, then installed from their
              tarballs by another project and a Next app, which builds (tests/packages/checkPackages.ts)
              (it runs beside the type-check, lint, build and budget)
  build       npx next build
  budget      the first-load JavaScript and vault page budgets, read from the build's own figures
              (also: first-load-budget)
  unit        vitest: the unit and integration tests; they start their own anvil and a throwaway
              Postgres (needs PostgreSQL installed)
  e2e         Playwright: the end-to-end suite against next start and next dev, with the WalletConnect
              interop matrix, on two workers (needs Chromium and nginx)

After a failed build, budget and e2e do not run. Named without build, they use the last build in
.next (NEXT_DIST_DIR): the budget fails when there is none; the e2e suite builds one first.

Examples:
  npm test -- lint typecheck
  npm test -- unit
  npm test -- build budget
USAGE
}

selected=()
for arg in "$@"; do
  case "$arg" in
    -h | --help | help)
      usage
      exit 0
      ;;
    typecheck | type-check) selected+=(typecheck) ;;
    first-load-budget) selected+=(budget) ;;
    lint | packages | unit | build | budget | e2e) selected+=("$arg") ;;
    *)
      echo "tests/run-all.sh: unknown step '$arg'; the steps are: ${steps[*]} (npm test -- --help)" >&2
      exit 2
      ;;
  esac
done
# wants STEP: true when STEP is to run (every step when none was named).
wants() {
  [ "${#selected[@]}" -eq 0 ] && return 0
  [[ " ${selected[*]} " == *" $1 "* ]]
}

# Chromium, PostgreSQL and nginx are driven for real: without them, stop now with one clear line
# rather than minutes later from deep inside a fixture. Only the parts the chosen steps drive.
if [ "${#selected[@]}" -eq 0 ]; then
  parts=(chromium postgresql nginx)
else
  parts=()
  wants e2e && parts+=(chromium nginx)
  wants unit && parts+=(postgresql)
  # The packages' check runs the test kit in Chromium from its tarball.
  wants packages && parts+=(chromium)
  [ "${#parts[@]}" -eq 0 ] && parts=(packages)
fi
bash tests/preflight.sh "${parts[@]}" || exit 1

artifacts=tests/artifacts
mkdir -p "$artifacts"
vitest_json="$artifacts/vitest-results.json"
e2e_json="$artifacts/e2e-results.json"
wants unit && rm -f "$vitest_json"
wants e2e && rm -f "$e2e_json"

passed=0
failed=0
skipped=0
summary=()

now() { date +%s; }

# run_check NAME COMMAND...: a single pass/fail step (type-check, lint, build).
# Ctrl-C reaches the step's command and the script alike, but npm and npx catch it and exit 130
# themselves, and bash then carries on as if the command had handled it: a step that ends with 130
# (interrupted) ends the run, and the EXIT trap stops the job running beside it (the packages' check).
stop_if_interrupted() {
  if [ "$1" -eq 130 ]; then
    echo "interrupted"
    exit 130
  fi
}

run_check() {
  local name=$1
  shift
  echo
  echo "=== $name: $*"
  local start rc
  start=$(now)
  "$@"
  rc=$?
  stop_if_interrupted "$rc"
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

# list_failures FILE KIND: one entry per failed test (at most 12), "file › title: first line of the
# error" (for e2e, then the line it failed at and the locator), so that the summary at the end of a
# long log says what failed, not only how many.
list_failures() {
  node -e '
    const fs = require("fs")
    const path = require("path")
    const [file, kind] = process.argv.slice(1)
    let report
    try { report = JSON.parse(fs.readFileSync(file, "utf8")) } catch { process.exit(0) }
    const firstLine = (text) => String(text ?? "").replace(/\x1b\[[0-9;]*m/g, "").split("\n").map((l) => l.trim()).find(Boolean) ?? ""
    const clip = (text, max) => (text.length > max ? text.slice(0, max - 1) + "…" : text)
    const locatorLine = (text) => String(text ?? "").replace(/\x1b\[[0-9;]*m/g, "").split("\n").map((l) => l.trim()).find((l) => l.startsWith("Locator:")) ?? ""
    const lines = []
    if (kind === "vitest") {
      for (const f of report.testResults ?? []) {
        const name = path.relative(process.cwd(), f.name)
        const failedTests = (f.assertionResults ?? []).filter((a) => a.status === "failed")
        if (f.status === "failed" && failedTests.length === 0) lines.push(`${name}: ${firstLine(f.message)}`)
        for (const a of failedTests) lines.push(`${name} › ${a.fullName}: ${firstLine((a.failureMessages ?? [])[0])}`)
      }
    } else {
      const walk = (suite, titles) => {
        for (const spec of suite.specs ?? []) {
          for (const t of spec.tests ?? []) {
            if (t.status !== "unexpected") continue
            const last = (t.results ?? []).at(-1)
            const errors = last?.errors?.length ? last.errors : [last?.error].filter(Boolean)
            const error = errors[0]
            lines.push(`[${t.projectName}] ${spec.file}:${spec.line} › ${clip([...titles, spec.title].join(" › "), 160)}: ${firstLine(error?.message)}`)
            // Where it failed and on what: the line in a shared helper and the locator waited for, so a
            // failure on a machine whose artifacts are gone can still be placed. A test out of time
            // reports that first, at its own line; the step it was waiting on comes after.
            const step = errors.find((e) => e?.location && !/^Test timeout/.test(firstLine(e.message))) ?? error
            const at = step?.location ? `${path.basename(step.location.file)}:${step.location.line}` : ""
            const locator = locatorLine(step?.message)
            if (at || locator) lines[lines.length - 1] += `\n  at ${[at, locator].filter(Boolean).join(", ")}`
          }
        }
        for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
      }
      for (const suite of report.suites ?? []) walk(suite, [])
      for (const e of report.errors ?? []) lines.push(`outside any test: ${firstLine(e.message)}`)
    }
    for (const entry of lines.slice(0, 12)) {
      const [line, ...more] = entry.split("\n")
      console.log("    x " + clip(line, 300))
      for (const detail of more) console.log("      " + clip(detail, 300))
    }
    if (lines.length > 12) console.log(`    … and ${lines.length - 12} more (the report has them all)`)
  ' "$1" "$2"
}

# run_suite NAME KIND JSON COMMAND...: a test runner whose JSON report is counted.
run_suite() {
  local name=$1 kind=$2 json=$3
  shift 3
  echo
  echo "=== $name: $*"
  local start rc
  start=$(now)
  "$@"
  rc=$?
  stop_if_interrupted "$rc"
  count_suite "$name" "$kind" "$json" "$rc" "$(($(now) - start))"
}

# count_suite NAME KIND JSON RC SECONDS: adds a finished runner's report (exit RC, SECONDS long) to
# the totals and the summary.
count_suite() {
  local name=$1 kind=$2 json=$3 rc=$4 seconds=$5
  local counts p f s
  counts=$(count_json "$json" "$kind")
  if [ "$counts" = "missing" ]; then
    p=0 f=1 s=0
    summary+=("$name: FAILED, no report written (exit $rc, $seconds s)")
  else
    read -r p f s <<<"$counts"
    # A runner that exits non-zero must count as a failure even if its report shows none.
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    if [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
      # A suite that ran no test at all is a broken suite, not a green one.
      f=1
      summary+=("$name: FAILED, no test ran (exit $rc)")
    else
      summary+=("$name: $p passed, $f failed, $s skipped (exit $rc, $seconds s)")
    fi
    if [ "$f" -gt 0 ]; then
      local failures
      mapfile -t failures < <(list_failures "$json" "$kind")
      summary+=("${failures[@]}")
    fi
  fi
  passed=$((passed + p))
  failed=$((failed + f))
  skipped=$((skipped + s))
}

# Deterministic: the build's own statistics, gzipped, against the budget (tests/bench/budgets.ts).
run_budget() { run_check "first-load budget" npx tsx tests/bench/checkBudget.ts; }

# Jobs that run beside a step, each in a process group of its own (setsid): a script's background job
# ignores the terminal's Ctrl-C, so the trap stops the groups when the run ends early, or at all.
beside_pids=()
stop_background() {
  local pid
  for pid in "${beside_pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null; done
  beside_pids=()
}
trap 'stop_background' EXIT
trap 'stop_background; exit 130' INT
trap 'stop_background; exit 143' TERM

# start_beside LOG COMMAND...: starts COMMAND beside what follows, in a process group of its own, its
# output in LOG and, when it ends, "exit seconds" in LOG.rc. Sets beside_pid.
start_beside() {
  local log=$1
  shift
  rm -f "$log" "$log.rc"
  setsid bash -c 'log=$1; shift; start=$(date +%s); "$@" >"$log" 2>&1; echo "$? $(($(date +%s) - start))" >"$log.rc"' _ "$log" "$@" &
  beside_pid=$!
  beside_pids+=("$beside_pid")
}

# finish_beside PID LOG TITLE BESIDE: waits for a job start_beside started, prints TITLE, what it ran
# BESIDE and how long this script waited for it, then the job's output, and sets beside_rc and
# beside_seconds from LOG.rc (exit 1, 0 s when the job wrote none).
finish_beside() {
  local pid=$1 log=$2 title=$3 beside=$4 waited_from
  waited_from=$(now)
  wait "$pid"
  local kept=() other
  for other in "${beside_pids[@]}"; do [ "$other" = "$pid" ] || kept+=("$other"); done
  beside_pids=("${kept[@]}")
  echo
  echo "=== $title (run beside $beside; waited $(($(now) - waited_from)) s for it)"
  cat "$log"
  beside_rc=1 beside_seconds=0
  read -r beside_rc beside_seconds <"$log.rc" || beside_rc=1
  beside_rc=${beside_rc:-1} beside_seconds=${beside_seconds:-0}
}

# One Playwright run on two workers (playwright.config.ts): `next dev`'s tests, the WalletConnect interop
# matrix, the production specs, then the matrix's table check, from one queue, each worker with its own
# servers on free ports.
run_e2e() {
  # Both workers would find no build and take turns making one (tests/fixtures/nextServer.ts); make it
  # once, before either starts.
  if [ ! -f "${NEXT_DIST_DIR:-.next}/BUILD_ID" ] && ! run_check "build (none yet, for the e2e run)" npx next build; then
    summary+=("e2e: not run (the build failed)")
    return
  fi
  run_suite "e2e" playwright "$e2e_json" env PLAYWRIGHT_JSON_OUTPUT_FILE="$e2e_json" npx playwright test
}

# The packages' check runs beside the type-check, lint and build: the first two are single-threaded
# and the build leaves part of a core idle, as does the check itself (it writes only the packages'
# dist/ folders and .packages/, which the other three leave out, and builds its consumer apps outside
# the repository), so on two cores they take little more than the longest. Its output is printed
# after them.
packages_log="$artifacts/packages.log"
if wants packages; then
  start_beside "$packages_log" npx tsx tests/packages/checkPackages.ts
  packages_pid=$beside_pid
fi
wants typecheck && run_check "type-check" npx tsc --noEmit
wants lint && run_check "lint" bash -c 'npx eslint . && npx knip --include files,exports,types,duplicates'
# built: the build step ran and passed (e2e then runs against it).
built=0
if wants build && run_check "build" npx next build; then
  built=1
  wants budget && run_budget
fi
if wants packages; then
  finish_beside "$packages_pid" "$packages_log" "packages: npx tsx tests/packages/checkPackages.ts" "the type-check, lint and build"
  if [ "$beside_rc" -eq 0 ]; then
    summary+=("packages: ok ($beside_seconds s)")
  else
    failed=$((failed + 1))
    summary+=("packages: FAILED with exit $beside_rc ($beside_seconds s; $packages_log)")
  fi
fi
wants unit && run_suite "unit tests" vitest "$vitest_json" \
  npx vitest run --reporter=default --reporter=json --outputFile.json="$vitest_json"
if wants build; then
  if [ "$built" -eq 1 ]; then
    wants e2e && run_e2e
  else
    wants e2e && summary+=("e2e: not run (the build failed)")
  fi
else
  # Against the last build, as `npm run test:e2e` does.
  wants budget && run_budget
  wants e2e && run_e2e
fi

echo
echo "=== summary"
for line in "${summary[@]}"; do echo "  $line"; done
echo "  reports: $artifacts/ (vitest-results.json, e2e-results.json, e2e-report/, test-results/, screenshots/)"
echo
if [ "$skipped" -gt 0 ]; then
  echo "$passed passed, $failed failed, $skipped skipped"
else
  echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
