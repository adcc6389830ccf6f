import { randomBytes } from 'node:crypto'
import type { Browser, BrowserContext, BrowserContextOptions, Frame, FrameLocator, Locator, Page } from '@playwright/test'
import { type Address, createTestClient, http, publicActions } from 'viem'
import { foundry } from 'viem/chains'
import { vaultOriginFor } from '../fixtures/nextServer'
import { addVirtualAuthenticator, type VirtualAuthenticator } from '../fixtures/passkeys'
import type { CapturedMail, MailCatcher } from '../fixtures/smtp'
import { atLeast } from '../fixtures/waits'
import { expect, test as base } from './fixtures'

/**
 * Fixtures of the embedded wallet's specs: on top of the worker's capturing SMTP server and the app
 * server that mails through it as production requires (`mail`, `embeddedApp`: tests/e2e/familyServers.ts),
 * Chromium's virtual passkey authenticator, and an in-page recorder of every PRF output the passkey
 * hands the page — so a test can prove those bytes were never stored or sent.
 */

type EmbeddedTestFixtures = {
  /** A PRF-capable virtual authenticator on the test's page (added before the first navigation). */
  authenticator: VirtualAuthenticator
  /** Every request body the page sent to the embedded API, for leak checks. */
  apiBodies: string[]
  chainClient: ReturnType<typeof chainClientFor>
}

function chainClientFor(rpcUrl: string) {
  return createTestClient({ chain: foundry, mode: 'anvil', transport: http(rpcUrl, { retryCount: 0 }) }).extend(publicActions)
}

declare global {
  interface Window {
    /** Test instrumentation: PRF outputs (hex) the page received, and how many passkey prompts it made. */
    __prfSeen?: string[]
    /** Raw 32-byte AES-GCM keys (hex) the page imported into WebCrypto: the wallet's data key. */
    __rawKeysSeen?: string[]
    __passkeyPrompts?: { create: number; get: number }
  }
}

/** Wraps WebAuthn in the page (test instrumentation, not app code) to record PRF outputs and prompts. */
export function recordPasskeys() {
  // Frames without WebAuthn (about:blank, an error page) have nothing to record.
  if (typeof PublicKeyCredential === 'undefined' || !window.isSecureContext) return
  const seen: string[] = []
  const prompts = { create: 0, get: 0 }
  window.__prfSeen = seen
  window.__passkeyPrompts = prompts
  const hex = (buffer: ArrayBuffer | ArrayBufferView) => {
    const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  }
  const original = PublicKeyCredential.prototype.getClientExtensionResults
  PublicKeyCredential.prototype.getClientExtensionResults = function (this: PublicKeyCredential) {
    const results = original.call(this)
    const first = (results as { prf?: { results?: { first?: ArrayBuffer } } }).prf?.results?.first
    if (first && !seen.includes(hex(first))) seen.push(hex(first))
    return results
  }
  const rawKeys: string[] = []
  window.__rawKeysSeen = rawKeys
  const importKey = crypto.subtle.importKey
  crypto.subtle.importKey = function (this: SubtleCrypto, ...args: Parameters<SubtleCrypto['importKey']>) {
    const [format, data, algorithm] = args
    const name = typeof algorithm === 'string' ? algorithm : algorithm.name
    if (format === 'raw' && name === 'AES-GCM' && (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) && data.byteLength === 32) {
      const key = hex(data)
      if (!rawKeys.includes(key)) rawKeys.push(key)
    }
    return importKey.apply(this, args as never)
  } as SubtleCrypto['importKey']
  const { create, get } = navigator.credentials
  navigator.credentials.create = function (options) {
    prompts.create += 1
    return create.call(this, options)
  }
  navigator.credentials.get = function (options) {
    prompts.get += 1
    return get.call(this, options)
  }
}

export const test = base.extend<EmbeddedTestFixtures>({
  authenticator: async ({ page, embeddedApp }, provide) => {
    // Every test starts in a fresh window of the per-client email limits (10 code emails per client
    // address per 10 minutes: every test here sends from 127.0.0.1): the server's clock moves past it.
    await advanceClock(embeddedApp, 601)
    // Runs in every frame of the page, the vault's too (where the passkeys and keys are used).
    await page.addInitScript(recordPasskeys)
    await provide(await addVirtualAuthenticator(page, { prf: true }))
  },

  apiBodies: async ({ page }, provide) => {
    const bodies: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/embedded/')) bodies.push(request.postData() ?? '')
    })
    await provide(bodies)
  },

  chainClient: async ({ chain, chainSnapshot: _ }, provide) => {
    await provide(chainClientFor(chain.rpcUrl))
  },
})

export { expect }

/** A fresh mailbox per test, so tests share no wallet. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.test`
}

export const RECOVERY_SUBJECT = 'Your Sigil recovery code'
export const VERIFICATION_SUBJECT = 'Your Sigil verification code'

/** The first email to `email` with `subject` received at or after inbox position `after`. */
export function mailFor(mail: MailCatcher, email: string, subject: string | RegExp, after = 0): Promise<CapturedMail> {
  return mail.waitFor(
    (candidate) => candidate.to.includes(email) && (typeof subject === 'string' ? candidate.subject === subject : subject.test(candidate.subject)) && mail.inbox.indexOf(candidate) >= after,
  )
}

async function codeIn(message: Promise<CapturedMail>): Promise<string> {
  const { text } = await message
  const code = /\b(\d{6})\b/.exec(text)?.[1]
  if (!code) throw new Error(`no code in: ${text}`)
  return code
}

/** The 6-digit code of the first recovery email to `email` at or after inbox position `after`. */
export function recoveryCodeFor(mail: MailCatcher, email: string, after = 0): Promise<string> {
  return codeIn(mailFor(mail, email, RECOVERY_SUBJECT, after))
}

/** The 6-digit code of the first email-verification email to `email` at or after inbox position `after`. */
export function verificationCodeFor(mail: MailCatcher, email: string, after = 0): Promise<string> {
  return codeIn(mailFor(mail, email, VERIFICATION_SUBJECT, after))
}


declare global {
  interface Window {
    /** The `type` of every message the page received (recordMessageTypes). */
    __messageTypes?: string[]
  }
}

/**
 * Records, from the page's start, the `type` of every message its window receives (the vault's
 * `ready` among them); the returned function reads them.
 */
export async function recordMessageTypes(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.__messageTypes = []
    window.addEventListener('message', (event: MessageEvent<{ type?: unknown }>) => {
      if (typeof event.data?.type === 'string') window.__messageTypes!.push(event.data.type)
    })
  })
  return () => page.evaluate(() => window.__messageTypes ?? [])
}

/**
 * Picks the embedded wallet's row while its vault is still loading (held by the caller), and goes
 * Back before it loaded: the dialog, on its list again. `held` counts the vault's requests the
 * caller holds: Back waits until one was made, so the vault really was loading. Pressed sooner (on a
 * loaded machine, before the wallet's code had even asked for its vault), the request is withdrawn
 * before any vault exists, and there is no vault to load at all.
 */
export async function pickEmbeddedThenGoBack(page: Page, held: () => number): Promise<Locator> {
  await page.getByTestId('connect-button').click()
  const dialog = page.getByTestId('connect-dialog')
  await dialog.getByTestId('wallet-option-embedded').click()
  await expect(dialog.getByTestId('embedded-host')).toHaveAttribute('data-state', 'waiting')
  await expect.poll(held, atLeast(20_000)).toBeGreaterThan(0)
  await dialog.getByTestId('embedded-back-button').click()
  await expect(dialog.getByTestId('wallet-option-embedded')).toBeVisible()
  return dialog
}

/** The vault's frame (another origin: the wallet's screens and its confirmation sheet live there). */
export function vault(page: Page): FrameLocator {
  return page.frameLocator('[data-testid="vault-frame"]')
}

/** The vault frame's `Frame`, to evaluate in the vault's own window (its storage, its recorded prompts). */
export async function vaultFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('[data-testid="vault-frame"]').elementHandle({ timeout: 15_000 })
  const frame = await handle!.contentFrame()
  if (!frame) throw new Error('the vault frame has no document')
  return frame
}

/** How many passkey ceremonies the vault ran on this page load (none before the vault was loaded). */
export async function passkeyPrompts(page: Page): Promise<{ create: number; get: number }> {
  if ((await page.locator('[data-testid="vault-frame"]').count()) === 0) return { create: 0, get: 0 }
  return (await (await vaultFrame(page)).evaluate(() => window.__passkeyPrompts)) ?? { create: 0, get: 0 }
}

/** What the vault frame recorded of the key material it handled (PRF outputs, raw data keys). */
export async function vaultSeen(page: Page): Promise<{ prf: string[]; rawKeys: string[] }> {
  const frame = await vaultFrame(page)
  return frame.evaluate(() => ({ prf: window.__prfSeen ?? [], rawKeys: window.__rawKeysSeen ?? [] }))
}

/**
 * The wallet's management, where it lives: "Manage wallet" in the vault's frame opens the vault in a
 * tab of its own (checked here), and the test goes on in that tab's place on this page (its virtual
 * passkey authenticator belongs to this page, not to a new tab). Leaves `page` on the vault's home.
 */
export async function manageInVaultTab(page: Page): Promise<void> {
  const home = `${vaultOriginFor(page.url())}/`
  await openEmbeddedPanel(page)
  const opened = page.context().waitForEvent('page')
  await vault(page).getByTestId('embedded-manage-button').click()
  const tab = await opened
  // The vault's own page, in the page's language (`?lang=`).
  await tab.waitForURL((url) => `${url.origin}/` === home && url.pathname === '/')
  expect(new URL(tab.url()).searchParams.get('lang')).toBe('en')
  // Opened without a way back to the page (noopener): the tab is the vault's own, no page serves it.
  expect(await tab.evaluate(() => window.opener)).toBeNull()
  await tab.close()
  await page.goto(home)
  await expect(page.getByTestId('embedded-panel')).toBeVisible({ timeout: 30_000 })
}

export async function openEmbeddedPanel(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('connect-dialog').getByTestId('wallet-option-embedded').click()
  const panel = vault(page).getByTestId('embedded-panel')
  // Under next dev the vault's script is bundled on its first request. A vault that gave up loading
  // (the page's limit, 7 s in production) says so in the dialog at once: that is the failure.
  const hostError = page.getByTestId('connect-dialog').getByTestId('embedded-host').getByTestId('connect-error')
  await expect.poll(async () => (await panel.isVisible()) || (await hostError.isVisible()), { timeout: 30_000 }).toBe(true)
  if (await hostError.isVisible()) throw new Error(`the vault did not open: ${await hostError.innerText()}`)
  // …and its first API answer compiled (a limit a passing production run never reaches).
  await expect(panel).not.toHaveAttribute('data-step', 'busy', { timeout: 30_000 })
  // Seen and settled: until then the vault's buttons are inert, and Chromium itself drops input to a
  // frame that watches its own visibility before it has been seen (as a user's too-early click is).
  await expect(panel.locator('[data-guarded]').first()).toHaveAttribute('data-live', 'true')
}

/**
 * The create form from the panel's home (the dialog open): the email, then the code the server mails
 * to it (read from the real SMTP capture), then the passkey. Stops when the code is entered.
 */
export async function submitCreateWithEmailCode(page: Page, mail: MailCatcher, email: string): Promise<void> {
  const ui = vault(page)
  await ui.getByTestId('embedded-email-input').fill(email)
  const inboxBefore = mail.inbox.length
  await ui.getByTestId('embedded-create-button').click()
  // Under next dev the first answer also compiles the route: a limit a passing run never reaches.
  await expect(ui.getByTestId('embedded-confirm-code-sent')).toContainText(email, { timeout: 30_000 })
  await ui.getByTestId('embedded-confirm-code-input').fill(await verificationCodeFor(mail, email, inboxBefore))
  await ui.getByTestId('embedded-confirm-code-button').click()
}

/** Create (email → emailed code → passkey) → connected; returns the address the account view shows. */
export async function createWallet(page: Page, mail: MailCatcher, email: string): Promise<Address> {
  await openEmbeddedPanel(page)
  await submitCreateWithEmailCode(page, mail, email)
  return await tapCreateUntilMade(page)
}

/**
 * After the emailed code: waits for the account, tapping "Create wallet" whenever the vault asks for
 * a new tap with no error. It does when its fetches outlived the tap the passkey prompt needs (a
 * loaded machine, next dev's first compile of a route), as a user on a slow connection sees it
 * (walletScreens.test.ts covers it). `tapFirst`: the screen shows now and is tapped first (after an
 * error it showed). Returns the address the account view shows.
 */
export async function tapCreateUntilMade(page: Page, options: { tapFirst?: boolean } = {}): Promise<Address> {
  const account = page.getByTestId('account-address')
  const createPasskey = vault(page).getByTestId('embedded-create-passkey-button')
  if (options.tapFirst) await createPasskey.click()
  for (let taps = 0; ; taps += 1) {
    // A passkey ceremony, the wallet's creation and the server's check; under next dev also the first
    // compile of the embedded wallet's chunks: a limit a passing run never reaches.
    await expect.poll(async () => (await account.isVisible()) || (await createPasskey.isVisible()), { timeout: 45_000 }).toBe(true)
    if (await account.isVisible()) break
    expect(taps, 'the vault asked for a new tap three times').toBeLessThan(3)
    await expect(vault(page).getByTestId('connect-error')).toHaveCount(0)
    await createPasskey.click()
  }
  return (await account.getAttribute('title')) as Address
}

/** The recovery chooser: no wallet is picked for the user; choose `address` and continue. */
export async function chooseWallet(page: Page, address: Address): Promise<void> {
  const ui = vault(page)
  const choice = ui.getByTestId(`embedded-wallet-choice-${address}`)
  // The code is checked by the server first (its store, its hashing): past the usual 5 s on a loaded
  // machine (a CI run with two instances, nginx and Postgres behind it), never less than the project's.
  await expect(choice).toBeVisible(atLeast(15_000))
  for (const radio of await ui.locator('input[name="wallet"]').all()) await expect(radio).not.toBeChecked()
  await choice.check()
  await ui.getByTestId('embedded-choose-button').click()
}

export async function disconnect(page: Page): Promise<void> {
  await page.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
}

/** Moves the embedded wallet's server clock forward from the test process (the test-only hook). */
async function advanceClock(app: { vaultURL: string; testSecret: string }, seconds: number): Promise<void> {
  const response = await fetch(`${app.vaultURL}/api/embedded/test-clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sigil-test-secret': app.testSecret, origin: app.vaultURL },
    body: JSON.stringify({ advanceMs: seconds * 1000 }),
  })
  if (response.status !== 200) throw new Error(`the test clock answered ${response.status}`)
}

/** Moves the embedded wallet's server clock forward (the test-only hook). */
export async function advanceServerClock(page: Page, app: { vaultURL: string; testSecret: string }, seconds: number): Promise<void> {
  // The wallet's API lives on the vault's origin only.
  const response = await page.request.post(`${app.vaultURL}/api/embedded/test-clock`, {
    data: { advanceMs: seconds * 1000 },
    // Sent as the vault's page would: proxy.ts refuses state-changing API requests without its Origin.
    headers: { 'x-sigil-test-secret': app.testSecret, origin: app.vaultURL },
  })
  expect(response.status()).toBe(200)
}

/** What one origin keeps on the device: IndexedDB (every database and store), localStorage, sessionStorage, readable cookies. */
function originStorageDump(target: Page | Frame): Promise<Record<string, unknown>> {
  return target.evaluate(async () => {
    const out: Record<string, unknown> = { localStorage: { ...localStorage }, sessionStorage: { ...sessionStorage }, cookie: document.cookie }
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of [...db.objectStoreNames]) {
        out[`indexedDB:${info.name}/${store}`] = await new Promise((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
      }
      db.close()
    }
    return out
  })
}

/** What the app's origin keeps on the device (the page's own storage, its cookies). */
export async function appStorageDump(page: Page): Promise<string> {
  const origin = new URL(page.url()).origin
  const cookies = (await page.context().cookies()).filter((cookie) => !cookie.domain.startsWith('wallet.'))
  return JSON.stringify({ ...(await originStorageDump(page)), cookies, origin })
}

/** Everything kept on the device, the app's origin and the vault's: IndexedDB, localStorage, cookies. */
export async function deviceStorageDump(page: Page): Promise<string> {
  const inVault = (await page.locator('[data-testid="vault-frame"]').count()) > 0 ? await originStorageDump(await vaultFrame(page)) : {}
  return JSON.stringify({ app: await originStorageDump(page), vault: inVault, contextCookies: await page.context().cookies() })
}

/**
 * The embedded wallet's confirmation sheet is up with `title` (within `options.timeout`, unless said
 * 15 s or the project's longer wait); the user clicks Approve (a real click: trusted input, as the sheet requires) and the sheet
 * goes away.
 */
export async function approveInSheet(page: Page, title: string | RegExp, options: { timeout?: number } = {}): Promise<void> {
  const sheet = vault(page).getByTestId('confirm-sheet')
  await expect(sheet).toBeVisible(options.timeout !== undefined ? { timeout: options.timeout } : atLeast(15_000))
  await expect(sheet.getByTestId('confirm-title')).toHaveText(title)
  // Approve is inert for its first 500 ms on screen: a real user's click comes after it is live.
  await expect(sheet.getByTestId('confirm-approve')).toHaveAttribute('data-live', 'true')
  await sheet.getByTestId('confirm-approve').click()
  await expect(sheet).toBeHidden()
}

/**
 * Another browser (its own context and virtual authenticator), on the app with the embedded wallet's
 * panel open: a computer in English unless `options.context` says otherwise, with `options.cookies`. Brought to the front first:
 * the vault opens as a frame only where the browser proves it visible (else a popup). Close `context`.
 */
export async function anotherBrowserAtPanel(
  browser: Browser,
  baseURL: string,
  options: { context?: BrowserContextOptions; cookies?: Parameters<BrowserContext['addCookies']>[0] } = {},
): Promise<{ context: BrowserContext; page: Page; authenticator: VirtualAuthenticator }> {
  const context = await browser.newContext(options.context ?? { viewport: { width: 1280, height: 800 }, locale: 'en-US' })
  if (options.cookies) await context.addCookies(options.cookies)
  const page = await context.newPage()
  const authenticator = await addVirtualAuthenticator(page, { prf: true })
  await page.goto(baseURL)
  await page.bringToFront()
  await openEmbeddedPanel(page)
  return { context, page, authenticator }
}
