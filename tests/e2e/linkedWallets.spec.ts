import type { Page } from '@playwright/test'
import type { InjectedWallet } from '../fixtures/injectedWallet'
import { expect, test } from './fixtures'
import { TEST_WALLET_KEY, connectAndSignIn } from './signIn'

/**
 * Accounts with linked wallets, in the signed-in panel: the injected test wallet signs in with one of
 * its keys, links its second key (switching to it in the wallet, then signing the link message), and
 * both are listed with their family. A second browser signs in with the second key and lands in the
 * same account. The first unlinks the second key (the second browser is signed out with it), then is
 * refused unlinking the last wallet. The production build and its embedded store; keys #3 and #4 of
 * the test wallet are this spec's own.
 */

const FIRST_KEY = 3
const SECOND_KEY = 4

test('links a second wallet, signs in with it elsewhere into the same account, unlinks it, and keeps the last', async ({ browser, page, app, installWallet, snap, expectAccessible }) => {
  test.setTimeout(90_000)
  const wallet = await installWallet({ accountIndex: FIRST_KEY })
  const first = wallet.address
  await page.goto(app.baseURL)
  await connectAndSignIn(page, wallet)
  const rows = page.getByTestId('wallet-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toHaveAttribute('data-address', first)
  await expect(rows.first()).toHaveAttribute('data-family', 'injected')
  await expect(rows.first().getByTestId('wallet-family')).toHaveText('via a browser wallet')
  await expect(rows.first().getByTestId('wallet-signed-in-with')).toBeVisible()

  // Link: the linking dialog, the wallet already connected picked again (no second connection); the
  // user switches to the other key in it, then signs the link message with it.
  await page.getByRole('button', { name: 'Link another wallet' }).click()
  await page.getByTestId('connect-dialog').getByTestId(`wallet-option-${TEST_WALLET_KEY}`).click()
  await expect(page.getByTestId('connect-dialog')).toBeHidden()
  await expect(page.getByTestId('link-already')).toBeVisible()
  await wallet.switchAccount(SECOND_KEY)
  const second = wallet.address
  await expect(page.getByTestId('link-candidate')).toHaveText(second)
  await page.getByRole('button', { name: 'Sign the link message' }).click()
  await expect(page.getByTestId('wallets-note')).toHaveText(`Linked ${second}.`)
  await expect(rows).toHaveCount(2)
  await expect(page.locator(`[data-testid="wallet-row"][data-address="${second}"]`)).toHaveAttribute('data-family', 'injected')
  // Still signed in with the first key: the switch to a linked wallet kept the session.
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
  await expect(page.getByTestId('auth-address')).toHaveText(first)
  // A reload while the wallet is on the linked key, which did not sign in: the session is the account's, it stays.
  await page.reload()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', second)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
  await expect(page.getByTestId('auth-address')).toHaveText(first)
  await expect(rows).toHaveCount(2)
  await snap('linked-wallets')
  await expectAccessible({ include: '[data-testid="linked-wallets"]', label: 'linked wallets' })

  const other = await browser.newContext()
  try {
    // Another browser signs in with the second key: the same account, both wallets, both sessions.
    const elsewhere = await other.newPage()
    const secondWallet = await installWallet({ accountIndex: SECOND_KEY }, elsewhere)
    await elsewhere.goto(app.baseURL)
    await connectAndSignIn(elsewhere, secondWallet)
    const otherRows = elsewhere.getByTestId('wallet-row')
    await expect(otherRows).toHaveCount(2)
    await expect(otherRows.nth(0)).toHaveAttribute('data-address', first)
    await expect(otherRows.nth(1)).toHaveAttribute('data-address', second)
    await expect(otherRows.nth(1).getByTestId('wallet-signed-in-with')).toBeVisible()
    await expect(elsewhere.getByTestId('session-row')).toHaveCount(2)

    // Back to the first key in the first browser; it unlinks the second wallet.
    await wallet.switchAccount(FIRST_KEY)
    await page.getByRole('button', { name: `Unlink ${second}` }).click()
    await expect(page.getByTestId('wallets-note')).toHaveText(`Unlinked ${second}.`)
    await expect(rows).toHaveCount(1)
    // The second key's session was the account's: it ended with the link.
    await elsewhere.reload()
    await expect(elsewhere.getByTestId('account-address')).toBeVisible()
    await expect(elsewhere.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')

    // The last wallet stays: refused, with the catalogue's words, and the session goes on.
    await page.getByRole('button', { name: `Unlink ${first}` }).click()
    await expect(page.getByTestId('wallets-error')).toHaveAttribute('data-code', 'last_wallet')
    await expect(page.getByTestId('wallets-error')).toContainText('This is the only wallet of your account')
    await expect(rows).toHaveCount(1)
    await page.reload()
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
    await expect(rows).toHaveCount(1)
  } finally {
    await other.close()
  }
})
