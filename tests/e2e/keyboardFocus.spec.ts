import { en } from '@/lib/i18n/en'
import { expect, test } from './fixtures'
import { connectTestWallet, serverSession } from './signIn'

/**
 * Keyboard users keep their place (issue 26): after Sign message and Sign in, the focus stays on,
 * or comes back to, the control they pressed, never falling to <body>; a sign-in that waits on the
 * wallet can be cancelled, and a late signature then signs nobody in.
 */

test('Sign message from the keyboard: the focus stays on the button while the wallet signs, and after', { tag: '@dev' }, async ({ page, app, installWallet }) => {
  const wallet = await installWallet()
  await page.goto(app.baseURL)
  await connectTestWallet(page)
  wallet.set({ delayMs: 1_500 })
  const button = page.getByTestId('sign-message-button')
  await button.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(en.ui['sign.signing'])).toBeVisible()
  await expect(button).toBeFocused()
  await expect(button).toHaveAttribute('aria-disabled', 'true')
  // A second Enter while it waits asks nothing more of the wallet.
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('signature-output')).toHaveText(/^0x[0-9a-f]{130}$/)
  await expect(button).toBeFocused()
  expect(wallet.requestsOf('personal_sign')).toHaveLength(1)
})

test('Sign in from the keyboard: the focus stays on Sign in while it waits, then moves to Sign out, and back', async ({ page, app, installWallet }) => {
  const wallet = await installWallet()
  await page.goto(app.baseURL)
  await connectTestWallet(page)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  wallet.set({ delayMs: 1_500 })
  const signIn = page.getByTestId('sign-in-button')
  await signIn.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signing')
  await expect(signIn).toBeFocused()
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
  // "Signed in on <network>", by name.
  await expect(page.getByTestId('auth-status')).toHaveText(en.ui['auth.signedInOn'].replace('{chain}', 'Local (anvil)'))
  await expect(page.getByTestId('auth-chain')).toHaveText('Local (anvil)')
  const signOut = page.getByTestId('sign-out-button')
  await expect(signOut).toBeFocused()
  wallet.set({ delayMs: 0 })
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  await expect(signIn).toBeFocused()
})

test('a sign-in waiting on the wallet can be cancelled; the signature that comes later signs nobody in', async ({ page, app, installWallet }) => {
  const wallet = await installWallet()
  await page.goto(app.baseURL)
  await connectTestWallet(page)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  wallet.set({ delayMs: 2_000 })
  await page.getByTestId('sign-in-button').click()
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signing')
  const cancel = page.getByTestId('sign-in-cancel')
  await expect(cancel).toHaveText(en.ui['auth.cancel'])
  await cancel.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  await expect(page.getByTestId('auth-note')).toHaveText(en.ui['auth.cancelled'])
  await expect(page.getByTestId('sign-in-button')).toBeFocused()
  // The wallet answers after the cancel: still signed out, on the page and on the server.
  await expect.poll(() => wallet.requests.find((request) => request.method === 'personal_sign')?.result, { timeout: 10_000 }).toBeTruthy()
  await page.waitForTimeout(500)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  expect((await serverSession(page, app.baseURL)).status).toBe(401)
  // And the next sign-in works.
  wallet.set({ delayMs: 0 })
  await page.getByTestId('sign-in-button').click()
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
})
