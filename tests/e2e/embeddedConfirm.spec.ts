import { approveInSheet, createWallet, expect, passkeyPrompts, test, uniqueEmail } from './embeddedFixtures'

/**
 * The key leaves the vault's memory after 15 idle minutes (issue 12 §1): the next request asks the
 * passkey again. What a page script cannot do to the sheet is tests/e2e/vaultBoundary.spec.ts.
 */

test.describe.configure({ timeout: 120_000 })

test('locks itself after 15 idle minutes: the next request asks the passkey again', async ({ page, embeddedApp, authenticator: _, mail }) => {
  await page.clock.install()
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('confirm-lock'))
  const sign = async (text: string) => {
    await page.getByTestId('sign-message-input').fill(text)
    await page.getByTestId('sign-message-button').click()
    await approveInSheet(page, 'Sign a message')
    await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true', { timeout: 15_000 })
  }
  // Unlocked since creation: signing asks no passkey.
  await sign('first')
  expect(await passkeyPrompts(page)).toEqual({ create: 1, get: 0 })

  // 14 idle minutes: still unlocked.
  await page.clock.runFor('14:00')
  await sign('second')
  expect(await passkeyPrompts(page)).toEqual({ create: 1, get: 0 })

  // 15 idle minutes after that use: locked; the next signature asks the passkey once more.
  await page.clock.runFor('15:01')
  await sign('third')
  expect(await passkeyPrompts(page)).toEqual({ create: 1, get: 1 })
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address)
})
