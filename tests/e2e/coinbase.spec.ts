import type { Page } from '@playwright/test'
import { getAddress, hexToString, isErc6492Signature, size, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { preferredChainOrder } from '@/connectors/coinbaseSmartWallet/preferredChainOrder'
import { getSupportedChains } from '@/lib/chains'
import { auth } from '@/lib/i18n/auth'
import { coinbaseSmartWallet as catalogue } from '@/connectors/coinbaseSmartWallet/messages'
import { errors } from '@/lib/i18n/errors'
import { ui } from '@/lib/i18n/ui'
import { storageKeys } from '@/lib/storageNames'
import { createKeysWallet, type KeysWallet } from '../fixtures/coinbase/keysWallet'
import { phoneContext } from '../fixtures/userAgents'
import { expect, KEYS_WALLET_CHAINS, openDialogWarm, SDK_CREATED_KEY, test, throughPopup } from './coinbaseFixtures'
import { serverSession } from './signIn'
import { watchPageEgress } from './egress'

/**
 * The Coinbase Smart Wallet end to end (issue 5): the production build in Debian's Chromium, the real
 * `@coinbase/wallet-sdk` 4.4.0 opening its popup with a real `window.open` and talking to it with
 * `postMessage` (ECDH + AES-GCM), a local stand-in for Coinbase's popup on loopback answering as a
 * smart account on a real anvil, and the real sign-in API. Every test also runs the harness guards:
 * no request may leave loopback, no hydration error may reach the console.
 */

const KEY = 'coinbasesmartwallet'
const OPTION = `wallet-option-${KEY}`
const BASE_SEPOLIA = 84532
const BASE = 8453
const OPTIMISM = 10

type OpenCall = { url: string; eventType: string | null; inClickTask: boolean; userActivation: boolean | null }

/**
 * Records every `window.open` with what proves it ran inside the click: the event being dispatched
 * (`window.event`), and whether the click's task is still running (a flag a capture listener sets on
 * every click and a zero-delay timer — the next task — clears). With `blockOutsideClickTask`, a
 * `window.open` outside the click's task returns `null`, as Safari's popup blocker does.
 */
async function traceWindowOpen(page: Page, options: { blockOutsideClickTask?: boolean } = {}) {
  await page.addInitScript((blockOutsideClickTask) => {
    const win = window as unknown as { __openCalls: unknown[]; __inClickTask: boolean }
    win.__openCalls = []
    win.__inClickTask = false
    document.addEventListener(
      'click',
      () => {
        win.__inClickTask = true
        setTimeout(() => (win.__inClickTask = false), 0)
      },
      true,
    )
    const open = window.open.bind(window)
    window.open = (...args: Parameters<typeof window.open>) => {
      win.__openCalls.push({
        url: String(args[0]),
        eventType: (window as unknown as { event?: Event }).event?.type ?? null,
        inClickTask: win.__inClickTask,
        userActivation: (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation?.isActive ?? null,
      })
      // Safari's rule, which Chromium does not apply: a popup opened after the click's task is blocked.
      if (blockOutsideClickTask && !win.__inClickTask) return null
      return open(...args)
    }
  }, options.blockOutsideClickTask ?? false)
}

const openCalls = (page: Page) => page.evaluate(() => (window as unknown as { __openCalls: OpenCall[] }).__openCalls)

/**
 * A slow network for the SDK: its chunk (recognised by its content) is held until `release()`. Call
 * `stop()` before the test ends.
 */
async function holdSdkChunk(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  // Registered before the caller clicks: a chunk requested while the route is still being set up
  // would go through unheld.
  await page.route('**/_next/static/chunks/**', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('Popup was blocked. Try again.')) await released
    // A request the page gave up on meanwhile (a preload superseded; one CI run on a loaded machine)
    // is already settled by Playwright: nothing is left to answer, and no test expects it.
    await route.fulfill({ response, body }).catch((error: Error) => {
      if (!/Route is already handled/.test(error.message)) throw error
    })
  })
  // Chunks the connected page still loads would otherwise be fetched by this handler after the test
  // ended, failing whichever test runs next. Not `behavior: 'wait'`: a handler whose fulfill is refused
  // after the wait began (the request given up on, above) is waited for forever (one CI run timed out).
  const stop = () => page.unrouteAll({ behavior: 'ignoreErrors' })
  return { release, stop }
}

/** The four persisted values of the Coinbase Smart Wallet connector. */
function readPersisted(page: Page) {
  return page.evaluate((keys) => {
    const values: Record<string, string | null> = {}
    for (const [value, name] of Object.entries(keys)) values[value] = window.localStorage.getItem(name)
    return values
  }, storageKeys(KEY))
}

/** The SDK's own session (its ECDH keys, accounts and chain), kept under `-CBWSDK:`. */
function sdkStorageKeys(page: Page) {
  return page.evaluate(() => Object.keys(window.localStorage).filter((name) => name.startsWith('-CBWSDK:SCW')))
}

/** Connects from the dialog: the popup opens from the click and closes itself once it has answered. */
async function connect(page: Page, wallet: KeysWallet) {
  const dialog = await openDialogWarm(page)
  await throughPopup(page, () => dialog.getByTestId(OPTION).click())
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
  await expect(dialog).toBeHidden()
}

/** Signs in; every signature goes through a new popup that answers and closes. */
async function signIn(page: Page) {
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  await throughPopup(page, () => page.getByTestId('sign-in-button').click())
}

function signaturesAnswered(wallet: KeysWallet): Hex[] {
  return wallet.requests.filter((request) => request.method === 'personal_sign' && 'value' in request.answer).map((request) => (request.answer as { value: Hex }).value)
}

test.describe('connecting', () => {
  test('opens the Coinbase popup inside the click handler and connects the smart account on Base Sepolia', { tag: '@dev' }, async ({
    page,
    coinbaseApp,
    keysServer,
    useKeysWallet,
    snap,
  }) => {
    const wallet = await useKeysWallet()
    await traceWindowOpen(page)
    await page.goto(coinbaseApp.baseURL)
    const dialog = await openDialogWarm(page)
    const option = dialog.getByTestId(OPTION)
    await expect(option).toHaveAttribute('data-installed', 'true')
    await expect(option).toContainText('Coinbase Smart Wallet')

    const popupOpened = page.waitForEvent('popup')
    await option.click()
    const popup = await popupOpened
    // Safari blocks a popup opened after an await: the SDK's window.open ran during the click's dispatch.
    const [call, ...more] = await openCalls(page)
    expect(more).toEqual([])
    expect(call).toMatchObject({ eventType: 'click', inClickTask: true, userActivation: true })
    const popupUrl = new URL(call!.url)
    expect(popupUrl.origin + popupUrl.pathname).toBe(keysServer.url)
    expect(Object.fromEntries(popupUrl.searchParams)).toMatchObject({ sdkName: '@coinbase/wallet-sdk', sdkVersion: '4.4.0', origin: coinbaseApp.baseURL })
    expect(new URL(popup.url()).origin).toBe(keysServer.origin)

    await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(BASE_SEPOLIA))
    // The popup closes itself after answering, as Coinbase's does.
    await expect.poll(() => popup.isClosed()).toBe(true)

    // What the SDK told the popup: our app's identity, smart wallets only, 84532 then 8453 first.
    const config = keysServer.events.find((event) => event.type === 'config')
    const configured = getSupportedChains({ includeLocal: true }).map((chain) => chain.id)
    expect(config).toMatchObject({
      data: {
        version: '4.4.0',
        metadata: { appName: 'Sigil', appLogoUrl: `${coinbaseApp.baseURL}/icon.svg`, appChainIds: preferredChainOrder(configured) },
        preference: { options: 'smartWalletOnly' },
      },
    })
    expect((config as { data: { metadata: { appChainIds: number[] } } }).data.metadata.appChainIds.slice(0, 2)).toEqual([BASE_SEPOLIA, BASE])
    expect(wallet.handshakes).toEqual([expect.objectContaining({ method: 'eth_requestAccounts' })])

    expect(await readPersisted(page)).toEqual({
      activeAccount: getAddress(wallet.address),
      sessionTopic: null,
      switchedNetwork: null,
      currentChain: String(BASE_SEPOLIA),
    })
    await snap('coinbase-connected')
  })

  test("a popup the browser blocks gets the SDK's own \"Popup was blocked. Try again.\" snackbar, styled under the policy (its <style> allowed by hash)", async ({
    page,
    coinbaseApp,
    useKeysWallet,
  }) => {
    await useKeysWallet()
    // Every window.open refused, as a popup blocker does: the SDK falls back to its snackbar.
    await page.addInitScript(() => {
      window.open = () => null
    })
    await page.goto(coinbaseApp.baseURL)
    const dialog = await openDialogWarm(page)
    await dialog.getByTestId(OPTION).click()
    await expect(page.getByText('Popup was blocked. Try again.')).toBeVisible()
    // The SDK's <style> applied (`position: fixed` comes only from it); the fixture fails on any refusal.
    await expect(page.locator('.-cbwsdk-snackbar')).toHaveCSS('position', 'fixed')
  })

  test('a first click before the SDK has loaded (no hover first) opens the popup inside the click, and the SDK opens its page in it', async ({
    page,
    coinbaseApp,
    keysServer,
    useKeysWallet,
  }) => {
    test.setTimeout(60_000)
    const wallet = await useKeysWallet()
    // Safari's rule: a window.open outside the click's task is blocked.
    await traceWindowOpen(page, { blockOutsideClickTask: true })
    await page.goto(coinbaseApp.baseURL)
    const sdkChunk = await holdSdkChunk(page)
    await page.getByTestId('connect-button').click()
    const dialog = page.getByTestId('connect-dialog')
    const row = dialog.getByTestId(OPTION)
    await expect(row).toBeVisible()
    // Nothing holds the row back: it is tappable before its family has loaded.
    await expect(row).not.toHaveAttribute('data-preparing', 'true')
    await expect(row).not.toHaveAttribute('aria-disabled', 'true')
    expect(await sdkCreated(page)).toBe(false)

    // Straight to the click, no hover before it (the click's own pointer move is the first).
    const box = (await row.boundingBox())!
    const popupOpened = page.waitForEvent('popup')
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    const popup = await popupOpened
    const [call, ...more] = await openCalls(page)
    expect(more).toEqual([])
    expect(call).toMatchObject({ url: 'about:blank', eventType: 'click', inClickTask: true, userActivation: true })
    await expect(dialog.getByTestId('connect-status')).toBeVisible()
    expect(await sdkCreated(page)).toBe(false)

    // The SDK arrives: its popup opens in the window the click opened, with no second window.open.
    sdkChunk.release()
    await popup.waitForURL((url) => url.href.startsWith(keysServer.url))
    expect(Object.fromEntries(new URL(popup.url()).searchParams)).toMatchObject({ sdkName: '@coinbase/wallet-sdk', origin: coinbaseApp.baseURL })
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address, { timeout: 20_000 })
    expect(await openCalls(page)).toHaveLength(1)
    expect(wallet.handshakes).toEqual([expect.objectContaining({ method: 'eth_requestAccounts' })])
    await sdkChunk.stop()
  })

  test('keyboard: Enter on the row the moment it has focus, before the SDK has loaded, opens the popup on the first press', async ({
    page,
    coinbaseApp,
    keysServer,
    useKeysWallet,
  }) => {
    test.setTimeout(60_000)
    const wallet = await useKeysWallet()
    await traceWindowOpen(page, { blockOutsideClickTask: true })
    await page.goto(coinbaseApp.baseURL)
    const sdkChunk = await holdSdkChunk(page)
    await page.getByTestId('connect-button').focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('connect-dialog')
    await expect(dialog).toBeVisible()
    const row = dialog.getByTestId(OPTION)
    for (let presses = 0; presses < 20 && !(await row.evaluate((element) => element === document.activeElement)); presses++) {
      await page.keyboard.press('Tab')
    }
    await expect(row).toBeFocused()
    // The focus started the SDK's load, held here: Enter comes before it is done.
    expect(await sdkCreated(page)).toBe(false)
    const popupOpened = page.waitForEvent('popup')
    await page.keyboard.press('Enter')
    const popup = await popupOpened
    expect(await openCalls(page)).toEqual([expect.objectContaining({ url: 'about:blank', eventType: 'click', inClickTask: true, userActivation: true })])
    await expect(dialog.getByTestId('connect-status')).toBeVisible()
    await expect(dialog).not.toContainText(ui['connect.preparing'])

    sdkChunk.release()
    await popup.waitForURL((url) => url.href.startsWith(keysServer.url))
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address, { timeout: 20_000 })
    expect(await openCalls(page)).toHaveLength(1)
    await sdkChunk.stop()
  })

  test('a refused connection shows "Connection rejected. Please try again." and a retry connects', async ({ page, coinbaseApp, useKeysWallet }) => {
    const wallet = await useKeysWallet({ behaviour: { rejectConnect: true } })
    await page.goto(coinbaseApp.baseURL)
    const dialog = await openDialogWarm(page)
    await throughPopup(page, () => dialog.getByTestId(OPTION).click())
    await expect(dialog.getByTestId('connect-error')).toContainText(errors.connection_rejected)
    expect(await readPersisted(page)).toEqual({ activeAccount: null, sessionTopic: null, switchedNetwork: null, currentChain: null })

    wallet.set({ rejectConnect: false })
    await throughPopup(page, () => dialog.getByTestId('connect-retry').click())
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
    expect(wallet.handshakes).toHaveLength(2)
  })

  test('a popup that never loads (no PopupLoaded) ends within 10 s in the failed state, and Try again connects', async ({
    page,
    coinbaseApp,
    keysServer,
    useKeysWallet,
  }) => {
    test.setTimeout(60_000)
    const wallet = await useKeysWallet()
    // At the network edge: Coinbase's page answers, but with a page that never speaks the protocol.
    const silent = `${keysServer.url}**`
    await page.context().route(silent, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><html lang="en"><title>Loading</title><p>Loading…</p></html>' }),
    )
    await page.goto(coinbaseApp.baseURL)
    const dialog = await openDialogWarm(page)
    const popupOpened = page.waitForEvent('popup')
    await dialog.getByTestId(OPTION).click()
    const clicked = Date.now()
    const popup = await popupOpened
    await expect(dialog.getByTestId('connect-status')).toBeVisible()

    const error = dialog.getByTestId('connect-error')
    await expect(error).toContainText(errors.request_timeout, { timeout: 10_000 })
    expect(Date.now() - clicked).toBeLessThan(10_000)
    await expect(error).toHaveAttribute('data-code', 'request_timeout')
    await expect.poll(() => popup.isClosed()).toBe(true)
    expect(wallet.handshakes).toEqual([])
    expect(await readPersisted(page)).toEqual({ activeAccount: null, sessionTopic: null, switchedNetwork: null, currentChain: null })

    // The page loads again: Try again opens one popup (no stale second one) and connects.
    await page.context().unroute(silent)
    let popups = 0
    page.on('popup', () => popups++)
    const retried = page.waitForEvent('popup')
    await dialog.getByTestId('connect-retry').click()
    await retried
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
    expect(popups).toBe(1)
    expect(wallet.handshakes).toHaveLength(1)
  })

  test('a popup closed before it loaded ends as "Connection rejected. Please try again." at once, and Try again connects', async ({
    page,
    coinbaseApp,
    keysServer,
    useKeysWallet,
  }) => {
    const wallet = await useKeysWallet()
    const silent = `${keysServer.url}**`
    await page.context().route(silent, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Loading</title>' }))
    await page.goto(coinbaseApp.baseURL)
    const dialog = await openDialogWarm(page)
    const popupOpened = page.waitForEvent('popup')
    await dialog.getByTestId(OPTION).click()
    const popup = await popupOpened
    await popup.close()
    await expect(dialog.getByTestId('connect-error')).toContainText(errors.connection_rejected, { timeout: 2_000 })

    await page.context().unroute(silent)
    const retried = page.waitForEvent('popup')
    await dialog.getByTestId('connect-retry').click()
    await retried
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
  })

  test("the SDK's opener check (a HEAD of the page) is answered without rendering the page: 204 with the page's headers", async ({ page, coinbaseApp }) => {
    const heads: { path: string; status: number; coop: string | null }[] = []
    page.on('response', (response) => {
      if (response.request().method() !== 'HEAD') return
      const url = new URL(response.url())
      if (url.origin === coinbaseApp.baseURL) heads.push({ path: url.pathname, status: response.status(), coop: response.headers()['cross-origin-opener-policy'] ?? null })
    })
    await page.goto(coinbaseApp.baseURL)
    await openDialogWarm(page)
    await expect.poll(() => heads.length).toBeGreaterThan(0)
    // A rendered page answers 200; the proxy's own answer is 204 (no content) with the header the SDK reads.
    expect(heads).toEqual([{ path: '/', status: 204, coop: 'same-origin-allow-popups' }])
    // The SDK read the policy from that answer, as the popup's address says (`coop`).
    const popupOpened = page.waitForEvent('popup')
    await page.getByTestId('connect-dialog').getByTestId(OPTION).click()
    const popup = await popupOpened
    expect(new URL(popup.url()).searchParams.get('coop')).toBe('same-origin-allow-popups')
  })

  test('a reload restores the connection without a popup, and a later signature goes through a new popup on the restored keys', async ({
    page,
    coinbaseApp,
    useKeysWallet,
  }) => {
    const wallet = await useKeysWallet()
    await page.goto(coinbaseApp.baseURL)
    await connect(page, wallet)
    const persisted = await readPersisted(page)

    let popups = 0
    page.on('popup', () => popups++)
    await page.reload()
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(BASE_SEPOLIA))
    expect(await readPersisted(page)).toEqual(persisted)
    expect(popups).toBe(0)
    expect(wallet.handshakes).toHaveLength(1)

    // The SDK encrypts for the popup with the keys it restored; the new popup restores its own.
    await page.getByTestId('sign-message-button').click()
    await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true')
    expect(popups).toBe(1)
    expect(wallet.requests.map((request) => request.method)).toEqual(['personal_sign'])
  })
})

/** Whether the page has created the Coinbase SDK (it writes its version key then). */
function sdkCreated(page: Page): Promise<boolean> {
  return page.evaluate((key) => window.localStorage.getItem(key) !== null, SDK_CREATED_KEY)
}

test.describe('egress', () => {
  test('after connecting, the page reaches its own origin and what the manifest declares for Coinbase only, on the local chain too', async ({
    page,
    coinbaseApp,
    keysServer,
    chain,
    useKeysWallet,
  }) => {
    await useKeysWallet({ smartAccount: false })
    // The wallet also lists the local chain, so the page can be moved there without a popup.
    const wallet = await createKeysWallet({ owner: privateKeyToAccount(generatePrivateKey()), chains: Object.fromEntries([...KEYS_WALLET_CHAINS, 31337].map((id) => [id, chain.rpcUrl])) })
    keysServer.wallet = wallet
    const egress = watchPageEgress(page)
    await page.goto(coinbaseApp.baseURL)
    await connect(page, wallet)
    await expect(page.getByTestId('account-balance')).toBeVisible()
    await page.evaluate(() => window.__sigilTest!.switchChain!(31337))
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', '31337')
    // The local chain's reads go through /api/rpc/31337 as every chain's, never to anvil's own port.
    await expect(page.getByTestId('account-balance')).toBeVisible()
    await page.waitForTimeout(1_000)
    await egress.expectWithinManifest(coinbaseApp.baseURL, 'coinbasesmartwallet')
  })
})

test.describe('the SDK loads when the user reaches for the row (issue 14, part 2)', () => {
  test('opening the dialog on a computer loads no Coinbase code; the pointer moving over the row does, and the click then opens the popup inside it', async ({
    page,
    coinbaseApp,
    useKeysWallet,
  }) => {
    const wallet = await useKeysWallet()
    await traceWindowOpen(page, { blockOutsideClickTask: true })
    const sdkChunks: string[] = []
    page.on('response', (response) => {
      if (!response.url().includes('/_next/static/chunks/')) return
      void response.text().then((body) => body.includes('Popup was blocked. Try again.') && sdkChunks.push(response.url()), () => undefined)
    })
    await page.goto(coinbaseApp.baseURL)
    await page.getByTestId('connect-button').click()
    const dialog = page.getByTestId('connect-dialog')
    const row = dialog.getByTestId(OPTION)
    await expect(row).toBeVisible()
    // Longer than any warm-up on loopback: nothing of the SDK arrives while the pointer rests.
    await page.waitForTimeout(1_500)
    expect(sdkChunks).toEqual([])
    expect(await sdkCreated(page)).toBe(false)
    await expect(row).toContainText(ui['connect.tagline.coinbaseSmartWallet'])

    // Mouse: hover, then click, as a person does.
    await row.hover()
    // The SDK's chunk arrives because of the hover; only then is the row ready for the click.
    await expect.poll(() => sdkChunks.length).toBeGreaterThan(0)
    await expect(row).not.toHaveAttribute('data-preparing', 'true')
    const popup = page.waitForEvent('popup')
    await row.click()
    await popup
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
    expect(await openCalls(page)).toEqual([expect.objectContaining({ eventType: 'click', inClickTask: true, userActivation: true })])
  })

  test('keyboard: Tab to the row warms it up, and Enter opens the popup inside the key press', async ({ page, coinbaseApp, useKeysWallet }) => {
    const wallet = await useKeysWallet()
    await traceWindowOpen(page, { blockOutsideClickTask: true })
    await page.goto(coinbaseApp.baseURL)
    await page.getByTestId('connect-button').focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('connect-dialog')
    await expect(dialog).toBeVisible()
    const row = dialog.getByTestId(OPTION)
    for (let presses = 0; presses < 20 && !(await row.evaluate((element) => element === document.activeElement)); presses++) {
      await page.keyboard.press('Tab')
    }
    await expect(row).toBeFocused()
    // The moment a person takes between reaching a row and pressing Enter.
    await expect(row).not.toHaveAttribute('data-preparing', 'true')
    const popup = page.waitForEvent('popup')
    await page.keyboard.press('Enter')
    await popup
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
    expect(await openCalls(page)).toEqual([expect.objectContaining({ eventType: 'click', inClickTask: true, userActivation: true })])
  })

  test.describe('a phone', () => {
    test.use(phoneContext())

    test('touch: the dialog warms the family up (no hover on a phone), and a tap opens the popup inside it', async ({ page, coinbaseApp, useKeysWallet }) => {
      const wallet = await useKeysWallet()
      await traceWindowOpen(page, { blockOutsideClickTask: true })
      await page.goto(coinbaseApp.baseURL)
      await page.getByTestId('connect-button').tap()
      const row = page.getByTestId('connect-dialog').getByTestId(OPTION)
      await expect(row).toBeVisible()
      await expect.poll(() => sdkCreated(page)).toBe(true)
      await expect(row).not.toHaveAttribute('data-preparing', 'true')
      const popup = page.waitForEvent('popup')
      await row.tap()
      await popup
      await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
      expect(await openCalls(page)).toEqual([expect.objectContaining({ eventType: 'click', inClickTask: true, userActivation: true })])
    })
  })
})

test.describe('sign-in as a smart account', () => {
  test('signs in while the smart account is not deployed yet: an ERC-6492 signature the server accepts', async ({ page, coinbaseApp, useKeysWallet, snap }) => {
    const wallet = await useKeysWallet({ smartAccount: { deployed: false } })
    const kit = wallet.smartAccount!.kit
    expect(await kit.isDeployed(wallet.address)).toBe(false)
    await traceWindowOpen(page)
    await page.goto(coinbaseApp.baseURL)
    const noncePrefetched = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/nonce')
    await connect(page, wallet)
    // The panel fetched its nonce before the tap, so the tap awaits nothing before the wallet.
    await noncePrefetched
    await signIn(page)
    const [, signInOpen, ...more] = await openCalls(page)
    expect(more).toEqual([])
    expect(signInOpen).toMatchObject({ eventType: 'click', inClickTask: true, userActivation: true })
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
    await expect(page.getByTestId('auth-address')).toHaveText(wallet.address)
    await expect(page.getByTestId('auth-chain')).toHaveAttribute('data-chain-id', String(BASE_SEPOLIA))

    const [request] = wallet.requests
    const [hexMessage, signer] = request!.params as [Hex, string]
    expect(signer).toBe(wallet.address.toLowerCase())
    expect(parseSiweMessage(hexToString(hexMessage))).toMatchObject({ address: wallet.address, chainId: BASE_SEPOLIA, domain: new URL(coinbaseApp.baseURL).host })
    const [signature] = signaturesAnswered(wallet)
    expect(isErc6492Signature(signature!)).toBe(true)
    expect(await serverSession(page)).toMatchObject({ status: 200, body: { address: wallet.address, chainId: BASE_SEPOLIA } })
    // Verifying simulated the deployment; it did not deploy anything.
    expect(await kit.isDeployed(wallet.address)).toBe(false)
    await snap('coinbase-signed-in-erc6492')
  })

  test('signs in once the smart account is deployed: a plain signature checked through ERC-1271', async ({ page, coinbaseApp, useKeysWallet }) => {
    const wallet = await useKeysWallet({ smartAccount: { deployed: true } })
    expect(await wallet.smartAccount!.kit.isDeployed(wallet.address)).toBe(true)
    await page.goto(coinbaseApp.baseURL)
    await connect(page, wallet)
    await signIn(page)
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
    await expect(page.getByTestId('auth-address')).toHaveText(wallet.address)
    const [signature] = signaturesAnswered(wallet)
    expect(isErc6492Signature(signature!)).toBe(false)
    expect(size(signature!)).toBe(65)
    expect(await serverSession(page)).toMatchObject({ status: 200, body: { address: wallet.address, chainId: BASE_SEPOLIA } })
  })

  test('a tampered smart-account signature is refused with the exact message, deployed or not, and a good one then signs in', async ({
    page,
    coinbaseApp,
    useKeysWallet,
  }) => {
    const wallet = await useKeysWallet({ smartAccount: { deployed: false }, behaviour: { tamperSignature: true } })
    await page.goto(coinbaseApp.baseURL)
    await connect(page, wallet)

    await signIn(page)
    await expect(page.getByTestId('auth-error')).toContainText(auth.errors.invalid_signature)
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
    expect(isErc6492Signature(signaturesAnswered(wallet)[0]!)).toBe(true)
    expect((await serverSession(page)).status).toBe(401)

    await wallet.smartAccount!.kit.deploy(wallet.owner.address, wallet.smartAccount!.salt)
    await signIn(page)
    await expect(page.getByTestId('auth-error')).toContainText(auth.errors.invalid_signature)
    expect(size(signaturesAnswered(wallet)[1]!)).toBe(65)
    expect((await serverSession(page)).status).toBe(401)

    wallet.set({ tamperSignature: false })
    await signIn(page)
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
    await expect(page.getByTestId('auth-error')).toHaveCount(0)
  })
})

test.describe('signing errors are swallowed', () => {
  test('a refused signature ends in the neutral "Signature not completed." state, for a message and for sign-in, with nothing persisted', async ({
    page,
    coinbaseApp,
    useKeysWallet,
    consoleLog,
    snap,
  }) => {
    const wallet = await useKeysWallet({ behaviour: { rejectSign: true } })
    await page.goto(coinbaseApp.baseURL)
    await connect(page, wallet)
    const persisted = await readPersisted(page)
    const sdkKeys = await sdkStorageKeys(page)

    // The message panel: a neutral status, no alert.
    await throughPopup(page, () => page.getByTestId('sign-message-button').click())
    await expect(page.getByTestId('sign-not-completed')).toHaveText(ui['signature.notCompleted'])
    await expect(page.getByTestId('sign-not-completed')).toHaveAttribute('role', 'status')
    await expect(page.getByTestId('sign-error')).toHaveCount(0)
    await expect(page.getByTestId('signature-output')).toHaveCount(0)
    await snap('coinbase-signature-not-completed')

    // Sign-in: back to idle with the same neutral note, no error, no session.
    await signIn(page)
    await expect(page.getByTestId('auth-note')).toHaveText(ui['signature.notCompleted'])
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
    await expect(page.getByTestId('auth-error')).toHaveCount(0)
    expect((await serverSession(page)).status).toBe(401)
    expect((await page.context().cookies(coinbaseApp.baseURL)).some((cookie) => cookie.name.endsWith('sigil_session'))).toBe(false)

    // Still connected, with exactly the values it had; the wallet saw two refused requests.
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
    expect(await readPersisted(page)).toEqual(persisted)
    expect(await sdkStorageKeys(page)).toEqual(sdkKeys)
    expect(wallet.requests.map((request) => [request.method, 'error' in request.answer ? request.answer.error.code : 'ok'])).toEqual([
      ['personal_sign', 4001],
      ['personal_sign', 4001],
    ])
    // The error is still logged (its code, never a signature).
    expect(consoleLog.problems().filter((entry) => entry.text.includes('sign_not_completed'))).toHaveLength(2)

    // The next signature works.
    wallet.set({ rejectSign: false })
    const popup = page.waitForEvent('popup')
    await page.getByTestId('sign-message-button').click()
    await popup
    await expect(page.getByTestId('signature-output')).toHaveText(/^0x[0-9a-f]+$/)
    await expect(page.getByTestId('sign-not-completed')).toHaveCount(0)
  })
})

test.describe('chains and disconnecting', () => {
  test('switches between the chains the smart wallet supports, inside the SDK without a popup, and persists them', async ({
    page,
    coinbaseApp,
    useKeysWallet,
  }) => {
    const wallet = await useKeysWallet()
    await traceWindowOpen(page)
    await page.goto(coinbaseApp.baseURL)
    await connect(page, wallet)
    let popups = 0
    page.on('popup', () => popups++)

    await page.getByTestId('chain-menu-button').click()
    await page.getByTestId(`chain-option-${BASE}`).click()
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(BASE))
    await expect(page.getByTestId('chain-error')).toHaveCount(0)
    expect(await readPersisted(page)).toMatchObject({ currentChain: String(BASE), switchedNetwork: 'true' })

    await page.getByTestId('chain-menu-button').click()
    await page.getByTestId(`chain-option-${BASE_SEPOLIA}`).click()
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(BASE_SEPOLIA))
    expect(await readPersisted(page)).toMatchObject({ currentChain: String(BASE_SEPOLIA), switchedNetwork: 'true' })

    // The wallet listed both chains at the handshake: the SDK switched without asking the popup.
    expect(popups).toBe(0)
    expect(wallet.requests).toEqual([])

    // A signature now carries the chain the app is on.
    await page.getByTestId('chain-menu-button').click()
    await page.getByTestId(`chain-option-${BASE}`).click()
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(BASE))
    await page.getByTestId('sign-message-button').click()
    await expect(page.getByTestId('signature-output')).toBeVisible()
    expect(wallet.requests.map((request) => [request.method, request.chainId])).toEqual([['personal_sign', BASE]])
    // The signature's popup opened inside the click (Safari blocks it otherwise).
    const [, signOpen, ...more] = await openCalls(page)
    expect(more).toEqual([])
    // The panel's form submits from the button's click, in the click's task.
    expect(signOpen).toMatchObject({ eventType: 'submit', inClickTask: true, userActivation: true })
  })

  test('a chain the smart wallet did not list is shown disabled with the reason, and the popup is never asked for it; the chain stays', async ({
    page,
    coinbaseApp,
    useKeysWallet,
  }) => {
    const wallet = await useKeysWallet()
    await page.goto(coinbaseApp.baseURL)
    await connect(page, wallet)
    const persisted = await readPersisted(page)
    expect(KEYS_WALLET_CHAINS as readonly number[]).not.toContain(OPTIMISM)
    const asked = wallet.requests.length

    await page.getByTestId('chain-menu-button').click()
    const optimism = page.getByTestId(`chain-option-${OPTIMISM}`)
    await expect(optimism).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByTestId(`chain-option-reason-${OPTIMISM}`)).toHaveText(ui['chain.blocked.network_switching_only_available_in_wallet'])
    // A listed chain is offered.
    await expect(page.getByTestId(`chain-option-${BASE}`)).not.toHaveAttribute('aria-disabled', 'true')
    await optimism.click({ force: true })
    await expect(page.getByTestId('chain-error')).toHaveCount(0)
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(BASE_SEPOLIA))
    expect(await readPersisted(page)).toEqual(persisted)
    expect(wallet.requests.slice(asked)).toEqual([])
  })

  test('disconnecting clears the four persisted values and the SDK session; connecting again asks through the popup', async ({
    page,
    coinbaseApp,
    useKeysWallet,
  }) => {
    const wallet = await useKeysWallet()
    await page.goto(coinbaseApp.baseURL)
    await connect(page, wallet)
    await page.getByTestId('chain-menu-button').click()
    await page.getByTestId(`chain-option-${BASE}`).click()
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(BASE))
    expect(Object.values(await readPersisted(page)).filter((value) => value !== null)).toHaveLength(3)
    expect(await sdkStorageKeys(page)).not.toEqual([])

    await page.getByTestId('disconnect-button').click()
    await expect(page.getByTestId('connect-button')).toBeVisible()
    expect(await readPersisted(page)).toEqual({ activeAccount: null, sessionTopic: null, switchedNetwork: null, currentChain: null })
    expect(await sdkStorageKeys(page)).toEqual([])

    // A reload does not bring it back.
    await page.reload()
    await expect(page.getByTestId('connect-button')).toBeVisible()
    await expect(page.getByTestId('account-address')).toHaveCount(0)

    // Connecting again starts a fresh handshake in a new popup.
    await connect(page, wallet)
    expect(wallet.handshakes).toHaveLength(2)
  })
})
