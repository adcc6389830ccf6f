import type { Browser, BrowserContext, Page } from '@playwright/test'
import { recoverMessageAddress, type Hex } from 'viem'
import { en } from '@/lib/i18n/en'
import { ui } from '@/lib/i18n/ui'
import { watchNavigations } from '../fixtures/heldRequests'
import { interopCells, type WalletConnectCell } from '../fixtures/interop/matrix'
import { countReferenceRelayProposals, startReferenceRelay, startReferenceWallet, type ReferenceRelay } from '../fixtures/reference/reference'
import { ANDROID_CHROME, IPHONE_IN_APP_WEBVIEW, phoneContext } from '../fixtures/userAgents'
import type { NextServer } from '../fixtures/nextServer'
import { startRelay, type Relay } from '../fixtures/walletConnect/relay'
import { startTestWallet, type TestWallet } from '../fixtures/walletConnect/wallet'
import { expect as baseExpect, test as base } from './fixtures'
import { cellsToRun, recordingResult, tableAgreesWithThisRun } from './interopTable'
import { answerVerifyLocally } from './walletConnectFixtures'

// Two real SDKs, a relay and the browser share two cores: the WalletConnect spec's generous waits.
const expect = baseExpect.configure({ timeout: 30_000 })
/**
 * How often a wait on this process's own record (the relay's count, the links the page opened) asks:
 * every 100 ms, where `expect.poll` backs off to once a second and so finds a proposal that came at
 * 0.9 s only at 1.85 s. 51 cells wait this way up to four times each.
 */
const OFTEN = { intervals: [100] }
const SEPOLIA = 11155111

/**
 * The WalletConnect half of the interop matrix (docs/compatibility.md): every published wallet SDK
 * the suite knows (tests/fixtures/walletConnect/walletSdk.ts) × every relay (the project's, the
 * independent one in tests/fixtures/reference, and that relay without the Sign 2.5 helpers) × every
 * way a user reaches a wallet (QR code on a computer, an iPhone's wallet link after the dialog's
 * warm-up, an Android phone's system link, and a universal link from an in-app browser). Each cell, on
 * the production build: connect, sign with the wallet brought forward, switch chain, reload and keep
 * the session, the wallet ends it, and a wallet's refusal. A cell whose row documents a departure
 * checks that failure instead, and that the page claims nothing meanwhile.
 */

type RelayUnderTest = { url: string; proposals: () => number; close: () => Promise<void> }

type InteropWorker = {
  /** One relay and one app server using it, per relay of the matrix, for the worker. */
  relays: Record<WalletConnectCell['relay'], { relay: RelayUnderTest; server: NextServer }>
}

const test = base.extend<object, InteropWorker>({
  relays: [
    async ({ startServer }, provide) => {
      const project: Relay = await startRelay()
      const reference: ReferenceRelay = await startReferenceRelay()
      const irnOnly: ReferenceRelay = await startReferenceRelay({ irnOnly: true })
      const relays = {
        project: { url: project.url, proposals: () => project.stats.proposals, close: () => project.close() },
        reference: { url: reference.url, proposals: countReferenceRelayProposals(reference), close: () => reference.close() },
        'reference-irn-only': { url: irnOnly.url, proposals: countReferenceRelayProposals(irnOnly), close: () => irnOnly.close() },
      }
      const entries = {} as InteropWorker['relays']
      for (const [name, relay] of Object.entries(relays) as [WalletConnectCell['relay'], RelayUnderTest][]) {
        const server = await startServer({ routePublicChainsToLocalRpc: true, env: { WALLETCONNECT_RELAY_URL: relay.url, WALLETCONNECT_PROJECT_ID: 'test' } })
        entries[name] = { relay, server }
      }
      try {
        await provide(entries)
      } finally {
        for (const relay of Object.values(relays)) await relay.close()
      }
    },
    { scope: 'worker', timeout: 600_000 },
  ],
})

test.beforeEach(({ networkGuard }) => {
  test.slow()
  networkGuard.allow('https://verify.walletconnect.org/*')
})

const PATH_CONTEXT = {
  'desktop-qr': {},
  'iphone-link': phoneContext(),
  'android-link': phoneContext(ANDROID_CHROME),
  'in-app-browser-link': phoneContext(IPHONE_IN_APP_WEBVIEW),
} as const

/**
 * The row a phone user taps, and how its link carries the pairing URI. In an in-app browser the
 * wallet is MEW, whose only link is a universal one: Sigil hands it over by clicking a `target=_blank`
 * anchor (connectors/walletConnect/openWalletLink.ts), which opens a new page, not a navigation of this one.
 */
const PHONE_WALLET = {
  'iphone-link': { option: 'rainbow', scheme: 'rainbow://', uri: (link: string) => new URL(link.replace('rainbow://', 'https://rainbow/')).searchParams.get('uri') },
  'android-link': { option: 'zerion', scheme: 'wc:', uri: (link: string) => link },
  'in-app-browser-link': { option: 'mew', scheme: 'https://mewwallet.com/wc', uri: (link: string) => new URL(link).searchParams.get('uri') },
} as const

async function newContext(browser: Browser, path: WalletConnectCell['path']): Promise<BrowserContext> {
  const context = await browser.newContext(PATH_CONTEXT[path])
  // A universal link's page, as a phone without the app shows it (the wallet's site is not reached).
  await context.route('https://mewwallet.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>MEW wallet</title>' }))
  return context
}

/** Every wallet link the page opens: navigations (custom schemes included) and the context's requests (a new page's too). */
async function watchWalletLinks(page: Page): Promise<string[]> {
  const urls = await watchNavigations(page)
  page.context().on('request', (request) => urls.push(request.url()))
  return urls
}

async function newPage(context: BrowserContext, verify: 'answered' | 'unreachable'): Promise<Page> {
  const page = await context.newPage()
  // The dapp SDK's Verify iframe: answered locally as the real server would, or unreachable (an ad
  // blocker, a filtering network, no internet).
  if (verify === 'answered') await answerVerifyLocally(page)
  else await page.route('https://verify.walletconnect.org/**', (route) => route.abort())
  return page
}

/**
 * Opens the dialog and reaches the wallet by `path`; resolves with the `wc:` URI the wallet gets. On a
 * phone the tap comes after the dialog's warm-up has sent its proposal (`settle` ms more), as a user's
 * tap comes a moment after the dialog appears.
 */
async function reachWallet(page: Page, path: WalletConnectCell['path'], relay: RelayUnderTest, settle = 250): Promise<string> {
  if (path === 'desktop-qr') {
    await page.getByTestId('connect-button').click()
    await page.getByTestId('connect-dialog').getByTestId('wallet-option-walletconnect').click()
    const qr = page.getByTestId('wc-qr')
    await expect(qr).toHaveAttribute('data-uri', /^wc:/)
    return (await qr.getAttribute('data-uri'))!
  }
  const navigations = await watchWalletLinks(page)
  const before = relay.proposals()
  await page.getByTestId('connect-button').tap()
  await expect(page.getByTestId('connect-dialog')).toBeVisible()
  await expect.poll(() => relay.proposals(), OFTEN).toBeGreaterThan(before)
  await page.waitForTimeout(settle)
  const wallet = PHONE_WALLET[path]
  // The tap starts a navigation to the wallet's scheme, which never commits in a browser without the app.
  await page.getByTestId('connect-dialog').getByTestId(`wallet-option-${wallet.option}`).tap({ noWaitAfter: true })
  await expect.poll(() => navigations.find((url) => url.startsWith(wallet.scheme)), OFTEN).toBeTruthy()
  const uri = wallet.uri(navigations.find((url) => url.startsWith(wallet.scheme))!)
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri!
}

test.describe('a wallet without one-tap sign-in, where the Verify server cannot be reached (the phone regression)', () => {
  // The independent relay and its bare sign-client wallet, tapped 3 s after the dialog opened: the
  // wallet approved the proposal before the page had stored it ("No matching key. proposal") and the
  // page waited for good (docs/families/walletConnect.md#quirks-handled).
  for (const path of ['iphone-link', 'android-link', 'desktop-qr'] as const) {
    test(`${path}: connects, and signs with the wallet brought forward`, async ({ browser, relays }) => {
      const { relay, server } = relays.reference
      const wallet = await startReferenceWallet({ relayUrl: relay.url, impl: 'signclient' })
      const context = await newContext(browser, path)
      try {
        const page = await newPage(context, 'unreachable')
        const errors: string[] = []
        page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
        await page.goto(server.baseURL)
        const uri = await reachWallet(page, path, relay, 3_000)
        await wallet.pair(uri)
        await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.account.address)
        expect(errors.filter((text) => text.includes('No matching key'))).toEqual([])
        // The wallet's chains are 1, 137 and 10: the session is on mainnet.
        await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', '1')
        if (path !== 'desktop-qr') return
        await page.getByTestId('sign-message-button').click()
        await expect(page.getByTestId('signature-output')).toHaveText(/^0x[0-9a-f]{130}$/)
        expect(wallet.requests.map((request) => request.params.request.method)).toEqual(['personal_sign'])
      } finally {
        await context.close()
        await wallet.stop()
      }
    })
  }
})

/**
 * Opens the network menu as a user does: a click that lands before the reloaded page has hydrated does
 * nothing (the button is the server's HTML until then), so the user clicks again.
 */
async function openChainMenu(page: Page): Promise<void> {
  const button = page.getByTestId('chain-menu-button')
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 })
  }).toPass()
}

/**
 * Runs a cell's steps; a failure names what the page and the wallet saw: the browser's console
 * (Sigil's own events, the SDK's errors), the wallet's answers and the requests it was asked, in the
 * failure's own message, as CI prints only that.
 */
async function runCell(cell: WalletConnectCell, context: BrowserContext, entry: { relay: RelayUnderTest; server: NextServer }, wallet: TestWallet) {
  const consoleLines: string[] = []
  context.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`.slice(0, 300)))
  try {
    await runCellSteps(cell, context, entry, wallet)
  } catch (error) {
    if (error instanceof Error) {
      const asked = wallet.requests.map((request) => `${request.method}${request.error ? ` → ${request.error.message}` : request.result === undefined ? ' (unanswered)' : ''}`)
      // What each of the cell's pages showed (its own context: Playwright's failure screenshot is of
      // the fixture's page, blank here): what a screen reader reads, and a screenshot in the report.
      const shown: string[] = []
      for (const [index, open] of context.pages().entries()) {
        shown.push(`${open.url()}\n${await open.locator('body').ariaSnapshot({ timeout: 2_000 }).catch((caught: unknown) => `(no snapshot: ${String(caught)})`)}`)
        const screenshot = await open.screenshot({ timeout: 5_000 }).catch(() => undefined)
        if (screenshot) await test.info().attach(`cell page ${index}`, { body: screenshot, contentType: 'image/png' })
      }
      error.message += `\n\nwallet answers: ${wallet.answers.join(', ') || 'none'}\nwallet requests: ${asked.join(', ') || 'none'}\nbrowser console (last 40):\n${consoleLines.slice(-40).join('\n')}\npages:\n${shown.join('\n\n').slice(0, 6_000)}`
    }
    throw error
  }
}

/** Connects, signs, switches, reloads, is disconnected by the wallet, then refuses a new pairing. */
async function runCellSteps(cell: WalletConnectCell, context: BrowserContext, entry: { relay: RelayUnderTest; server: NextServer }, wallet: TestWallet) {
  const { relay, server } = entry
  const phone = cell.path !== 'desktop-qr'
  const expectConnected = (page: Page) => expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)

  // Connect.
  let page = await newPage(context, 'answered')
  await page.goto(server.baseURL)
  const session = wallet.nextSession()
  await wallet.pair(await reachWallet(page, cell.path, relay))
  const topic = await session
  await expectConnected(page)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', cell.oneTap ? 'signed-in' : 'idle')

  // The session survives a reload (on a phone, a new tab: the tab that opened the wallet's scheme is
  // held by the browser's "open the app?" prompt, where a phone without the app does nothing).
  if (phone) {
    await page.close()
    page = await newPage(context, 'answered')
    await page.goto(server.baseURL)
  } else {
    await page.reload()
  }
  await expectConnected(page)
  expect(wallet.sessions().map((known) => known.topic)).toContain(topic)

  // Chain switch: to Sepolia where the wallet approved it; where it did not (a one-tap session holds
  // the chains of its sign-in), the menu says the switch is the wallet's, and nothing changes.
  const namespace = wallet.sessions().find((known) => known.topic === topic)?.namespaces.eip155
  const approved = [...(namespace?.chains ?? []), ...(namespace?.accounts ?? []).map((account) => account.split(':').slice(0, 2).join(':'))]
  const chainBefore = await page.getByTestId('current-chain').getAttribute('data-chain-id')
  await openChainMenu(page)
  if (approved.includes(`eip155:${SEPOLIA}`)) {
    // The approved chain is offered (the menu asked again as it opened, the session restored by then).
    await expect(page.getByTestId(`chain-option-${SEPOLIA}`)).not.toHaveAttribute('aria-disabled', 'true')
    await page.getByTestId(`chain-option-${SEPOLIA}`).click()
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(SEPOLIA))
  } else {
    await expect(page.getByTestId(`chain-option-reason-${SEPOLIA}`)).toHaveText(ui['chain.blocked.network_switching_only_available_in_wallet'])
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', chainBefore!)
  }

  // personal_sign; on a phone the wallet is brought to the front with ?sessionTopic= first.
  const navigations = phone ? await watchWalletLinks(page) : []
  const message = `interop ${cell.id}`
  await page.getByTestId('sign-message-input').fill(message)
  if (phone) await page.getByTestId('sign-message-button').tap({ noWaitAfter: true })
  else await page.getByTestId('sign-message-button').click()
  await expect(page.getByTestId('signature-output')).toHaveText(/^0x[0-9a-f]{130}$/)
  const signature = (await page.getByTestId('signature-output').textContent()) as Hex
  expect(await recoverMessageAddress({ message, signature })).toBe(wallet.address)
  if (phone) expect(navigations.some((url) => url.endsWith(`?sessionTopic=${topic}`))).toBe(true)

  // The wallet ends the session: the page is disconnected.
  await wallet.disconnect(topic)
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await expect(page.getByTestId('account-address')).toHaveCount(0)

  // A refusal in the wallet (on a phone, from a fresh tab again).
  wallet.set({ rejectProposals: true })
  if (phone) {
    await page.close()
    page = await newPage(context, 'answered')
    await page.goto(server.baseURL)
  }
  await wallet.pair(await reachWallet(page, cell.path, relay))
  const error = page.getByTestId('connect-error')
  await expect(error).toContainText(en.errors.connection_rejected)
  await expect(error).toHaveAttribute('data-code', 'connection_rejected')
}

/**
 * Runs `steps` while the wallet SDK's own unhandled rejections are collected instead of failing the
 * worker: on a relay without the Sign 2.5 helpers, the SDKs' approve rejects a promise nobody awaits
 * (`Method not found: wc_approveSession`). Any other unhandled rejection still fails the test.
 */
async function collectingWalletSdkRejections(steps: (rejections: string[]) => Promise<void>): Promise<void> {
  const rejections: string[] = []
  const others: unknown[] = []
  const runner = process.listeners('unhandledRejection')
  process.removeAllListeners('unhandledRejection')
  const collect = (reason: unknown) => {
    const message = reason instanceof Error ? reason.message : typeof reason === 'object' && reason !== null && 'message' in reason ? String(reason.message) : String(reason)
    if (/Method not found/.test(message)) rejections.push(message)
    else others.push(reason)
  }
  process.on('unhandledRejection', collect)
  try {
    await steps(rejections)
  } finally {
    process.off('unhandledRejection', collect)
    for (const listener of runner) process.on('unhandledRejection', listener)
  }
  expect(others, 'unhandled rejections other than the departure').toEqual([])
}

/**
 * A documented departure (docs/compatibility.md): the wallet SDK approves only through the relay's
 * Sign 2.5 helper, which this relay lacks. The wallet's approval fails with "Method not found"; the
 * page must then claim nothing (no account, no error it cannot explain) and keep the pairing on offer,
 * and the user can close the dialog and pick another way.
 */
async function runDeparture(cell: WalletConnectCell, context: BrowserContext, entry: { relay: RelayUnderTest; server: NextServer }, wallet: TestWallet) {
  await collectingWalletSdkRejections(async (rejections) => {
    const page = await newPage(context, 'answered')
    await page.goto(entry.server.baseURL)
    await wallet.pair(await reachWallet(page, cell.path, entry.relay))
    await expect.poll(() => [...rejections, ...wallet.answers].join('\n'), OFTEN).toMatch(/Method not found: wc_approveSession/)
    // Whatever the relay did pass on in that time (nothing) has had a moment to reach the page.
    await page.waitForTimeout(2_000)
    const dialog = page.getByTestId('connect-dialog')
    await expect(dialog).toBeVisible()
    await expect(page.getByTestId('account-address')).toHaveCount(0)
    await expect(page.getByTestId('connect-error')).toHaveCount(0)
    // Still on offer: the pairing's QR code on a computer; on a phone the wallet's "Open" view (a QR
    // code there would be of the phone itself), with its copy link.
    if (cell.path === 'desktop-qr') await expect(dialog.getByTestId('wc-qr')).toHaveAttribute('data-uri', /^wc:/)
    else await expect(dialog.getByTestId('wc-copy-link')).toBeVisible()
    // Closed as the user would: Escape on a computer, the close button's tap in the in-app browser.
    // (A tab that handed a custom scheme or a `wc:` URI to the system is held by Chromium's "open the
    // app?" prompt here, which takes no input: a harness limit, not the page's.)
    if (cell.path === 'iphone-link' || cell.path === 'android-link') return
    if (cell.path === 'desktop-qr') await page.keyboard.press('Escape')
    else await dialog.getByTestId('dialog-close').tap()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByTestId('connect-button')).toBeVisible()
  })
}

test.describe('interop matrix: WalletConnect', () => {
  for (const { cell, version, expect: expected } of cellsToRun(interopCells.walletConnect)) {
    test(cell.id, async ({ browser, relays, chain }) => {
      const entry = relays[cell.relay]
      const wallet = await startTestWallet({ relayUrl: entry.relay.url, rpcUrl: chain.rpcUrl, impl: cell.wallet, authenticate: cell.oneTap })
      const context = await newContext(browser, cell.path)
      try {
        if (version) expect(wallet.version, 'the version the table names').toBe(version)
        const steps = expected === 'pass' ? runCell : runDeparture
        await recordingResult(cell.id, wallet.version, () => steps(cell, context, entry, wallet), expected)
      } finally {
        await context.close()
        await wallet.stop()
      }
    })
  }

  tableAgreesWithThisRun(interopCells.walletConnect)
})
