import { type Address, type Hex, parseEther, toHex, verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { embedded } from '@/lib/i18n/embedded'
import { plainErrors } from '@/lib/i18n/plainErrors'
import {
  approveInSheet,
  advanceServerClock,
  chooseWallet,
  createWallet,
  deviceStorageDump,
  disconnect,
  expect,
  mailFor,
  manageInVaultTab,
  openEmbeddedPanel,
  passkeyPrompts,
  RECOVERY_SUBJECT,
  recoveryCodeFor,
  submitCreateWithEmailCode,
  tapCreateUntilMade,
  test,
  uniqueEmail,
  VERIFICATION_SUBJECT,
  vault,
  vaultFrame,
  vaultSeen,
} from './embeddedFixtures'
import { addVirtualAuthenticator } from '../fixtures/passkeys'
import { atLeast } from '../fixtures/waits'
import { watchPageEgress } from './egress'
import { serverSession } from './signIn'

/**
 * The embedded wallet end to end (issues 6 and 12): the production build, Debian's Chromium with its
 * virtual passkey authenticator (PRF on), a real SMTP server on loopback receiving the verification
 * and recovery emails over STARTTLS, the real API and store, and anvil for the chain. The server's
 * clock is moved with the test-only hook.
 */

/** The API's English, by code (what its answers carry). */
const messages = embedded.errors
const RECIPIENT: Address = '0x000000000000000000000000000000000000bEEF'

test.describe.configure({ timeout: 120_000 })

async function signIn(page: import('@playwright/test').Page, address: Address) {
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  await page.getByTestId('sign-in-button').click()
  // The sheet names the site the sign-in is for, first.
  await approveInSheet(page, `Sign in to ${new URL(page.url()).host}`)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in', atLeast(15_000))
  await expect(page.getByTestId('auth-address')).toHaveText(address)
}

/**
 * Reveal, in the vault's own tab (management never runs in the frame a page controls); back on the
 * app afterwards, with the embedded panel open. Returns the words and the key material the vault tab
 * saw on the way (PRF outputs, raw data keys).
 */
async function revealPhrase(page: import('@playwright/test').Page): Promise<{ words: string; seen: { prf: string[]; rawKeys: string[] } }> {
  const app = page.url()
  await manageInVaultTab(page)
  await page.getByTestId('embedded-reveal-button').click()
  const phrase = page.getByTestId('embedded-phrase')
  await expect(phrase).toHaveText(/^(\w+ ){11}\w+$/)
  const words = (await phrase.textContent()) ?? ''
  await page.getByTestId('embedded-hide-phrase-button').click()
  // Hidden: the words leave the vault's document with the view that showed them.
  await expect(phrase).toHaveCount(0)
  await expect(page.getByText(words)).toHaveCount(0)
  const seen = await page.evaluate(() => ({ prf: window.__prfSeen ?? [], rawKeys: window.__rawKeysSeen ?? [] }))
  await page.goto(app)
  await openEmbeddedPanel(page)
  return { words, seen }
}

test('creates a wallet from an email proven by a code and a passkey, signs in with it and sends a confirmed transaction', { tag: '@dev' }, async ({
  page,
  embeddedApp,
  authenticator,
  chainClient,
  mail,
  snap,
}) => {
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('create')
  const address = await createWallet(page, mail, email)
  // The code went by real mail, encrypted (STARTTLS, as production requires), and says never to share it.
  const verification = await mailFor(mail, email, VERIFICATION_SUBJECT)
  expect(verification).toMatchObject({ from: 'no-reply@sigil.test', tls: true })
  expect(verification.text).toContain('Never share this code. Sigil will never ask you for it')
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  expect(await authenticator.credentials()).toHaveLength(1)
  expect(await passkeyPrompts(page)).toEqual({ create: 1, get: 0 })

  // Any supported chain (wallet_switchEthereumChain answered by the wallet itself): the local one.
  await page.evaluate(() => window.__sigilTest!.switchChain!(31337))
  await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', '31337')

  // Sign-In with Ethereum against the server: one personal_sign, verified by the server's SIWE route.
  await signIn(page, address)
  expect((await serverSession(page, embeddedApp.baseURL)).body).toMatchObject({ address, chainId: 31337 })
  await snap('embedded-signed-in')

  // A transaction: filled in by the page, shown and signed in the vault, broadcast by the page, answered
  // with its hash as soon as it is broadcast (EIP-1193), not after confirmations.
  await chainClient.setBalance({ address, value: parseEther('1') })
  const before = await chainClient.getBalance({ address: RECIPIENT })
  await page.waitForFunction(() => Boolean(window.__sigilTest?.embeddedProvider))
  const sending = page.evaluate(
    ([from, to]) => window.__sigilTest!.embeddedProvider!.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x2386f26fc10000' }] }),
    [address, RECIPIENT] as const,
  ) as Promise<Hex>
  // Nothing is sent before the user saw it: the recipient, 0.01 ETH, no data, the chain and a fee ceiling.
  const sheet = vault(page).getByTestId('confirm-sheet')
  await expect(sheet.getByTestId('confirm-to')).toHaveText(RECIPIENT)
  await expect(sheet.getByTestId('confirm-value')).toHaveText('0.01 ETH')
  await expect(sheet.getByTestId('confirm-data')).toHaveText('None')
  await expect(sheet.getByTestId('confirm-chain')).toContainText('31337')
  await expect(sheet.getByTestId('confirm-fee')).toHaveText(/^0\.\d+ ETH$/)
  expect(await chainClient.getTransactionCount({ address })).toBe(0)
  await snap('embedded-confirm-transaction')
  await chainClient.setAutomine(false)
  await approveInSheet(page, 'Send a transaction')
  const hash = await sending
  // Answered while still pending: nothing has mined it yet.
  expect(await chainClient.getTransaction({ hash })).toMatchObject({ blockNumber: null })
  await chainClient.setAutomine(true)
  await chainClient.mine({ blocks: 1 })
  const receipt = await chainClient.getTransactionReceipt({ hash })
  expect(receipt).toMatchObject({ status: 'success', from: address.toLowerCase(), to: RECIPIENT.toLowerCase() })
  expect(await chainClient.getBalance({ address: RECIPIENT })).toBe(before + parseEther('0.01'))
})

test('sends on a chain read through the proxy: broadcast through the app’s own origin, mined, no CSP violation; the page reaches only its origin and the vault', async ({
  page,
  embeddedApp,
  authenticator: _,
  chainClient,
  mail,
}) => {
  const egress = watchPageEgress(page)
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('egress'))
  await page.evaluate(() => window.__sigilTest!.switchChain!(31337))
  await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', '31337')
  await chainClient.setBalance({ address, value: parseEther('1') })
  const broadcasts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && (request.postData() ?? '').includes('eth_sendRawTransaction')) broadcasts.push(new URL(request.url()).pathname)
  })
  await page.waitForFunction(() => Boolean(window.__sigilTest?.embeddedProvider))
  const sending = page.evaluate(
    ([from, to]) => window.__sigilTest!.embeddedProvider!.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x1' }] }),
    [address, RECIPIENT] as const,
  ) as Promise<Hex>
  await approveInSheet(page, 'Send a transaction')
  const hash = await sending
  const receipt = await chainClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  expect(receipt).toMatchObject({ status: 'success', from: address.toLowerCase(), to: RECIPIENT.toLowerCase() })
  expect(broadcasts).toEqual(['/api/rpc/31337/broadcast'])
  await page.waitForTimeout(500)
  await egress.expectWithinManifest(embeddedApp.baseURL, 'embedded')
})

test('comes back after a reload locked on the same address; one passkey touch unlocks it', async ({ page, embeddedApp, authenticator, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('reload'))
  expect(await authenticator.credentials()).toHaveLength(1)

  // Reload: the account shows at once (server-rendered from the cookie), no passkey prompt yet.
  await page.reload()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address)
  expect(await passkeyPrompts(page)).toEqual({ create: 0, get: 0 })

  // The first signature needs the key: the sheet, then one passkey prompt, then the signature.
  await page.getByTestId('sign-message-input').fill('hello from the embedded wallet')
  await page.getByTestId('sign-message-button').click()
  await expect(vault(page).getByTestId('confirm-message')).toHaveText('hello from the embedded wallet')
  expect(await passkeyPrompts(page)).toEqual({ create: 0, get: 0 })
  await approveInSheet(page, 'Sign a message')
  await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true', { timeout: 15_000 })
  const signature = (await page.getByTestId('signature-output').textContent()) as Hex
  expect(await verifyMessage({ address, message: 'hello from the embedded wallet', signature })).toBe(true)
  expect(await passkeyPrompts(page)).toEqual({ create: 0, get: 1 })

  // Disconnected, the dialog offers "Unlock with passkey" for this device's wallet: same address again.
  await disconnect(page)
  await page.reload()
  await openEmbeddedPanel(page)
  await expect(vault(page).getByTestId('embedded-existing-address')).toHaveText(address)
  await vault(page).getByTestId('embedded-unlock-button').click()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address)
  expect(await passkeyPrompts(page)).toEqual({ create: 0, get: 1 })
})

test('keeps no plaintext key material on the device or in what it sends', async ({ page, embeddedApp, authenticator, apiBodies, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('scan'))
  void authenticator
  const prfSeenAtCreate = (await vaultSeen(page)).prf
  expect(prfSeenAtCreate.length).toBeGreaterThan(0)

  // The phrase, revealed after a fresh passkey check, gives the wallet's address.
  await disconnect(page)
  const { words: phrase, seen: seenInTab } = await revealPhrase(page)
  const account = mnemonicToAccount(phrase)
  expect(account.address).toBe(address)
  const privateKey = toHex(account.getHdKey().privateKey!).slice(2)
  const seenInFrame = await vaultSeen(page)
  const prfOutputs = [...seenInTab.prf, ...seenInFrame.prf]
  const rawKeys = [...seenInTab.rawKeys, ...seenInFrame.rawKeys]
  expect(rawKeys.length, 'the data key was seen on its way into WebCrypto').toBeGreaterThan(0)

  const secrets = [
    phrase,
    ...phrase.split(' ').map((_, index, words) => words.slice(index, index + 3).join(' ')).filter((run) => run.split(' ').length === 3),
    privateKey,
    ...[...prfOutputs, ...rawKeys].flatMap((hex) => [hex, Buffer.from(hex, 'hex').toString('base64url'), Buffer.from(hex, 'hex').toString('base64')]),
  ]
  const stored = await deviceStorageDump(page)
  expect(stored).toContain(address) // the scan does read the wallet's record
  expect(stored).toContain('sigil-embedded/vaults')
  for (const secret of secrets) {
    expect(stored.toLowerCase(), 'device storage holds key material').not.toContain(secret.toLowerCase())
    for (const body of apiBodies) expect(body.toLowerCase(), 'a request to the API carried key material').not.toContain(secret.toLowerCase())
  }
})

test('recovers the wallet by email after the passkey is lost, with a new passkey and the same address', async ({ page, embeddedApp, authenticator, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('recover')
  const address = await createWallet(page, mail, email)
  await disconnect(page)

  // Lost device: the passkey is gone from the authenticator.
  await authenticator.clear()
  expect(await authenticator.credentials()).toHaveLength(0)
  await page.reload()

  await openEmbeddedPanel(page)
  await vault(page).getByTestId('embedded-recover-button').click()
  await vault(page).getByTestId('embedded-recover-email-input').fill(email)
  const inboxBefore = mail.inbox.length
  await vault(page).getByTestId('embedded-send-code-button').click()
  await expect(vault(page).getByTestId('embedded-code-sent')).toContainText(email)
  const code = await recoveryCodeFor(mail, email, inboxBefore)
  const message = await mailFor(mail, email, RECOVERY_SUBJECT, inboxBefore)
  expect(message).toMatchObject({ from: 'no-reply@sigil.test', tls: true })
  expect(message.text).toContain('Never share this code. Sigil will never ask you for it')

  await vault(page).getByTestId('embedded-code-input').fill(code)
  await vault(page).getByTestId('embedded-verify-code-button').click()
  // One wallet, and still the user picks it: a wallet is never chosen for them.
  await chooseWallet(page, address)
  await expect(vault(page).getByTestId('embedded-recover-address')).toContainText(address)
  await vault(page).getByTestId('embedded-new-passkey-button').click()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address)
  expect(await authenticator.credentials()).toHaveLength(1)

  // The new passkey unlocks the wallet after a reload too.
  await page.reload()
  await page.getByTestId('sign-message-input').fill('recovered')
  await page.getByTestId('sign-message-button').click()
  await approveInSheet(page, 'Sign a message')
  await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true', { timeout: 15_000 })
})

test('recovers on a device that still holds the old passkey, choosing between two wallets of one email with no default', async ({ page, embeddedApp, authenticator, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('choose')
  const first = await createWallet(page, mail, email)
  await disconnect(page)
  await openEmbeddedPanel(page)
  await vault(page).getByTestId('embedded-new-wallet-button').click()
  // Another wallet needs the email proven again.
  await submitCreateWithEmailCode(page, mail, email)
  expect(await tapCreateUntilMade(page)).not.toBe(first)
  await disconnect(page)
  expect(await authenticator.credentials()).toHaveLength(2)

  // The site's data is gone (cleared browser data, the vault's too), the passkeys are still in the authenticator.
  for (const target of [page, await vaultFrame(page)]) {
    await target.evaluate(async () => {
      localStorage.clear()
      for (const database of await indexedDB.databases()) if (database.name) indexedDB.deleteDatabase(database.name)
    })
  }
  await page.reload()

  await openEmbeddedPanel(page)
  await vault(page).getByTestId('embedded-recover-button').click()
  await vault(page).getByTestId('embedded-recover-email-input').fill(email)
  const inboxBefore = mail.inbox.length
  await vault(page).getByTestId('embedded-send-code-button').click()
  await vault(page).getByTestId('embedded-code-input').fill(await recoveryCodeFor(mail, email, inboxBefore))
  await vault(page).getByTestId('embedded-verify-code-button').click()

  // Both wallets, each with its creation date, and none chosen for the user.
  const choices = vault(page).locator('input[name="wallet"]')
  await expect(choices).toHaveCount(2)
  for (const choice of await choices.all()) await expect(choice).not.toBeChecked()
  await expect(vault(page).getByTestId('embedded-wallet-created')).toHaveCount(2)
  for (const date of await vault(page).getByTestId('embedded-wallet-created').all()) expect(Number.isNaN(Date.parse((await date.getAttribute('datetime'))!))).toBe(false)
  await vault(page).getByTestId('embedded-choose-button').click()
  await expect(vault(page).getByTestId('embedded-recover-address')).toHaveCount(0) // a choice is required
  await vault(page).getByTestId(`embedded-wallet-choice-${first}`).check()
  await vault(page).getByTestId('embedded-choose-button').click()
  await expect(vault(page).getByTestId('embedded-recover-address')).toContainText(first)

  // No excludeCredentials: the authenticator holding the wallet's old passkey makes a new one.
  await vault(page).getByTestId('embedded-new-passkey-button').click()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', first, { timeout: 15_000 })
  await expect(vault(page).getByTestId('connect-error')).toHaveCount(0)
})

test('refuses a recovery code older than 900 seconds', async ({ page, embeddedApp, authenticator, mail }) => {
  void authenticator
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('late-code')
  await createWallet(page, mail, email)
  await disconnect(page)
  await openEmbeddedPanel(page)
  await vault(page).getByTestId('embedded-recover-button').click()
  await vault(page).getByTestId('embedded-recover-email-input').fill(email)
  const inboxBefore = mail.inbox.length
  await vault(page).getByTestId('embedded-send-code-button').click()
  const code = await recoveryCodeFor(mail, email, inboxBefore)

  await advanceServerClock(page, embeddedApp, 901)
  await vault(page).getByTestId('embedded-code-input').fill(code)
  await vault(page).getByTestId('embedded-verify-code-button').click()
  await expect(vault(page).getByTestId('connect-error')).toHaveText(plainErrors.embedded_code_expired)
  await expect(vault(page).getByTestId('embedded-code-input')).toBeVisible()
})

test('refuses to finish a recovery whose session is older than 1800 seconds', async ({ page, embeddedApp, authenticator, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('late-session')
  const address = await createWallet(page, mail, email)
  await disconnect(page)
  await authenticator.clear()
  await openEmbeddedPanel(page)
  await vault(page).getByTestId('embedded-recover-button').click()
  await vault(page).getByTestId('embedded-recover-email-input').fill(email)
  const inboxBefore = mail.inbox.length
  await vault(page).getByTestId('embedded-send-code-button').click()
  await vault(page).getByTestId('embedded-code-input').fill(await recoveryCodeFor(mail, email, inboxBefore))
  await vault(page).getByTestId('embedded-verify-code-button').click()
  await chooseWallet(page, address)
  await expect(vault(page).getByTestId('embedded-recover-address')).toContainText(address)

  await advanceServerClock(page, embeddedApp, 1801)
  await vault(page).getByTestId('embedded-new-passkey-button').click()
  await expect(vault(page).getByTestId('connect-error')).toHaveText(plainErrors.embedded_recovery_session_invalid)
  await expect(page.getByTestId('account-address')).toHaveCount(0)
})

test('locks a code after 5 wrong attempts, even for the right code afterwards', async ({ page, embeddedApp, authenticator, mail }) => {
  void authenticator
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('locked')
  await createWallet(page, mail, email)
  await disconnect(page)
  await openEmbeddedPanel(page)
  await vault(page).getByTestId('embedded-recover-button').click()
  await vault(page).getByTestId('embedded-recover-email-input').fill(email)
  const inboxBefore = mail.inbox.length
  await vault(page).getByTestId('embedded-send-code-button').click()
  const code = await recoveryCodeFor(mail, email, inboxBefore)
  const wrong = code === '000000' ? '111111' : '000000'

  for (const attemptsLeft of [4, 3, 2, 1]) {
    await vault(page).getByTestId('embedded-code-input').fill(wrong)
    await vault(page).getByTestId('embedded-verify-code-button').click()
    await expect(vault(page).getByTestId('connect-error')).toHaveText(plainErrors.embedded_code_invalid.replace('{attemptsLeft}', String(attemptsLeft)))
  }
  await vault(page).getByTestId('embedded-code-input').fill(wrong)
  await vault(page).getByTestId('embedded-verify-code-button').click()
  await expect(vault(page).getByTestId('connect-error')).toHaveText(plainErrors.embedded_code_locked)

  await vault(page).getByTestId('embedded-code-input').fill(code)
  await vault(page).getByTestId('embedded-verify-code-button').click()
  await expect(vault(page).getByTestId('embedded-code-input')).toBeVisible()
  await expect(vault(page).getByTestId('connect-error')).toHaveText(plainErrors.embedded_code_locked)
  await expect(vault(page).getByTestId('embedded-recover-address')).toHaveCount(0)
})

test('an authenticator without PRF gets the clear message and no wallet is created', async ({ page, embeddedApp, mail }) => {
  const authenticator = await addVirtualAuthenticator(page, { prf: false })
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('no-prf')
  await openEmbeddedPanel(page)
  await submitCreateWithEmailCode(page, mail, email)
  await expect(vault(page).getByTestId('connect-error')).toHaveText(plainErrors.embedded_prf_unsupported)
  // The email stays proven for a while: the passkey can be tried again without a new code.
  await expect(vault(page).getByTestId('embedded-create-passkey-button')).toBeFocused()
  await expect(page.getByTestId('account-address')).toHaveCount(0)

  // Nothing on the device; nothing on the server (a recovery code request sends no email).
  const stored = await deviceStorageDump(page)
  expect(stored).not.toContain('"walletId"')
  const response = await page.request.post(`${embeddedApp.vaultURL}/api/embedded/recovery/code`, { data: { email }, headers: { origin: embeddedApp.vaultURL } })
  expect(response.status()).toBe(202)
  await expect(mail.waitFor((message) => message.to.includes(email) && message.subject === RECOVERY_SUBJECT, 1_500)).rejects.toThrow(/no matching email/)
  void authenticator
})

test('the embedded view is accessible, keyboard-friendly and fits a 360 px screen', async ({ page, embeddedApp, authenticator, expectAccessible, mail, snap }) => {
  void authenticator
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(embeddedApp.baseURL)
  await openEmbeddedPanel(page)
  await expect(vault(page).getByTestId('embedded-email-input')).toBeFocused()
  await expectAccessible({ include: ['[data-testid="vault-frame"]', '[data-testid="embedded-panel"]'] as never, label: 'embedded create view' })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await snap('embedded-create-360')

  // The "check your email" step, by keyboard alone: Enter sends, the code field takes the focus.
  const email = uniqueEmail('a11y')
  await page.keyboard.type(email)
  const inboxBefore = mail.inbox.length
  // Enter counts once the form is live (not within 500 ms of the frame gaining the focus: a page that
  // moves the focus into the vault while the user types must not have their Enter submit it).
  await expect(vault(page).getByTestId('embedded-create-button')).toHaveAttribute('data-live', 'true')
  await page.keyboard.press('Enter')
  await expect(vault(page).getByTestId('embedded-confirm-code-sent')).toContainText(email)
  await expect(vault(page).getByTestId('embedded-confirm-code-input')).toBeFocused()
  await expectAccessible({ include: ['[data-testid="vault-frame"]', '[data-testid="embedded-panel"]'] as never, label: 'embedded confirm-email view' })
  await snap('embedded-confirm-email-360')
  await mailFor(mail, email, VERIFICATION_SUBJECT, inboxBefore)
  await vault(page).getByTestId('embedded-back-button').click()
  await vault(page).getByTestId('embedded-recover-button').click()
  await expectAccessible({ include: ['[data-testid="vault-frame"]', '[data-testid="embedded-panel"]'] as never, label: 'embedded recover view' })
  await snap('embedded-recover-360')
})

test('the test clock answers 404 without the server secret, and the wallet API is not on the app origin', async ({ page, embeddedApp }) => {
  const path = '/api/embedded/test-clock'
  // From the vault's origin, so the answer is the hook's own gate and not the origin rule.
  const origin = embeddedApp.vaultURL
  expect((await page.request.post(`${embeddedApp.vaultURL}${path}`, { data: { advanceMs: 1000 }, headers: { origin } })).status()).toBe(404)
  const wrong = await page.request.post(`${embeddedApp.vaultURL}${path}`, { data: { advanceMs: 1000 }, headers: { 'x-sigil-test-secret': `${embeddedApp.testSecret}x`, origin } })
  expect(wrong.status()).toBe(404)
  // On the app's origin the wallet's API does not exist, even with the secret.
  const onApp = await page.request.post(`${embeddedApp.baseURL}${path}`, { data: { advanceMs: 1000 }, headers: { 'x-sigil-test-secret': embeddedApp.testSecret, origin: embeddedApp.baseURL } })
  expect(onApp.status()).toBe(404)
  expect((await page.request.post(`${embeddedApp.baseURL}/api/embedded/recovery/code`, { data: { email: 'a@example.test' }, headers: { origin: embeddedApp.baseURL } })).status()).toBe(404)
})

test('a recovery code works only in the browser that asked for it', async ({ page, browser, embeddedApp, authenticator, mail }) => {
  void authenticator
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('bound')
  const address = await createWallet(page, mail, email)
  await disconnect(page)
  await openEmbeddedPanel(page)
  await vault(page).getByTestId('embedded-recover-button').click()
  await vault(page).getByTestId('embedded-recover-email-input').fill(email)
  const inboxBefore = mail.inbox.length
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/embedded/recovery/code'))
  await vault(page).getByTestId('embedded-send-code-button').click()
  const { requestId } = (await (await asked).json()) as { requestId: string }
  const code = await recoveryCodeFor(mail, email, inboxBefore)

  // Another browser with the right code and its request id (what a phisher who was read the code has): refused.
  const other = await browser.newContext()
  try {
    const stolen = await other.request.post(`${embeddedApp.vaultURL}/api/embedded/recovery/verify`, { data: { requestId, code }, headers: { origin: embeddedApp.vaultURL } })
    expect(stolen.status()).toBe(403)
    expect(await stolen.json()).toMatchObject({ code: 'embedded_code_other_browser', message: messages.embedded_code_other_browser })
  } finally {
    await other.close()
  }

  // The browser that asked for it: accepted.
  await vault(page).getByTestId('embedded-code-input').fill(code)
  await vault(page).getByTestId('embedded-verify-code-button').click()
  await chooseWallet(page, address)
  await expect(vault(page).getByTestId('embedded-recover-address')).toContainText(address)
})

test('a recovery mails the owner a notice when it starts, whose link cancels it: the page asks first, and the recovery cannot finish', async ({ page, embeddedApp, authenticator, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('notice')
  const address = await createWallet(page, mail, email)
  await disconnect(page)
  await authenticator.clear()
  await page.reload()

  await openEmbeddedPanel(page)
  await vault(page).getByTestId('embedded-recover-button').click()
  await vault(page).getByTestId('embedded-recover-email-input').fill(email)
  const inboxBefore = mail.inbox.length
  await vault(page).getByTestId('embedded-send-code-button').click()
  await vault(page).getByTestId('embedded-code-input').fill(await recoveryCodeFor(mail, email, inboxBefore))
  await vault(page).getByTestId('embedded-verify-code-button').click()
  await chooseWallet(page, address)
  // This server's delay is 0 (the delay's own spec is embeddedRecoveryDelay.spec.ts): the key is back at once.
  await expect(vault(page).getByTestId('embedded-recover-address')).toContainText(address)

  const notice = await mailFor(mail, email, `Sigil: a recovery of your wallet ${address} has started`, inboxBefore)
  expect(notice.tls).toBe(true)
  expect(notice.text).toContain('If it was not you, someone is reading your email. Cancel the recovery before')
  const link = /(http:\/\/\S+\/api\/embedded\/recovery\/cancel\?token=[\w-]{22})/.exec(notice.text)?.[1]
  // On the vault's origin, where the wallet's API lives.
  expect(link?.startsWith(`${embeddedApp.vaultURL}/`)).toBe(true)

  // The owner opens the link (any browser): a question and a button; opening it changed nothing.
  const owner = await page.context().newPage()
  await owner.goto(link!)
  await expect(owner.getByTestId('cancel-confirm')).toContainText(address)
  // Styled like the vault (its card and primary button), not the browser's defaults.
  await expect(owner.getByTestId('cancel-recovery-button')).toHaveCSS('font-weight', '600')
  await expect(owner.locator('section.card')).toHaveCSS('border-radius', '16px')
  // In the owner's language: a German browser gets the German page (opening it changes nothing).
  const german = await page.context().browser()!.newContext({ locale: 'de-DE' })
  try {
    const inGerman = await german.newPage()
    await inGerman.goto(link!)
    await expect(inGerman.locator('html')).toHaveAttribute('lang', 'de')
    await expect(inGerman.getByTestId('cancel-recovery-button')).toHaveText('Wiederherstellung abbrechen')
    await expect(inGerman.getByTestId('cancel-confirm')).toContainText(`Eine Wiederherstellung Ihrer Sigil-Wallet ${address}`)
  } finally {
    await german.close()
  }
  await owner.getByTestId('cancel-recovery-button').click()
  await expect(owner.getByTestId('cancel-done')).toContainText(address)
  await expect(owner.getByTestId('cancel-effect')).toHaveText('Its key had been released to that browser, which may have seen your recovery phrase: move your funds to a new wallet now.')
  await expect(owner.getByTestId('cancel-advice')).toContainText('secure your email account')
  await owner.goto(link!)
  await expect(owner.getByTestId('cancel-already')).toBeVisible()
  await owner.close()

  // The recovering browser cannot finish: no passkey is recorded for it.
  await vault(page).getByTestId('embedded-new-passkey-button').click()
  await expect(vault(page).getByTestId('connect-error')).toHaveText(plainErrors.embedded_recovery_cancelled)
  await expect(page.getByTestId('account-address')).toHaveCount(0)
})

test('a wallet made before the vault is named in the wallet view, and once recovered into the vault its old record leaves the app’s origin', async ({
  page,
  embeddedApp,
  authenticator,
  mail,
}) => {
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('legacy')
  const address = await createWallet(page, mail, email)
  await disconnect(page)
  // What a browser kept from before the vault: the wallet's record in the app's own origin (its
  // ciphertext is beside the point here: nothing reads it any more), and no vault record or passkey.
  await page.evaluate(
    (address) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('sigil-embedded', 1)
        open.onupgradeneeded = () => open.result.createObjectStore('vaults', { keyPath: 'walletId' })
        open.onsuccess = () => {
          const transaction = open.result.transaction('vaults', 'readwrite')
          transaction.objectStore('vaults').put({ version: 1, walletId: 'legacy-wallet-0000000001', address, email: 'old@example.test', credentialId: 'x', prfSalt: 'x', wrappedKey: { iv: 'x', ct: 'x' }, mnemonic: { iv: 'x', ct: 'x' }, savedAt: '2026-01-01T00:00:00.000Z' })
          transaction.oncomplete = () => {
            open.result.close()
            resolve()
          }
          transaction.onerror = () => reject(transaction.error)
        }
        open.onerror = () => reject(open.error)
      }),
    address,
  )
  const frame = await vaultFrame(page)
  await frame.evaluate(() => new Promise((resolve) => (indexedDB.deleteDatabase('sigil-embedded').onsuccess = resolve)))
  await authenticator.clear()
  await page.reload()

  await openEmbeddedPanel(page)
  // The page's own view says what to do, naming the wallet it found.
  await expect(page.getByTestId('embedded-legacy-notice')).toContainText(address)
  await expect(page.getByTestId('embedded-legacy-notice')).toContainText('Recover by email')
  await vault(page).getByTestId('embedded-recover-button').click()
  await vault(page).getByTestId('embedded-recover-email-input').fill(email)
  const inboxBefore = mail.inbox.length
  await vault(page).getByTestId('embedded-send-code-button').click()
  await vault(page).getByTestId('embedded-code-input').fill(await recoveryCodeFor(mail, email, inboxBefore))
  await vault(page).getByTestId('embedded-verify-code-button').click()
  await chooseWallet(page, address)
  await vault(page).getByTestId('embedded-new-passkey-button').click()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address)
  // The old record is gone from the app's origin.
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).map((info) => info.name))).not.toContain('sigil-embedded')
})
