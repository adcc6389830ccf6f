/**
 * WalletConnect figures for `npm run bench` (issue 4): click → QR visible (median of 10 cold clicks), wallet
 * pair → UI connected (median of 10), and whether the WalletConnect SDK stays out of the first load
 * of `/` and out of everything the page loads by network idle without the dialog being opened.
 *
 * Self-contained: starts anvil, a loopback relay, the production server (NEXT_DIST_DIR's build,
 * built when missing) and Debian's Chromium; the wallet side is the real sign client in Node.
 * A benchmark, not a test: missed targets are reported (`meets: false`), never thrown.
 * Run alone: `npx tsx tests/bench/walletConnect.ts`.
 */
import { chromium, type Browser, type Page } from '@playwright/test'
import { startAnvil } from '../fixtures/anvil'
import { chromeFlags, chromePath } from '../fixtures/chromium'
import { ensureProductionBuild, startNextServer } from '../fixtures/nextServer'
import { startRelay, type Relay } from '../fixtures/walletConnect/relay'
import { startTestWallet, type TestWallet } from '../fixtures/walletConnect/wallet'
import { answerVerifyLocally } from '../e2e/walletConnectFixtures'
import { type BenchFigure, markersInFirstLoad, median, round, within } from './figures'

export type { BenchFigure }

const RUNS = 10
/** The longest a wallet or page step may take before the run fails (each takes well under a second). */
const STEP_MS = 20_000
/** Issue 14, part 3: click → QR under 120 ms cold, the SDK started on intent (issue 4 hoped for 100). */
const QR_TARGET_MS = 120

/**
 * Strings only the WalletConnect SDK's code contains (relay JSON-RPC method names and the sign
 * protocol's request name): their presence in a script means the SDK was loaded.
 */
const SDK_MARKERS = ['irn_subscribe', 'wc_sessionPropose', 'wc_proposeSession']

/** Median, to one decimal. */
const medianMs = (values: number[]) => round(median(values))

function markersIn(text: string): string[] {
  return SDK_MARKERS.filter((marker) => text.includes(marker))
}

/** The first-load chunks of `/` from Next's route statistics, searched for the SDK's markers. */
function firstLoadHasNoSdk(): BenchFigure {
  const { found, chunks } = markersInFirstLoad(SDK_MARKERS)
  return { metric: 'walletconnect_sdk_in_first_load', value: found.length, unit: 'SDK markers found', target: '0', meets: found.length === 0, chunks: chunks.length, found }
}

/** Waits until no request started for `quietMs` (at most 20 s). */
async function quiet(page: Page, quietMs = 1_000): Promise<void> {
  let last = Date.now()
  const onRequest = () => (last = Date.now())
  page.on('request', onRequest)
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline && Date.now() - last < quietMs) await page.waitForTimeout(100)
  page.off('request', onRequest)
}

/** Every script the page loads by network idle, without opening the dialog, searched for the markers. */
async function networkIdleHasNoSdk(browser: Browser, baseURL: string): Promise<BenchFigure> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const bodies: Promise<{ url: string; text: string }>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.text().then((text) => ({ url: response.url(), text })))
    })
    await page.goto(baseURL, { waitUntil: 'load' })
    await quiet(page)
    const scripts = await Promise.all(bodies)
    const found = scripts.flatMap(({ url, text }) => markersIn(text).map((marker) => `${new URL(url).pathname}: ${marker}`))
    return { metric: 'walletconnect_sdk_loaded_by_network_idle', value: found.length, unit: 'SDK markers found', target: '0', meets: found.length === 0, scripts: scripts.length, found }
  } finally {
    await context.close()
  }
}

/** In the page: clicks the WalletConnect row and resolves with the ms until the QR code is in the DOM. */
const MEASURE_CLICK_TO_QR = `new Promise((resolve, reject) => {
  const row = document.querySelector('[data-testid="wallet-option-walletconnect"]')
  if (!row) return reject(new Error('WalletConnect row not found'))
  const timer = setTimeout(() => reject(new Error('no QR code within 10 s')), 10000)
  const start = performance.now()
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="wc-qr"]')) return
    observer.disconnect()
    clearTimeout(timer)
    resolve(performance.now() - start)
  })
  observer.observe(document.body, { subtree: true, childList: true, attributes: true })
  row.click()
})`

/** In the page: resolves with the wall-clock time (ms since epoch) the connected address appears. */
const WATCH_CONNECTED = `new Promise((resolve) => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="account-address"]')) return
    observer.disconnect()
    resolve(performance.timeOrigin + performance.now())
  })
  observer.observe(document.body, { subtree: true, childList: true })
})`

/**
 * Ten runs of two fresh pages each. Without intent: open the dialog and click the WalletConnect row
 * at once, with the pointer never over it (the click is dispatched in the page), so the SDK's code,
 * its init, the relay socket and the proposal all start on the click. With intent: the pointer moves
 * over the row first (the SDK initialises and opens its relay socket), then the click is timed —
 * the headline, as a person's hover precedes their click. Then "Back" and a second click on the same
 * page is timed too (the pairing already dropped, socket open), and the wallet pairs with that URI.
 */
async function pairingRuns(browser: Browser, baseURL: string, relay: Relay, wallet: TestWallet): Promise<BenchFigure[]> {
  const noIntent: number[] = []
  const cold: number[] = []
  const warm: number[] = []
  const toConnected: number[] = []
  let proposalsBeforeClick = 0
  let socketsBeforeIntent = 0
  const freshPage = async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await answerVerifyLocally(page)
    await page.goto(baseURL, { waitUntil: 'load' })
    await quiet(page, 500)
    return { context, page }
  }
  for (let run = 0; run < RUNS; run++) {
    const plain = await freshPage()
    try {
      await plain.page.getByTestId('connect-button').click()
      await plain.page.getByTestId('wallet-option-walletconnect').waitFor({ state: 'visible' })
      noIntent.push((await plain.page.evaluate(MEASURE_CLICK_TO_QR)) as number)
    } finally {
      await plain.context.close()
    }
    const { context, page } = await freshPage()
    try {
      const proposals = relay.stats.proposals
      const sockets = relay.stats.connections.length
      await page.getByTestId('connect-button').click()
      await page.getByTestId('wallet-option-walletconnect').waitFor({ state: 'visible' })
      await quiet(page, 500)
      // Desktop opens no socket and sends no proposal before the user reaches for the row.
      socketsBeforeIntent += relay.stats.connections.length - sockets
      await page.getByTestId('wallet-option-walletconnect').hover()
      await quiet(page, 500)
      proposalsBeforeClick += relay.stats.proposals - proposals
      cold.push((await page.evaluate(MEASURE_CLICK_TO_QR)) as number)
      await page.getByTestId('wc-back').click()
      await page.getByTestId('wallet-option-walletconnect').waitFor({ state: 'visible' })
      warm.push((await page.evaluate(MEASURE_CLICK_TO_QR)) as number)
      const uri = (await page.getByTestId('wc-qr').getAttribute('data-uri'))!
      const connected = page.evaluate(WATCH_CONNECTED) as Promise<number>
      const start = Date.now()
      await within(wallet.pair(uri), STEP_MS, `run ${run + 1}: the wallet pairing with the URI`)
      toConnected.push((await within(connected, STEP_MS, `run ${run + 1}: the page showing the account after the wallet paired`)) - start)
    } finally {
      await context.close()
    }
  }
  return [
    {
      metric: 'walletconnect_click_to_qr_ms_median',
      value: medianMs(cold),
      unit: 'ms',
      target: `<= ${QR_TARGET_MS}`,
      meets: medianMs(cold) <= QR_TARGET_MS,
      runs: cold.length,
      note: 'cold page, pointer over the row first (SDK init and relay socket on intent); on the click the QR shows once the pairing exists, the proposal follows',
      samples: cold.map((value) => Math.round(value)),
      proposalsBeforeClick,
      socketsBeforeIntent,
    },
    {
      metric: 'walletconnect_click_to_qr_no_intent_ms_median',
      value: medianMs(noIntent),
      unit: 'ms',
      target: 'none (report: code, init, socket and proposal all on the click)',
      meets: null,
      runs: noIntent.length,
      samples: noIntent.map((value) => Math.round(value)),
    },
    {
      metric: 'walletconnect_click_to_qr_warm_socket_ms_median',
      value: medianMs(warm),
      unit: 'ms',
      target: 'none (report)',
      meets: null,
      runs: warm.length,
      note: 'second click on the same page after "Back": SDK initialised, relay socket open',
    },
    { metric: 'walletconnect_pair_to_connected_ms_median', value: medianMs(toConnected), unit: 'ms', target: 'none (issue 4: report)', meets: null, runs: toConnected.length },
  ]
}

export async function benchWalletConnect(): Promise<BenchFigure[]> {
  ensureProductionBuild()
  const figures: BenchFigure[] = []
  const fail = (metric: string, unit: string, error: unknown): BenchFigure => ({ metric, value: null, unit, meets: null, error: error instanceof Error ? error.message : String(error) })
  try {
    figures.push(firstLoadHasNoSdk())
  } catch (error) {
    figures.push(fail('walletconnect_sdk_in_first_load', 'SDK markers found', error))
  }
  const anvil = await startAnvil()
  const relay = await startRelay()
  let browser: Browser | undefined
  let wallet: TestWallet | undefined
  const server = await startNextServer({
    rpcUrl: anvil.rpcUrl,
    routePublicChainsToLocalRpc: true,
    env: { WALLETCONNECT_RELAY_URL: relay.url, WALLETCONNECT_PROJECT_ID: 'test' },
  }).catch(async (error: unknown) => {
    await relay.close()
    await anvil.stop()
    throw error
  })
  try {
    browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags })
    wallet = await startTestWallet({ relayUrl: relay.url, rpcUrl: anvil.rpcUrl })
    figures.push(await networkIdleHasNoSdk(browser, server.baseURL).catch((error) => fail('walletconnect_sdk_loaded_by_network_idle', 'SDK markers found', error)))
    try {
      figures.push(...(await pairingRuns(browser, server.baseURL, relay, wallet)))
    } catch (error) {
      figures.push(fail('walletconnect_click_to_qr_ms_median', 'ms', error), fail('walletconnect_pair_to_connected_ms_median', 'ms', error))
    }
  } finally {
    // Each part is stopped even when another does not stop in time; the figures are kept either way.
    const stop = (what: string, stopping: Promise<unknown> | undefined) =>
      stopping && within(stopping, STEP_MS, `stopping the ${what}`).catch((error: unknown) => figures.push(fail(`walletconnect_stop_${what}`, '', error)))
    await stop('wallet', wallet?.stop())
    await stop('browser', browser?.close())
    await stop('server', server.stop())
    await stop('relay', relay.close())
    await stop('chain', anvil.stop())
  }
  return figures
}

// `npx tsx tests/bench/walletConnect.ts`: run on its own and print the figures as JSON lines.
if (require.main === module) {
  benchWalletConnect().then(
    (figures) => {
      for (const figure of figures) console.log(JSON.stringify(figure))
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
