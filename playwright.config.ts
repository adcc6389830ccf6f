import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromeFlags, chromePath } from '@/tests/fixtures/chromium'
import type { ServerMode } from '@/tests/fixtures/nextServer'

/**
 * End-to-end tests on real parts: Debian's Chromium (never `npx playwright install`, which needs
 * the internet), the production build served by `next start`, a real anvil chain and an injected
 * test wallet whose keys sign in Node. Fixtures live in tests/e2e/fixtures.ts.
 */
const artifacts = path.join(__dirname, 'tests', 'artifacts')

// When this run began, for every worker (they inherit the environment): the interop specs compare the
// results recorded since then with docs/compatibility.md (tests/e2e/interopTable.ts).
process.env.SIGIL_E2E_RUN_STARTED ??= String(Date.now())

/** The projects' option (tests/e2e/fixtures.ts): which server every app fixture starts. */
type ServerOptions = { serverMode: ServerMode }

export default defineConfig<object, ServerOptions>({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  // One worker: the app server and anvil are per worker, and the machine has 2 cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // A flaky test is a bug to fix, not to hide behind a retry.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  outputDir: path.join(artifacts, 'test-results'),
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? path.join(artifacts, 'e2e-results.json') }],
    ['html', { open: 'never', outputFolder: path.join(artifacts, 'e2e-report') }],
  ],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromePath,
      args: chromeFlags,
    },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    // The UI contract's `data-testid`s.
    testIdAttribute: 'data-testid',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The whole suite against the production build (`next start`).
    { name: 'production', use: { serverMode: 'start' } },
    // The README's first command: the tests tagged @dev again, against `next dev`, where React's
    // StrictMode mounts every component twice and Turbopack compiles each chunk on first request
    // (hence the longer limits). A production-only suite once let `npm run dev` ship a dead button.
    {
      name: 'dev',
      grep: /@dev\b/,
      use: { serverMode: 'dev' },
      timeout: 180_000,
      expect: { timeout: 30_000 },
    },
  ],
})
