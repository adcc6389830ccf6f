import { mkdirSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page, type Response, type TestInfo } from '@playwright/test'
import { createPublicClient, http } from 'viem'
import { startAnvil, type Anvil } from '../fixtures/anvil'
import { ConsoleLog, textWithLocation } from '../fixtures/consoleLog'
import { CspViolationLog, describeViolation, violationFromMessage, type CspViolation } from '../fixtures/cspViolations'
import { installInjectedWallet, type InjectedWallet, type InjectedWalletOptions } from '../fixtures/injectedWallet'
import { NetworkGuard, isNonLoopbackRequest } from '../fixtures/networkGuard'
import { isNextDevManifestRace } from '../fixtures/nextDevRace'
import { liveServers, repoRoot, startNextServer, type NextServer, type NextServerOptions, type ServerMode } from '../fixtures/nextServer'
import { familyWorkerFixtures, type FamilyWorkerFixtures } from './familyServers'

/**
 * Playwright fixtures shared by every e2e spec: a running app (production `next start` on a free
 * `localhost` port, the local chain served by a real anvil), injected test wallets, and the
 * harness-wide guards (network, console) that run in every test.
 */

export type App = {
  /** `http://localhost:<port>`. */
  baseURL: string
  /** anvil's RPC address (chain 31337). */
  rpcUrl: string
  anvil: Anvil
  server: NextServer
  /** Starts another app server on the same anvil, e.g. with deployment-default RPC settings. */
  startAnotherServer: (options?: Partial<NextServerOptions>) => Promise<NextServer>
}

export type WalletOptions = Partial<InjectedWalletOptions>

type WorkerFixtures = {
  /**
   * Option, per Playwright project: every app server of the worker runs as `next start` (the
   * production build) or `next dev` (the README's first command, StrictMode on). See playwright.config.ts.
   */
  serverMode: ServerMode
  /** A real anvil (chain 31337) for the worker; the app and the test wallets use it. */
  chain: Anvil
  /**
   * Starts an app server on the worker's anvil, in the project's mode, stopped with the worker. The
   * family fixtures use it for servers with settings of their own, so a worker that never touches
   * `app` boots no server it does not need (each `next dev` compiles the page afresh).
   */
  startServer: (options?: Partial<NextServerOptions>) => Promise<NextServer>
  app: App
  /** A plain page on loopback (`/` is an empty HTML document), for tests that do not need the app. */
  blankPageURL: string
}

type TestFixtures = {
  /** Auto: a failed test's report carries what each app server printed while it ran. */
  serverLogs: void
  /** Auto, under next dev: a page load Turbopack's manifest race broke is done again (tests/fixtures/nextDevRace.ts). */
  nextDevRace: void
  /** Auto: fails the test if the page requested a non-loopback host it did not `allow`. */
  networkGuard: NetworkGuard
  /** Auto: collects console errors/warnings; fails the test on a hydration error. */
  consoleLog: ConsoleLog
  /** Auto: fails the test on any Content-Security-Policy violation it did not `expect`. */
  cspViolations: CspViolationLog
  /** anvil is reverted after each test that uses it, so chain state never leaks between tests. */
  chainSnapshot: void
  /** Installs a test wallet into the page (before `page.goto`); rpcUrl defaults to the app's anvil. */
  installWallet: (options?: WalletOptions, page?: Page) => Promise<InjectedWallet>
  /** Saves a PNG under tests/artifacts/screenshots/ and attaches it to the report. */
  snap: (name: string, page?: Page) => Promise<void>
  /** Runs axe-core on the page (optionally limited to a selector); fails on any violation. */
  expectAccessible: (options?: { include?: string; page?: Page; label?: string }) => Promise<void>
}

export const artifactsDir = path.join(repoRoot, 'tests', 'artifacts')

const loopbackOnly = (url: URL) => isNonLoopbackRequest(url.href)

function watchNetwork(guard: NetworkGuard, page: Page) {
  page.on('websocket', (socket) => guard.record(socket.url(), 'websocket'))
}

function watchConsole(log: ConsoleLog, page: Page) {
  page.on('console', (message) => {
    const { url, lineNumber } = message.location()
    log.add({ type: message.type(), text: message.text(), location: url ? `${url}:${lineNumber}` : undefined })
  })
  page.on('pageerror', (error) => log.add({ type: 'pageerror', text: `${error.name}: ${error.message}` }))
}

function safeFileName(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120)
}

/**
 * Prints what a failed test's fixtures saw to the runner's output, the only part of a CI run its
 * reader gets back (files stay on the CI machine; of the attachments, the reporter prints only text
 * ones inline): a heading and the last lines, each cut to 500 characters. The browser's console in
 * full (its info lines name Sigil's events; the attachment holds only errors and warnings) and the
 * WalletConnect wallets' answers (walletConnectFixtures.ts) go this way.
 */
export function printOnFailure(testInfo: TestInfo, heading: string, lines: readonly string[], last = 30): void {
  if (testInfo.status === testInfo.expectedStatus || lines.length === 0) return
  const shown = lines.slice(-last).map((line) => `  ${line.slice(0, 500)}`)
  process.stdout.write(`\n[${testInfo.titlePath.slice(1).join(' › ')}] ${heading} (last ${shown.length} of ${lines.length}):\n${shown.join('\n')}\n`)
}

async function saveScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const dir = path.join(artifactsDir, 'screenshots')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${safeFileName(name)}.png`)
  await page.screenshot({ path: file, fullPage: true })
  await testInfo.attach(name, { path: file, contentType: 'image/png' })
}

const shared = base.extend<TestFixtures, WorkerFixtures>({
  serverMode: ['start', { scope: 'worker', option: true }],

  chain: [
    async ({}, provide) => {
      const anvil = await startAnvil()
      try {
        await provide(anvil)
      } finally {
        await anvil.stop()
      }
    },
    { scope: 'worker' },
  ],

  startServer: [
    async ({ chain: anvil, serverMode: mode }, provide) => {
      const started: NextServer[] = []
      try {
        await provide(async (options) => {
          const server = await startNextServer({ rpcUrl: anvil.rpcUrl, mode, ...options })
          started.push(server)
          return server
        })
      } finally {
        for (const server of started.reverse()) await server.stop()
      }
    },
    { scope: 'worker' },
  ],

  app: [
    async ({ chain: anvil, startServer }, provide) => {
      const server = await startServer({ routePublicChainsToLocalRpc: true })
      await provide({ baseURL: server.baseURL, rpcUrl: anvil.rpcUrl, anvil, server, startAnotherServer: startServer })
    },
    // The first run may have to build the app (when `.next` is missing).
    { scope: 'worker', timeout: 600_000 },
  ],

  blankPageURL: [
    async ({}, provide) => {
      const server = createServer((request, response) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        response.end('<!doctype html><html lang="en"><head><title>Blank</title></head><body><main><h1>Blank</h1></main></body></html>')
      })
      await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
      const { port } = server.address() as AddressInfo
      await provide(`http://localhost:${port}/`)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
    { scope: 'worker' },
  ],

  serverLogs: [
    async ({}, provide, testInfo) => {
      const marks = new Map([...liveServers].map((server) => [server, server.outputMark()]))
      await provide()
      if (testInfo.status === testInfo.expectedStatus) return
      for (const server of liveServers) {
        const printed = server.outputSince(marks.get(server) ?? 0)
        if (printed.trim()) await testInfo.attach(`server output (${server.baseURL})`, { body: printed, contentType: 'text/plain' })
      }
    },
    { auto: true },
  ],

  nextDevRace: [
    async ({ page, serverMode, consoleLog, cspViolations }, provide, testInfo) => {
      if (serverMode === 'dev') {
        const redo = (load: () => Promise<Response | null>, url: () => string) => async () => {
          const server = [...liveServers].find((candidate) => url().startsWith(candidate.baseURL))
          const marks = { output: server?.outputMark() ?? 0, console: consoleLog.entries.length, csp: cspViolations.all.length }
          const response = await load()
          if (!server || !isNextDevManifestRace(response?.status(), server.outputSince(marks.output))) return response
          testInfo.annotations.push({ type: 'next dev manifest race', description: `${url()} answered 500 while Turbopack rewrote a manifest; loaded again` })
          consoleLog.forgetFrom(marks.console)
          cspViolations.forgetFrom(marks.csp)
          return load()
        }
        const goto = page.goto.bind(page)
        const reload = page.reload.bind(page)
        page.goto = (url, options) => redo(() => goto(url, options), () => url)()
        page.reload = (options) => redo(() => reload(options), () => page.url())()
      }
      await provide()
    },
    { auto: true },
  ],

  networkGuard: [
    async ({ context, page }, provide, testInfo) => {
      const guard = new NetworkGuard()
      context.on('request', (request) => guard.record(request.url()))
      context.on('page', (opened) => watchNetwork(guard, opened))
      watchNetwork(guard, page)
      // Nothing leaves the machine: a stray request fails fast instead of waiting for DNS. A route
      // the test sets on the page for a URL it expects (e.g. a deep link) takes precedence.
      await context.route(loopbackOnly, (route) => route.abort('blockedbyclient'))
      await provide(guard)
      const violations = guard.violations()
      if (violations.length > 0) {
        await testInfo.attach('non-loopback requests', { body: JSON.stringify(violations, null, 2), contentType: 'application/json' })
      }
      expect(violations.map((v) => `${v.kind} ${v.url}`), 'the page requested hosts other than loopback').toEqual([])
    },
    { auto: true },
  ],

  consoleLog: [
    async ({ context, page, serverMode }, provide, testInfo) => {
      const log = new ConsoleLog()
      context.on('page', (opened) => watchConsole(log, opened))
      watchConsole(log, page)
      await provide(log)
      printOnFailure(
        testInfo,
        'browser console',
        log.entries.map((entry) => `${entry.type}: ${textWithLocation(entry)}`),
      )
      if (log.problems().length > 0) {
        await testInfo.attach('console problems', { body: JSON.stringify(log.problems(), null, 2), contentType: 'application/json' })
      }
      expect(log.hydrationErrors().map((e) => e.text), 'hydration errors in the console').toEqual([])
      // Under next dev, React reports in full what production builds leave silent (an effect that
      // breaks under StrictMode, a state update during render, a missing key): any error, warning or
      // uncaught page error fails the test, except development noise named by its exact text.
      if (serverMode === 'dev') expect(log.developmentProblems().map(textWithLocation), 'errors in the console under next dev').toEqual([])
    },
    { auto: true },
  ],

  cspViolations: [
    async ({ context }, provide, testInfo) => {
      const log = new CspViolationLog()
      // Every page and popup of the test, from document start: the page reports each
      // `securitypolicyviolation` event through a binding, and Chromium's console line about it is
      // caught too (a violation in a frame or worker the event does not reach still prints one).
      await context.exposeBinding('__sigilCspViolation', (_source, violation: CspViolation) => log.record(violation))
      await context.addInitScript(() => {
        window.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __sigilCspViolation?: (violation: unknown) => Promise<void> }).__sigilCspViolation
          void report?.({
            source: 'event',
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            documentURL: event.documentURI,
            sample: event.sample,
          })
        })
      })
      const onConsole = (message: { text: () => string }) => {
        const violation = violationFromMessage(message.text())
        if (violation) log.record(violation)
      }
      // A Trusted Types refusal throws in the page: uncaught, it arrives as a page error.
      const onPageError = (error: { error: () => Error }) => {
        const violation = violationFromMessage(`${error.error().name}: ${error.error().message}`)
        if (violation) log.record(violation)
      }
      context.on('console', onConsole)
      context.on('weberror', onPageError)
      await provide(log)
      context.off('console', onConsole)
      context.off('weberror', onPageError)
      const unexpected = log.unexpected()
      if (unexpected.length > 0) {
        await testInfo.attach('CSP violations', { body: JSON.stringify(unexpected, null, 2), contentType: 'application/json' })
      }
      expect(unexpected.map(describeViolation), 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],

  chainSnapshot: [
    // Not auto: tests that never touch the chain need no snapshot. `installWallet` depends on it,
    // which covers every test that can change chain state.
    async ({ chain }, provide) => {
      const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })
      const id = await client.request({ method: 'evm_snapshot' } as never)
      await provide()
      await client.request({ method: 'evm_revert', params: [id] } as never)
    },
    { auto: false },
  ],

  installWallet: async ({ page, chain, chainSnapshot: _ }, provide) => {
    await provide((options = {}, target = page) => installInjectedWallet(target, { rpcUrl: chain.rpcUrl, ...options }))
  },

  snap: async ({ page }, provide, testInfo) => {
    await provide((name, target = page) => saveScreenshot(target, testInfo, name))
  },

  expectAccessible: async ({ page }, provide, testInfo) => {
    await provide(async ({ include, page: target = page, label = 'page' } = {}) => {
      // @axe-core/playwright types its page against the top-level playwright-core, which may be a
      // newer patch than the one @playwright/test bundles; the object is the same at run time.
      let builder = new AxeBuilder({ page: target as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'] })
      if (include) builder = builder.include(include)
      const results = await builder.analyze()
      const violations = results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
      }))
      if (violations.length > 0) {
        await testInfo.attach(`axe violations (${label})`, { body: JSON.stringify(violations, null, 2), contentType: 'application/json' })
      }
      expect(violations, `axe-core violations on the ${label}`).toEqual([])
    })
  },
})

/**
 * The one `test` every spec starts from: the fixtures above and the wallet families' worker fixtures
 * (tests/e2e/familyServers.ts), so that a worker runs the specs of every family (one set of worker
 * fixtures, one worker: Playwright starts a new worker for each set).
 */
export const test = shared.extend<object, FamilyWorkerFixtures>(familyWorkerFixtures)

export { expect }
