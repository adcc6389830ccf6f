import type { Page } from '@playwright/test'
import type { InjectedWallet } from '../fixtures/injectedWallet'
import { expect, test } from './fixtures'
import { EDGE_ON_WINDOWS, TEST_WALLET_KEY, connectAndSignIn } from './signIn'

/**
 * Sessions and devices: where the address is signed in, listed in the sign-in panel, each ended on
 * its own or all at once. Two browser contexts (a computer and a second browser with another
 * User-Agent), the injected test wallet with the same key in both, the production build and its
 * embedded store. A revoked browser is signed out on its next request.
 */

test('lists where the address is signed in; one session ends from another browser, then every one', async ({ browser, page, app, installWallet }) => {
  test.setTimeout(60_000)
  // Other tests may have left sessions of this account in the server's store: the counts are relative.
  const wallet = await installWallet({ accountIndex: 2 })
  await page.goto(app.baseURL)
  await connectAndSignIn(page, wallet)
  // This browser, first and marked as this device.
  const rows = page.getByTestId('session-row')
  await expect(rows.first().getByTestId('session-this-device')).toBeVisible()
  await expect(page.getByTestId('session-this-device')).toHaveCount(1)
  const before = await rows.count()

  const other = await browser.newContext({ userAgent: EDGE_ON_WINDOWS })
  try {
    const second = await other.newPage()
    const secondWallet = await installWallet({ accountIndex: 2 }, second)
    await second.goto(app.baseURL)
    await connectAndSignIn(second, secondWallet)
    await expect(second.getByTestId('session-row')).toHaveCount(before + 1)

    // The first browser, reloaded, sees both: itself first, then the other named by its browser.
    await page.reload()
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
    await expect(rows).toHaveCount(before + 1)
    await expect(rows.nth(0).getByTestId('session-this-device')).toBeVisible()
    // The newest after this one: the other browser, named by its browser and system.
    const edge = rows.nth(1)
    await expect(edge.getByTestId('session-device')).toHaveText('Edge on Windows')
    await expect(edge.getByTestId('session-this-device')).toHaveCount(0)

    // Ending the other browser's session: gone from the list, and that browser is signed out on its next request.
    await edge.getByRole('button', { name: 'Sign out Edge on Windows' }).click()
    await expect(page.getByTestId('sessions-note')).toHaveText('Signed out on Edge on Windows.')
    await expect(rows).toHaveCount(before)
    await second.reload()
    await expect(second.getByTestId('account-address')).toBeVisible()
    await expect(second.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
    // This browser is still signed in.
    await page.reload()
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')

    // The other browser signs in again; "Sign out everywhere" from this one ends both.
    await second.getByTestId('sign-in-button').click()
    await expect(second.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
    await page.reload()
    await expect(rows).toHaveCount(before + 1)
    await page.getByTestId('sign-out-everywhere').click()
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
    await expect(page.getByTestId('sign-in-button')).toBeVisible()
    await second.reload()
    await expect(second.getByTestId('account-address')).toBeVisible()
    await expect(second.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  } finally {
    await other.close()
  }
})
