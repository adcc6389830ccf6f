import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromeFlags, shellPath } from '@/tests/fixtures/chromium'
import type { ServerMode } from '@/tests/fixtures/nextServer'

/**
 * End-to-end tests on real parts: Debian's Chromium in its headless shell (never `npx playwright
 * install`, which needs the internet), the production build served by `next start`, a real anvil
 * chain and an injected test wallet whose keys sign in Node. Fixtures live in tests/e2e/fixtures.ts.
 */
const artifacts = path.join(__dirname, 'tests', 'artifacts')

// When this run began, for every worker (they inherit the environment): the interop specs compare the
// results recorded since then with docs/compatibility.md (tests/e2e/interopTable.ts).
process.env.SIGIL_E2E_RUN_STARTED ??= String(Date.now())

/**
 * A second run beside the first keeps its own reports and test results (Playwright empties its output
 * folder as a run starts) when it is given a name: `SIGIL_E2E_RUN=<name>`.
 */
const run = process.env.SIGIL_E2E_RUN ? `-${process.env.SIGIL_E2E_RUN.replace(/[^a-z0-9-]/gi, '')}` : ''

/**
 * The WalletConnect half of the interop matrix (docs/compatibility.md) is its own project. Its cells
 * share nothing (each worker starts its own relays and app servers), so they are spread over the
 * workers one by one (`fullyParallel`). Its last test, the table's check, is a project of its own that
 * runs once every cell has passed.
 */
const interopMatrix = /interopWalletConnect\.spec\.ts$/
const tableCheck = /docs\/compatibility\.md says what this run saw/

/** How long an expectation waits under `next dev`, which compiles each chunk and route on first use. */
const devExpectTimeout = 30_000

/** SIGIL_E2E_TRACE: `on`, `off`, or unset (or empty) for the default, off when `CI` is set. */
function traceSetting(): 'on' | 'off' {
  const setting = process.env.SIGIL_E2E_TRACE || (process.env.CI ? 'off' : 'on')
  if (setting !== 'on' && setting !== 'off') throw new Error(`SIGIL_E2E_TRACE is "on" or "off", not "${setting}"`)
  return setting
}

/** The projects' option (tests/e2e/fixtures.ts): which server every app fixture starts. */
type ServerOptions = { serverMode: ServerMode }

export default defineConfig<object, ServerOptions>({
  testDir: './tests/e2e',
  // The empty embedded store every throwaway data folder starts from (tests/fixtures/storeTemplate.ts).
  globalSetup: './tests/e2e/globalSetup.ts',
  testMatch: '**/*.spec.ts',
  // Two workers, one per core of the machine CI runs on. Each starts its own anvil and app servers on
  // free ports, so files share nothing but the build (read only). One worker left about half of the two
  // cores idle (a test mostly waits on the browser, the chain and the app), and CI's run took 44 min
  // with the interop matrix beside it in a second run; the two workers share one queue instead, so
  // neither waits while the other has work (docs: README.md#tests). The queue's order is the projects'
  // order below: `next dev`'s tests and the matrix's cells first, each on one worker at a time at the
  // start, while the other takes them; the production specs, many and short, fill both workers to the end.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // A flaky test is a bug to fix, not to hide behind a retry.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  outputDir: path.join(artifacts, `test-results${run}`),
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? path.join(artifacts, `e2e-results${run}.json`) }],
    ['html', { open: 'never', outputFolder: path.join(artifacts, `e2e-report${run}`) }],
  ],
  use: {
    browserName: 'chromium',
    // Chromium's headless shell: a context costs a fifth of the CPU it costs in the full browser
    // (tests/fixtures/chromium.ts). A spec that needs the full browser's cookie settings launches
    // `chromePath` itself (vaultPopup.spec.ts).
    launchOptions: {
      executablePath: shellPath,
      args: chromeFlags,
    },
    viewport: { width: 1280, height: 800 },
    // The spinners turn slowly (the vault's and the early tap's stand still), as for a user who asks
    // the system for less motion: a spinning one keeps the browser drawing frames while a test waits
    // on it. Three specs on two workers (walletconnect, coinbase, embedded; 53 tests) took 363 s of
    // CPU instead of 380 and 210 s instead of 217. No test reads an animation.
    reducedMotion: 'reduce',
    locale: 'en-US',
    // The UI contract's `data-testid`s.
    testIdAttribute: 'data-testid',
    // A failed test keeps its trace: actions, DOM snapshots, network, console and sources. Not the
    // screencast: recording it for every test cost about a tenth of the suite's time on two cores.
    // When `CI` is set, no trace: one is recorded for every test to be kept for the failed ones, which
    // cost 7–10% of the run's CPU time in two runs of two specs, and CI's reader gets the output, not
    // the files (a failure prints the console and the servers' output there). SIGIL_E2E_TRACE decides
    // over that: `on` (a trace kept for each failed test) or `off`.
    trace: traceSetting() === 'off' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    // The README's first command: the tests tagged @dev again, against `next dev`, where React's
    // StrictMode mounts every component twice and Turbopack compiles each chunk on first request
    // (hence the longer limits). A production-only suite once let `npm run dev` ship a dead button.
    // One worker at a time: a second `next dev` would compile the whole app again in a folder of its
    // own (tests/fixtures/nextServer.ts), minutes of both cores.
    {
      name: 'dev',
      grep: /@dev\b/,
      use: { serverMode: 'dev' },
      workers: 1,
      timeout: 180_000,
      expect: { timeout: devExpectTimeout },
      // Read by the helpers that wait longer than the usual 5 s, so that they never wait less than this.
      metadata: { expectTimeout: devExpectTimeout },
    },
    // The WalletConnect matrix against the production build, its cells spread over the workers.
    { name: 'interop', testMatch: interopMatrix, grepInvert: tableCheck, fullyParallel: true, use: { serverMode: 'start' } },
    // The whole suite against the production build (`next start`).
    { name: 'production', testIgnore: interopMatrix, use: { serverMode: 'start' } },
    { name: 'interop-table', testMatch: interopMatrix, grep: tableCheck, dependencies: ['interop'], use: { serverMode: 'start' } },
  ],
})
