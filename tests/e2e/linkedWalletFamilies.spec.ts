import { mergeTests, type Page } from '@playwright/test'
import type { InjectedWallet } from '../fixtures/injectedWallet'
import { SDK_CREATED_KEY, test as coinbaseTest, throughPopup } from './coinbaseFixtures'
import { approveInSheet, submitCreateWithEmailCode, test as embeddedTest, uniqueEmail, vault } from './embeddedFixtures'
import { WAGMI_STORAGE_KEY } from '@/lib/storageNames'
import { expect } from './fixtures'
import { EDGE_ON_WINDOWS, TEST_WALLET_KEY, connectAndSignIn } from './signIn'

/**
 * Linking wallets of other families from the signed-in panel: signed in with the injected test wallet,
 * the user links the email & passkey wallet (created in the linking dialog, with the virtual passkey)
 * and the Coinbase Smart Wallet (the keys page standing in for Coinbase's popup). Each connects beside
 * the session's connection, signs the link message, and is disconnected once linked: the session and
 * its wallet stay the page's. A second browser signs in with the Coinbase wallet into the same
 * account; the first ends that session from its list, and the second is signed out on its next
 * request. Then one wallet is unlinked. One app server with the embedded wallet's mail and vault and
 * the Coinbase keys page; its own store, so any key of the test wallet (#1 here).
 */

const test = mergeTests(embeddedTest, coinbaseTest).extend({
  embeddedAppEnv: [async ({ keysServer }, provide) => provide({ COINBASE_KEYS_URL: keysServer.url }), { scope: 'worker' }],
})

const COINBASE_OPTION = 'wallet-option-coinbasesmartwallet'

/**
 * The Coinbase row, its SDK created (hovered first, as a pointer does): the click opens the popup in
 * it. `again`: the page's SDK was created before (a disconnect clears the key it wrote, not the SDK).
 */
async function warmCoinbaseRow(page: Page, again = false) {
  const row = page.getByTestId('connect-dialog').getByTestId(COINBASE_OPTION)
  await row.hover()
  if (!again) await page.waitForFunction((key) => window.localStorage.getItem(key) !== null, SDK_CREATED_KEY)
  await expect(row).not.toHaveAttribute('data-preparing', 'true')
  return row
}

/** How many wallet connections wagmi has stored for the page (its cookie: what a reload restores). */
async function storedConnections(page: Page): Promise<number> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === `${WAGMI_STORAGE_KEY}.store`)
  if (!cookie) return 0
  const stored = JSON.parse(decodeURIComponent(cookie.value)) as { state?: { connections?: { value?: unknown[] } } }
  return stored.state?.connections?.value?.length ?? 0
}

/** The session's wallet is still the page's: the account view shows it, the sign-in panel too. */
async function expectSessionKept(page: Page, address: string) {
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
  await expect(page.getByTestId('auth-address')).toHaveText(address)
}

test('links the email & passkey wallet and the Coinbase Smart Wallet beside the session, ends a linked wallet’s session from elsewhere, unlinks one', async ({
  browser,
  page,
  embeddedApp,
  authenticator: _authenticator,
  mail,
  installWallet,
  useKeysWallet,
}) => {
  test.setTimeout(240_000)
  const wallet = await installWallet({ accountIndex: 1 })
  const keys = await useKeysWallet()
  await page.goto(embeddedApp.baseURL)
  await connectAndSignIn(page, wallet)
  const rows = page.getByTestId('wallet-row')
  const rowOf = (address: string) => page.locator(`[data-testid="wallet-row"][data-address="${address}"]`)
  await expect(rows).toHaveCount(1)
  const dialog = page.getByTestId('connect-dialog')
  const candidate = page.getByTestId('link-candidate')

  // The email & passkey wallet, created in the linking dialog, then the link message signed in its sheet.
  await page.getByRole('button', { name: 'Link another wallet' }).click()
  await dialog.getByTestId('wallet-option-embedded').click()
  const panel = vault(page).getByTestId('embedded-panel')
  await expect(panel).toBeVisible({ timeout: 30_000 })
  await expect(panel).not.toHaveAttribute('data-step', 'busy')
  await submitCreateWithEmailCode(page, mail, uniqueEmail('link'))
  await expect(dialog).toBeHidden({ timeout: 45_000 })
  await expect(candidate).toHaveAttribute('data-family', 'embedded')
  const embedded = (await candidate.textContent())!
  expect(embedded).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await expectSessionKept(page, wallet.address)
  await page.getByRole('button', { name: 'Sign the link message' }).click()
  await approveInSheet(page, /./)
  await expect(page.getByTestId('wallets-note')).toHaveText(`Linked ${embedded}.`)
  await expect(rows).toHaveCount(2)
  await expect(rowOf(embedded)).toHaveAttribute('data-family', 'embedded')
  await expect(rowOf(embedded).getByTestId('wallet-family')).toHaveText('via the email & passkey wallet')
  await expect(page.getByTestId('link-wallet')).toHaveCount(0)
  await expectSessionKept(page, wallet.address)
  // Its connection ended once linked: the session's is the only one.
  await expect.poll(() => storedConnections(page)).toBe(1)

  // The Coinbase Smart Wallet: its popup connects it, another signs the link message.
  await page.getByRole('button', { name: 'Link another wallet' }).click()
  const coinbaseRow = await warmCoinbaseRow(page)
  await throughPopup(page, () => coinbaseRow.click())
  await expect(dialog).toBeHidden()
  await expect(candidate).toHaveText(keys.address)
  await expect(candidate).toHaveAttribute('data-family', 'coinbasesmartwallet')
  await expectSessionKept(page, wallet.address)
  await throughPopup(page, () => page.getByRole('button', { name: 'Sign the link message' }).click())
  await expect(page.getByTestId('wallets-note')).toHaveText(`Linked ${keys.address}.`)
  await expect(rows).toHaveCount(3)
  await expect(rowOf(keys.address)).toHaveAttribute('data-family', 'coinbasesmartwallet')
  await expect(rowOf(wallet.address)).toHaveAttribute('data-family', 'injected')
  await expect(rowOf(wallet.address).getByTestId('wallet-signed-in-with')).toBeVisible()
  await expectSessionKept(page, wallet.address)
  await expect.poll(() => storedConnections(page)).toBe(1)

  const other = await browser.newContext({ userAgent: EDGE_ON_WINDOWS })
  try {
    // Another browser signs in with the Coinbase wallet: the same account, its three wallets.
    const elsewhere = await other.newPage()
    await elsewhere.goto(embeddedApp.baseURL)
    await elsewhere.getByTestId('connect-button').click()
    const elsewhereRow = await warmCoinbaseRow(elsewhere)
    await throughPopup(elsewhere, () => elsewhereRow.click())
    await expect(elsewhere.getByTestId('account-address')).toHaveAttribute('title', keys.address)
    await expect(elsewhere.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
    await throughPopup(elsewhere, () => elsewhere.getByTestId('sign-in-button').click())
    await expect(elsewhere.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
    await expect(elsewhere.getByTestId('wallet-row')).toHaveCount(3)

    // The first browser ends it from its list; the other is signed out on its next request.
    await page.reload()
    await expectSessionKept(page, wallet.address)
    await page.getByRole('button', { name: 'Sign out Edge on Windows' }).click()
    await expect(page.getByTestId('sessions-note')).toHaveText('Signed out on Edge on Windows.')
    await elsewhere.reload()
    await expect(elsewhere.getByTestId('account-address')).toBeVisible()
    await expect(elsewhere.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  } finally {
    await other.close()
  }

  // Unlinking the email & passkey wallet: two left, the session goes on.
  await page.getByRole('button', { name: `Unlink ${embedded}` }).click()
  await expect(page.getByTestId('wallets-note')).toHaveText(`Unlinked ${embedded}.`)
  await expect(rows).toHaveCount(2)
  await expectSessionKept(page, wallet.address)

  // The linked wallets' connections were ended: disconnecting leaves no wallet connected.
  await page.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
})

test('a refused signature and a wallet linked to another account are said in the catalogue’s words, and nothing is lost', async ({
  page,
  embeddedApp,
  installWallet,
  useKeysWallet,
}) => {
  test.setTimeout(120_000)
  const keys = await useKeysWallet()
  const wallet = await installWallet({ accountIndex: 2 })
  await page.goto(embeddedApp.baseURL)
  // The Coinbase wallet signs in first: an account of its own. Disconnecting ends that session.
  await page.getByTestId('connect-button').click()
  await throughPopup(page, async () => (await warmCoinbaseRow(page)).click())
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', keys.address)
  await throughPopup(page, () => page.getByTestId('sign-in-button').click())
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
  await page.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()

  // The extension's key signs in (another account) and tries to link the Coinbase wallet.
  await connectAndSignIn(page, wallet)
  await page.getByRole('button', { name: 'Link another wallet' }).click()
  await throughPopup(page, async () => (await warmCoinbaseRow(page, true)).click())
  await expect(page.getByTestId('connect-dialog')).toBeHidden()
  const candidate = page.getByTestId('link-candidate')
  await expect(candidate).toHaveText(keys.address)

  // Refused in the wallet: its connector swallows the error, the panel says the signature was not completed.
  keys.set({ rejectSign: true })
  await throughPopup(page, () => page.getByRole('button', { name: 'Sign the link message' }).click())
  await expect(page.getByTestId('wallets-note')).toHaveText('Signature not completed.')
  await expect(candidate).toHaveText(keys.address)
  await expectSessionKept(page, wallet.address)

  // Signed: the server refuses, the wallet is another account's.
  keys.set({ rejectSign: false })
  await throughPopup(page, () => page.getByRole('button', { name: 'Sign the link message' }).click())
  const error = page.getByTestId('wallets-error')
  await expect(error).toHaveAttribute('data-code', 'wallet_linked_elsewhere')
  await expect(error).toContainText('This wallet is already linked to another account. Unlink it there first, or link a different wallet.')
  await expect(page.getByTestId('wallet-row')).toHaveCount(1)
  await expect(candidate).toHaveText(keys.address)
  await expectSessionKept(page, wallet.address)

  // Stopping ends the candidate's connection.
  await page.getByRole('button', { name: 'Stop linking' }).click()
  await expect(page.getByTestId('link-wallet')).toHaveCount(0)
  await expectSessionKept(page, wallet.address)
  await expect.poll(() => storedConnections(page)).toBe(1)

  // Connected again for a link, then the page reloads: the session and its wallet are the page's,
  // and the connection the link left behind is ended as the panel appears.
  await page.getByRole('button', { name: 'Link another wallet' }).click()
  await throughPopup(page, async () => (await warmCoinbaseRow(page, true)).click())
  await expect(candidate).toHaveText(keys.address)
  await expect.poll(() => storedConnections(page)).toBe(2)
  await page.reload()
  await expectSessionKept(page, wallet.address)
  await expect(page.getByTestId('link-wallet')).toHaveCount(0)
  // Once wagmi has restored both, the panel ends the one the link left: a later reload restores one.
  await expect.poll(() => storedConnections(page), { timeout: 20_000 }).toBe(1)
  // wagmi restores the connections one after the other, storing one in between: still one a moment
  // later, once the second has been restored and ended (without the panel's sweep it comes back).
  await page.waitForTimeout(3_000)
  expect(await storedConnections(page)).toBe(1)
  await page.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
})
