import type { Page } from '@playwright/test'
import { getAddress, hexToString, recoverMessageAddress, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { en } from '@/lib/i18n/en'
import { walletConnect } from '@/connectors/walletConnect/messages'
import { storageKeys } from '@/lib/storageNames'
import { afterRelease, holdWalletConnectCode, watchNavigations } from '../fixtures/heldRequests'
import { ANDROID_CHROME, phoneContext } from '../fixtures/userAgents'
import type { Relay } from '../fixtures/walletConnect/relay'
import type { TestWallet } from '../fixtures/walletConnect/wallet'
import { watchPageEgress } from './egress'
import { readClipboard } from './readClipboard'
import { serverSession } from './signIn'
import { expect as baseExpect, test } from './walletConnectFixtures'

// Every step here crosses a real relay (in the test runner's process) between two real SDKs, each
// doing its own crypto on the same two cores as the browser and the app server. Under a loaded CI
// machine a pairing round trip can take several seconds: waits get 30 s (as under next dev) and
// tests three times their project's limit, so only a step that never happens fails, not a slow one.
const expect = baseExpect.configure({ timeout: 30_000 })
test.beforeEach(() => test.slow())

/**
 * WalletConnect end to end (issue 4): the production build in Debian's Chromium with the real dapp
 * SDK, a relay on loopback, and the real wallet SDK (`@walletconnect/sign-client`) in this Node
 * process signing with anvil's key #1. The test plays the phone: it reads the `wc:` URI from the
 * page (the QR code's data, or the deep link the page opened) and pairs the wallet with it.
 */

const SEPOLIA = 11155111
const MAINNET = 1

/** Each code a QR view showed, in order: the view's title, the URI, its pairing attempt, when (ms into the page). */
type QrShown = { view: string; uri: string; attempt: string | null; at: number }[]

function shortened(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

function readPersisted(page: Page, connectorKey: string) {
  return page.evaluate((keys) => {
    const values: Record<string, string | null> = {}
    for (const [value, name] of Object.entries(keys)) values[value] = window.localStorage.getItem(name)
    return values
  }, storageKeys(connectorKey))
}

/** Opens the dialog, picks `option` (the generic WalletConnect row by default) and returns the QR's URI. */
async function openQr(page: Page, option = 'walletconnect'): Promise<string> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('connect-dialog').getByTestId(`wallet-option-${option}`).click()
  const qr = page.getByTestId('wc-qr')
  await expect(qr).toBeVisible()
  return (await qr.getAttribute('data-uri'))!
}

async function connectByQr(page: Page, wallet: TestWallet, option = 'walletconnect'): Promise<string> {
  const uri = await openQr(page, option)
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  const session = wallet.nextSession()
  await wallet.pair(uri)
  await expect(page.getByTestId('account-address')).toHaveText(shortened(wallet.address))
  await expect(page.getByTestId('connect-dialog')).toBeHidden()
  return session
}

/**
 * Opens the dialog on a phone and waits until its warm-up has sent a proposal to the relay (the
 * page then holds the URI), as a user's tap would come a moment after the dialog appears.
 */
async function openDialogAndWaitForWarmUp(page: Page, relay: Relay): Promise<void> {
  const before = relay.stats.proposals
  await page.getByTestId('connect-button').tap()
  await expect(page.getByTestId('connect-dialog')).toBeVisible()
  await expect.poll(() => relay.stats.proposals).toBeGreaterThan(before)
  // The URI was shown at the pairing, before this; a moment for the dialog to render it.
  await page.waitForTimeout(250)
}

test.describe('desktop: QR code', () => {
  test('opening the dialog on desktop neither opens a relay socket nor pairs: the proposal goes out on the click', async ({ page, wcServer, relay }) => {
    await page.goto(wcServer.baseURL)
    const sockets = relay.stats.connections.length
    const proposals = relay.stats.proposals
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('connect-dialog').getByTestId('wallet-option-walletconnect')).toBeVisible()
    // Long enough for a warm-up that paired to reach the relay (it takes ~100–200 ms on loopback).
    await page.waitForTimeout(1_500)
    expect(relay.stats.connections.length).toBe(sockets)
    expect(relay.stats.proposals).toBe(proposals)
    await page.getByTestId('connect-dialog').getByTestId('wallet-option-walletconnect').click()
    await expect(page.getByTestId('wc-qr')).toHaveAttribute('data-uri', /^wc:/)
    // The QR code shows once the pairing exists; the proposal follows it to the relay.
    await expect.poll(() => relay.stats.proposals).toBeGreaterThan(proposals)
  })

  test('reaching for the WalletConnect row (the pointer over it) loads the SDK and opens the relay socket without a proposal; the click then pairs', async ({
    page,
    wcServer,
    relay,
  }) => {
    // The SDK's chunk is recognised by the relay methods only it names.
    const sdkChunks: string[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      void response.text().then((body) => body.includes('wc_sessionPropose') && sdkChunks.push(response.url()), () => undefined)
    })
    await page.goto(wcServer.baseURL)
    const sockets = relay.stats.connections.length
    const proposals = relay.stats.proposals
    await page.getByTestId('connect-button').click()
    const row = page.getByTestId('connect-dialog').getByTestId('wallet-option-walletconnect')
    await expect(row).toBeVisible()
    await page.waitForTimeout(500)
    expect(sdkChunks).toEqual([])
    expect(relay.stats.connections.length).toBe(sockets)
    // From outside the dialog onto the row: the pointer really moves over it.
    await page.mouse.move(1, 1)
    await row.hover()
    await expect.poll(() => sdkChunks.length).toBeGreaterThan(0)
    await expect.poll(() => relay.stats.connections.length).toBeGreaterThan(sockets)
    await page.waitForTimeout(1_000)
    expect(relay.stats.proposals).toBe(proposals)
    await row.click()
    await expect(page.getByTestId('wc-qr')).toHaveAttribute('data-uri', /^wc:/)
    await expect.poll(() => relay.stats.proposals).toBe(proposals + 1)
  })

  test('the QR code pairs the wallet: connected, account and chain shown, the four values stored under the key', { tag: '@dev' }, async ({
    page,
    wcServer,
    wcWallet,
    snap,
    expectAccessible,
    context,
    blankPageURL,
  }) => {
    await context.grantPermissions(['clipboard-write'], { origin: wcServer.baseURL })
    await page.goto(wcServer.baseURL)
    const uri = await openQr(page)
    await expect(page.getByTestId('wc-qr')).toHaveAttribute('role', 'img')
    await expect(page.getByTestId('wc-status')).toHaveText(walletConnect.ui['wc.waiting'])
    await page.getByTestId('wc-copy-link').click()
    expect(await readClipboard(page, blankPageURL)).toBe(uri)
    await snap('wc-qr')
    await expectAccessible({ include: '[data-testid="connect-dialog"]', label: 'WalletConnect view' })

    const session = wcWallet.nextSession()
    await wcWallet.pair(uri)
    const topic = await session
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wcWallet.address))
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(MAINNET))
    expect(await readPersisted(page, 'walletconnect')).toEqual({
      activeAccount: wcWallet.address,
      sessionTopic: topic,
      switchedNetwork: null,
      currentChain: String(MAINNET),
    })
    // What the wallet was asked for, and what it approved.
    const offered = wcWallet.proposals[0]!.optionalNamespaces.eip155!
    expect(offered.chains).toContain('eip155:31337')
    expect(offered.chains).not.toContain('eip155:11297108109')
    expect(offered.methods).toEqual(expect.arrayContaining(['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4']))
    expect(wcWallet.sessions()[0]!.namespaces.eip155!.methods).toEqual(expect.arrayContaining(['eth_sendTransaction', 'personal_sign']))
    await snap('wc-connected')
  })

  test('a wallet without its extension offers its app by QR code, with "Open" for a desktop app and the install link kept', async ({
    page,
    wcServer,
    wcWallet,
    networkGuard,
  }) => {
    await page.goto(wcServer.baseURL)
    await page.getByTestId('connect-button').click()
    const dialog = page.getByTestId('connect-dialog')
    // MetaMask is missing here: its row keeps the extension's install link and opens its app's QR code.
    await expect(dialog.getByTestId('wallet-install-metamask')).toBeVisible()
    await dialog.getByTestId('wallet-option-metamask').click()
    await expect(page.getByTestId('wc-qr')).toBeVisible()
    await expect(page.getByTestId('wc-open-app')).toHaveCount(0)
    const metaMaskUri = await page.getByTestId('wc-qr').getAttribute('data-uri')
    // Every URI a QR code shows from here on, with the pairing attempt beside it (once, a busy machine
    // showed MetaMask's abandoned pairing on Ledger's view for a moment: the Back's teardown waited
    // for a timer, and the click came first).
    await page.evaluate(() => {
      const shown: QrShown = ((window as unknown as { __qrShown: unknown }).__qrShown = [])
      new MutationObserver(() => {
        const uri = document.querySelector('[data-testid="wc-qr"]')?.getAttribute('data-uri')
        const view = document.querySelector('[data-testid="wc-panel"] h3')?.textContent ?? ''
        const attempt = document.querySelector('[data-testid="wc-status"]')?.getAttribute('data-attempt') ?? null
        const last = shown.at(-1)
        if (uri && (last?.uri !== uri || last.view !== view)) shown.push({ view, uri, attempt, at: Math.round(performance.now()) })
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-uri'] })
    })
    await page.getByTestId('wc-back').click()
    await dialog.getByTestId('wallet-option-ledger').click()
    await expect(page.getByTestId('wc-qr')).toBeVisible()
    // Ledger Live has a desktop app: "Open Ledger Live" hands it the URI the QR code shows.
    const navigations = await watchNavigations(page)
    networkGuard.allow('ledgerlive://*')
    await page.getByTestId('wc-open-app').click()
    const prefix = 'ledgerlive://wc?uri='
    await expect.poll(() => navigations.some((url) => url.startsWith(prefix))).toBe(true)
    const uri = decodeURIComponent(navigations.find((url) => url.startsWith(prefix))!.slice(prefix.length))
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await expect(page.getByTestId('wc-qr')).toHaveAttribute('data-uri', uri)
    expect(uri).not.toBe(metaMaskUri)
    const shown = await page.evaluate(() => (window as unknown as { __qrShown: QrShown }).__qrShown)
    const onLedger = shown.filter((entry) => entry.view.includes('Ledger Live'))
    // What a user would scan: never MetaMask's abandoned pairing, and the code last shown is the one
    // "Open" handed over. A code renewed while the view was up (one CI run showed two of Ledger's own
    // a second apart, unexplained and not seen again in dozens of loaded runs here) is noted, with
    // the attempts, for the report.
    const seen = JSON.stringify({ metaMaskUri, shown })
    expect(onLedger.map((entry) => entry.uri), seen).not.toContain(metaMaskUri)
    expect(onLedger.at(-1)?.uri, seen).toBe(uri)
    if (onLedger.length > 1) test.info().annotations.push({ type: 'Ledger view showed more than one code', description: seen })
    await wcWallet.pair(uri)
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wcWallet.address))
    expect((await readPersisted(page, 'ledger')).sessionTopic).toMatch(/^[0-9a-f]{64}$/)
  })

  test('MetaMask over WalletConnect switches networks only from the wallet: the menu says so and the wallet is never asked', async ({
    page,
    wcServer,
    wcWallet,
  }) => {
    await page.goto(wcServer.baseURL)
    // No MetaMask extension here: its row pairs its app over WalletConnect
    // (docs/connectors/chain-switching.md#the-three-checks-before-the-wallet-is-asked: MetaMask Mobile
    // does not support wallet_switchEthereumChain there, and the wallet-book says so).
    await connectByQr(page, wcWallet, 'metamask')
    const chain = page.getByTestId('current-chain')
    await expect(chain).toHaveAttribute('data-chain-id', String(MAINNET))
    await page.getByTestId('chain-menu-button').click()
    // Sepolia is among the session's approved chains: only the wallet-book rule stops this switch,
    // and the menu says so before anything is asked.
    const sepolia = page.getByTestId(`chain-option-${SEPOLIA}`)
    await expect(sepolia).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByTestId(`chain-option-reason-${SEPOLIA}`)).toHaveText(en.ui['chain.blocked.network_switching_only_through_wallet'])
    await sepolia.click({ force: true })
    await expect(page.getByRole('menu')).toBeVisible()
    await expect(chain).toHaveAttribute('data-chain-id', String(MAINNET))
    expect(wcWallet.requests.filter((request) => request.method === 'wallet_switchEthereumChain' || request.method === 'wallet_addEthereumChain')).toEqual([])
  })

  test('a chain the user adds to the session in the wallet while the menu shows it blocked is offered in the open menu and switched to', async ({ page, wcServer, startWallet }) => {
    // The wallet approves the session without Sepolia: the menu shows it blocked, with the words to
    // switch in the wallet. The user adds Sepolia there (a real `wc_sessionUpdate`, acknowledged by the
    // page's SDK): the open menu follows at once, the reason gone, and the pick switches
    // (docs/connectors/chain-switching.md#when-the-wallet-changes-the-sessions-chains).
    const wallet = await startWallet({ chains: [31337, MAINNET] })
    await page.goto(wcServer.baseURL)
    const topic = await connectByQr(page, wallet)
    const chain = page.getByTestId('current-chain')
    await expect(chain).not.toHaveAttribute('data-chain-id', String(SEPOLIA))
    await page.getByTestId('chain-menu-button').click()
    const sepolia = page.getByTestId(`chain-option-${SEPOLIA}`)
    const reason = page.getByTestId(`chain-option-reason-${SEPOLIA}`)
    await expect(reason).toHaveText(en.ui['chain.blocked.network_switching_only_available_in_wallet'])
    await wallet.addChain(topic, SEPOLIA)
    expect(wallet.sessions().find((known) => known.topic === topic)?.namespaces.eip155?.chains).toContain(`eip155:${SEPOLIA}`)
    await expect(reason).toHaveCount(0)
    await expect(sepolia).not.toHaveAttribute('aria-disabled')
    await expect(page.getByRole('menu')).toBeVisible()
    await sepolia.click()
    await expect(chain).toHaveAttribute('data-chain-id', String(SEPOLIA))
    await expect(page.getByRole('menu')).toHaveCount(0)
    await expect(page.getByTestId('chain-error')).toHaveCount(0)
  })

  test('signs over the session: personal_sign [hex message, lowercased address] at the wallet, its signature shown and verified', async ({
    page,
    wcServer,
    wcWallet,
  }) => {
    await page.goto(wcServer.baseURL)
    await connectByQr(page, wcWallet)
    const message = 'I own this address — over WalletConnect ✓'
    await page.getByTestId('sign-message-input').fill(message)
    await page.getByTestId('sign-message-button').click()
    const output = page.getByTestId('signature-output')
    await expect(output).toHaveText(/^0x[0-9a-f]{130}$/)
    const requests = wcWallet.requests.filter((r) => r.method === 'personal_sign')
    expect(requests).toHaveLength(1)
    const [hexMessage, address] = requests[0]!.params as [Hex, string]
    expect(hexToString(hexMessage)).toBe(message)
    expect(address).toBe(wcWallet.address.toLowerCase())
    const signature = (await output.textContent()) as Hex
    expect(requests[0]!.result).toBe(signature)
    expect(await recoverMessageAddress({ message, signature })).toBe(wcWallet.address)
    await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true')
  })

  test('the wallet’s chainChanged and accountsChanged show in the page and in the stored values', async ({ page, wcServer, wcWallet }) => {
    await page.goto(wcServer.baseURL)
    const topic = await connectByQr(page, wcWallet)
    await wcWallet.emitChainChanged(topic, SEPOLIA)
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(SEPOLIA))
    await expect.poll(() => readPersisted(page, 'walletconnect')).toMatchObject({ currentChain: String(SEPOLIA), switchedNetwork: 'true' })

    const second = getAddress('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
    await wcWallet.emitAccountsChanged(topic, SEPOLIA, [second])
    await expect(page.getByTestId('account-address')).toHaveText(shortened(second))
    await expect.poll(async () => (await readPersisted(page, 'walletconnect')).activeAccount).toBe(second)
  })

  test('after connecting, the page reaches its own origin and what the manifest declares for WalletConnect only, on the local chain too', async ({ page, wcServer, wcWallet }) => {
    const egress = watchPageEgress(page)
    await page.goto(wcServer.baseURL)
    const topic = await connectByQr(page, wcWallet)
    // The local chain's reads go through /api/rpc/31337 as every chain's, never to anvil's own port.
    await wcWallet.emitChainChanged(topic, 31337)
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', '31337')
    await expect(page.getByTestId('account-balance')).toBeVisible()
    await page.waitForTimeout(1_000)
    await egress.expectWithinManifest(wcServer.baseURL, 'walletconnect')
  })

  test('a wallet-side disconnect leaves the page disconnected with the four values cleared', async ({ page, wcServer, wcWallet }) => {
    await page.goto(wcServer.baseURL)
    const topic = await connectByQr(page, wcWallet)
    await wcWallet.disconnect(topic)
    await expect(page.getByTestId('connect-button')).toBeVisible()
    await expect(page.getByTestId('account-address')).toHaveCount(0)
    expect(await readPersisted(page, 'walletconnect')).toEqual({ activeAccount: null, sessionTopic: null, switchedNetwork: null, currentChain: null })
  })

  test('a reload restores the session without a new pairing; Disconnect then ends it at the wallet', async ({ page, wcServer, wcWallet }) => {
    await page.goto(wcServer.baseURL)
    const topic = await connectByQr(page, wcWallet)
    await page.reload()
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wcWallet.address))
    expect(wcWallet.proposals).toHaveLength(1)
    expect((await readPersisted(page, 'walletconnect')).sessionTopic).toBe(topic)

    // Still live after the reload: a signature goes through the restored session.
    await page.getByTestId('sign-message-button').click()
    await expect(page.getByTestId('signature-output')).toHaveText(/^0x[0-9a-f]{130}$/)

    const deleted = wcWallet.deletedByDapp()
    await page.getByTestId('disconnect-button').click()
    await expect(deleted).resolves.toBe(topic)
    await expect(page.getByTestId('connect-button')).toBeVisible()
    expect(await readPersisted(page, 'walletconnect')).toEqual({ activeAccount: null, sessionTopic: null, switchedNetwork: null, currentChain: null })
  })

  test('a chain picked while the reloaded page still restores the session is switched to once it is restored', async ({ page, wcServer, wcWallet }) => {
    await page.goto(wcServer.baseURL)
    await connectByQr(page, wcWallet)
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(MAINNET))
    // The WalletConnect SDK's chunks are held after the reload: the page shows the account from its
    // cookie, and the session is not restored until they come.
    const { held, release } = await holdWalletConnectCode(page)
    await page.reload()
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wcWallet.address))
    await expect.poll(held).toBeGreaterThan(0)
    await page.getByTestId('chain-menu-button').click()
    await page.getByTestId(`chain-option-${SEPOLIA}`).click()
    release()
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(SEPOLIA), afterRelease(30_000))
    await expect(page.getByTestId('chain-error')).toHaveCount(0)
  })

  // This failed in full CI runs (the wallet refused, the page kept waiting): WalletConnect's sign
  // engine dropped an answer that arrived before the page started waiting for it, which a busy machine
  // makes likely on the one-tap path (connectors/walletConnect/sdk.ts, `keepEarlyAnswers`). The relay
  // test forces that order (oneTapSignIn.relay.test.ts, "a wallet that refuses while the page is still
  // writing its request").
  test('a wallet that rejects the proposal: "Connection rejected. Please try again." with Try again and no live QR code; Try again shows a fresh one that connects', async ({
    page,
    wcServer,
    wcWallet,
    snap,
    expectAccessible,
  }) => {
    wcWallet.set({ rejectProposals: true })
    await page.goto(wcServer.baseURL)
    const first = await openQr(page)
    await wcWallet.pair(first)
    // The wallet's side first, so a failure says which side stalled: the proposal reached the wallet
    // and its "no" went out; then the page must show it.
    await expect.poll(() => wcWallet.answers, { message: 'the wallet received the proposal and rejected it', timeout: 15_000 }).toEqual(['rejected'])
    const error = page.getByTestId('connect-error')
    await expect(error).toContainText(en.errors.connection_rejected)
    await expect(error).toHaveAttribute('role', 'alert')
    await expect(error).toHaveAttribute('data-code', 'connection_rejected')
    await expect(page.getByTestId('connect-retry')).toBeVisible()
    // Nothing live beside the error: no QR code a wallet could still scan, no spinner.
    await expect(page.getByTestId('wc-qr')).toHaveCount(0)
    await expect(page.getByTestId('connect-dialog').locator('.spinner')).toHaveCount(0)
    await snap('wc-rejected')
    await expectAccessible({ include: '[data-testid="connect-dialog"]', label: 'WalletConnect rejection' })

    wcWallet.set({ rejectProposals: false })
    await page.getByTestId('connect-retry').click()
    await expect(error).toHaveCount(0)
    const qr = page.getByTestId('wc-qr')
    await expect(qr).toHaveAttribute('data-uri', /^wc:/)
    const fresh = (await qr.getAttribute('data-uri'))!
    expect(fresh).not.toBe(first)
    await wcWallet.pair(fresh)
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wcWallet.address))
  })

  test('signs in with Ethereum over WalletConnect, verified by the server', async ({ page, wcServer, wcWallet }) => {
    await page.goto(wcServer.baseURL)
    await connectByQr(page, wcWallet)
    await page.getByTestId('sign-in-button').click()
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
    await expect(page.getByTestId('auth-address')).toHaveText(wcWallet.address)
    const [hexMessage] = wcWallet.requests.find((r) => r.method === 'personal_sign')!.params as [Hex]
    const origin = new URL(wcServer.baseURL)
    expect(parseSiweMessage(hexToString(hexMessage))).toMatchObject({ address: wcWallet.address, domain: origin.host, uri: origin.origin })
    expect(await serverSession(page, wcServer.baseURL)).toMatchObject({ status: 200, body: { address: wcWallet.address } })
  })

  test('the QR view fits a 360 px screen and works with the keyboard', async ({ page, wcServer, wcWallet, expectAccessible }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(wcServer.baseURL)
    const uri = await openQr(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    const box = (await page.getByTestId('wc-qr').boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(360)
    await expectAccessible({ include: '[data-testid="connect-dialog"]', label: 'WalletConnect view at 360 px' })
    // Keyboard: Back to the list, then Enter on the row opens the view again.
    await page.getByTestId('wc-back').focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('wallet-option-walletconnect')).toBeVisible()
    await page.getByTestId('wallet-option-walletconnect').focus()
    await page.keyboard.press('Enter')
    const again = page.getByTestId('wc-qr')
    await expect(again).toBeVisible()
    // Going back dropped the first pairing: a new URI.
    expect(await again.getAttribute('data-uri')).not.toBe(uri)
    await wcWallet.pair((await again.getAttribute('data-uri'))!)
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wcWallet.address))
  })
})

test.describe('an iPhone without wallets installed', () => {
  test.use(phoneContext())

  test('tapping Rainbow opens rainbow://wc with the URI paired before the tap; pairing from it connects', async ({
    page,
    wcServer,
    wcWallet,
    relay,
    snap,
  }) => {
    await page.goto(wcServer.baseURL)
    const navigations = await watchNavigations(page)
    await openDialogAndWaitForWarmUp(page, relay)
    await page.getByTestId('connect-dialog').getByTestId('wallet-option-rainbow').tap()
    await expect.poll(() => navigations.find((url) => url.startsWith('rainbow://'))).toMatch(/^rainbow:\/\/wc\?uri=wc%3A/)
    const link = navigations.find((url) => url.startsWith('rainbow://'))!
    const uri = new URL(link.replace('rainbow://', 'https://rainbow/')).searchParams.get('uri')!
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    // The view stays with its fallbacks: Open again, copy link, store link; no QR code (it would be of this very phone).
    await expect(page.getByTestId('wc-store-link')).toHaveAttribute('href', 'https://apps.apple.com/app/id1457119021')
    await expect(page.getByTestId('wc-copy-link')).toBeVisible()
    await expect(page.getByTestId('wc-open-app')).toBeVisible()
    await expect(page.getByTestId('wc-qr')).toHaveCount(0)
    await snap('wc-iphone-view')
    await wcWallet.pair(uri)
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wcWallet.address))
    expect((await readPersisted(page, 'rainbow')).sessionTopic).toMatch(/^[0-9a-f]{64}$/)
  })

  test('signing on the phone brings the wallet to the front with ?sessionTopic= first', async ({ page, context, wcServer, wcWallet, relay }) => {
    await page.goto(wcServer.baseURL)
    const opened = await watchNavigations(page)
    await openDialogAndWaitForWarmUp(page, relay)
    // The tap hands rainbow://wc?uri=… to the system (a navigation that never commits here).
    await page.getByTestId('connect-dialog').getByTestId('wallet-option-rainbow').tap({ noWaitAfter: true })
    await expect.poll(() => opened.find((url) => url.startsWith('rainbow://'))).toMatch(/^rainbow:\/\/wc\?uri=wc%3A/)
    const uri = new URL(opened.find((url) => url.startsWith('rainbow://'))!.replace('rainbow://', 'https://rainbow/')).searchParams.get('uri')!
    const topic = wcWallet.nextSession()
    await wcWallet.pair(uri)
    await expect(page.getByTestId('account-address')).toBeVisible()
    // The user comes back to the site later, in a new tab. (Also a need of this Chromium: once the tap
    // on Rainbow above has opened rainbow://wc?uri=…, its "Open xdg-open?" prompt holds every later
    // touch on that tab; a phone without the wallet just does nothing.)
    await page.close()
    const later = await context.newPage()
    const navigations = await watchNavigations(later)
    await later.goto(wcServer.baseURL)
    await expect(later.getByTestId('account-address')).toHaveText(shortened(wcWallet.address))
    // The tap starts a navigation to the wallet's scheme (rainbow://…), which never commits in a
    // browser without the app: not waiting for it after the tap.
    await later.getByTestId('sign-message-button').tap({ noWaitAfter: true })
    await expect(later.getByTestId('signature-output')).toHaveText(/^0x[0-9a-f]{130}$/)
    expect(navigations).toContain(`rainbow://wc?sessionTopic=${await topic}`)
  })

  test('TokenPocket (an app link, no browser of its own) reads "Connect with the TokenPocket app" and opens tpoutside://wc with the URI, never "No inAppBrowserBase found"', async ({
    page,
    wcServer,
    relay,
  }) => {
    await page.goto(wcServer.baseURL)
    const navigations = await watchNavigations(page)
    await openDialogAndWaitForWarmUp(page, relay)
    const row = page.getByTestId('connect-dialog').getByTestId('wallet-option-tokenpocket')
    await expect(row.locator('.wallet-status')).toHaveText(en.ui['connect.connectWithApp'].replace('{wallet}', 'TokenPocket'))
    await expect(row).not.toHaveAttribute('data-preparing', 'true')
    await row.tap({ noWaitAfter: true })
    await expect.poll(() => navigations.find((url) => url.startsWith('tpoutside://'))).toMatch(/^tpoutside:\/\/wc\?uri=wc%3A/)
    await expect(page.getByTestId('connect-error')).toHaveCount(0)
  })
})

test.describe('an Android phone without wallets installed', () => {
  test.use(phoneContext(ANDROID_CHROME))

  test('tapping Zerion hands the raw wc: URI to the system; pairing from it connects', async ({ page, wcServer, wcWallet, relay }) => {
    await page.goto(wcServer.baseURL)
    const navigations = await watchNavigations(page)
    await openDialogAndWaitForWarmUp(page, relay)
    await page.getByTestId('connect-dialog').getByTestId('wallet-option-zerion').tap()
    await expect.poll(() => navigations.find((url) => url.startsWith('wc:'))).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    const uri = navigations.find((url) => url.startsWith('wc:'))!
    await expect(page.getByTestId('wc-store-link')).toHaveAttribute('href', /play\.google\.com.*io\.zerion\.android/)
    await wcWallet.pair(uri)
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wcWallet.address))
  })
})
