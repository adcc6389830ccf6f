import type { Locator, Page } from '@playwright/test'
import { ui } from '@/lib/i18n/ui'
import { ANDROID_CHROME, phoneContext } from '../fixtures/userAgents'
import { atLeast } from '../fixtures/waits'
import { expect, test } from './fixtures'

/** The vault's frame in the page. */
const vaultFrame = (page: Page) => page.frameLocator('[data-testid="vault-frame"]')

/**
 * "What is a wallet?" (issue 15, part 7): a disclosure in the connect dialog for people new to
 * wallets — two sentences and the way to the embedded wallet, which opens its view as its row does.
 * Driven from the keyboard, checked with axe, and on a 360 px phone screen in light and dark.
 */

async function openDialog(page: Page): Promise<Locator> {
  await page.getByTestId('connect-button').click()
  const dialog = page.getByTestId('connect-dialog')
  await expect(dialog).toBeVisible()
  return dialog
}

test('a keyboard user opens "What is a wallet?", reads it, and reaches the embedded wallet from it', { tag: '@dev' }, async ({
  page,
  app,
  expectAccessible,
  consoleLog,
}) => {
  await page.goto(app.baseURL)
  const dialog = await openDialog(page)
  const toggle = dialog.getByRole('button', { name: ui['connect.help.toggle'] })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  const panel = dialog.getByTestId('wallet-help-panel')
  await expect(toggle).toHaveAttribute('aria-controls', (await panel.getAttribute('id'))!)
  await expect(panel).toBeHidden()
  // Visible without scrolling past the wallets.
  await expect(toggle).toBeInViewport()

  // The dialog opens on the first wallet; the help comes after the list in the tab order.
  await expect(dialog.locator('[data-testid^="wallet-option-"]').first()).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(dialog.getByTestId('dialog-close')).toBeFocused()
  // Backwards from the top wraps to the end: the help, or under next dev the operator's WalletConnect
  // line after it (its link), then the help.
  for (let presses = 0; presses < 3 && !(await toggle.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press('Shift+Tab')
  }
  await expect(toggle).toBeFocused()

  // Space toggles it, as Enter does.
  await page.keyboard.press('Space')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(panel).toBeVisible()
  await page.keyboard.press('Space')
  await expect(panel).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')

  await page.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(panel).toBeVisible()
  await expect(panel).toContainText(ui['connect.help.body'])
  await expectAccessible({ include: '[data-testid="connect-dialog"]', label: 'dialog with the wallet help open' })

  await page.keyboard.press('Tab')
  const create = dialog.getByRole('button', { name: ui['connect.help.create'] })
  await expect(create).toBeFocused()
  await page.keyboard.press('Enter')
  // The embedded wallet's own view, as when its row is picked: the wallet itself opens in its vault,
  // in the page's frame where the vault is the same site as the app (next dev's app.localhost), else
  // in a window of its own (`next start` here on plain localhost: the vault is another site, whose
  // frame Chromium keeps no data for).
  const embedded = dialog.getByTestId('embedded-host')
  await expect(embedded).toBeVisible()
  await expect(toggle).toHaveCount(0)
  const frame = page.getByTestId('vault-frame')
  await expect.poll(async () => (await frame.isVisible()) || page.context().pages().length > 1, { timeout: 30_000 }).toBe(true)
  if (await frame.isVisible()) {
    // In the page: the vault's own Cancel closes it, back to the wallet's view in the dialog.
    // Chromium drops input to a frame that watches its own visibility until it has been seen: the
    // first guarded button turning live says it has.
    await expect(vaultFrame(page).locator('[data-guarded]').first()).toHaveAttribute('data-live', 'true')
    await vaultFrame(page).getByTestId('embedded-cancel-button').click()
    await expect(frame).toBeHidden()
    // The cancel is logged as the user's rejection, once: nothing else.
    await expect.poll(() => consoleLog.entries.some((entry) => entry.text.includes('code: connection_rejected'))).toBe(true)
    expect(consoleLog.acknowledge((entry) => entry.text.includes('connection_failed {connector: embedded, code: connection_rejected'))).toBe(1)
  }

  // Back in the list, the help is closed again, and Back closed the wallet's window too. (No key
  // presses while the wallet's window is up or closing: the keyboard is handed between windows in
  // their own time, and a press in between lands in neither.)
  await dialog.getByTestId('embedded-back-button').click()
  // A window still loading its page when it is closed can take a few seconds to leave the context's
  // list on a loaded machine (one CI run saw more than 5 s); one that never closes still fails here.
  await expect.poll(() => page.context().pages().length, atLeast(15_000)).toBe(1)
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(panel).toBeHidden()
})

test.describe('a 360 px phone', () => {
  test.use({ ...phoneContext(ANDROID_CHROME), viewport: { width: 360, height: 640 } })

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the help fits the dialog without horizontal scrolling (${colorScheme})`, async ({ page, app, snap, expectAccessible }) => {
      await page.emulateMedia({ colorScheme })
      await page.goto(app.baseURL)
      const dialog = await openDialog(page)
      const toggle = dialog.getByRole('button', { name: ui['connect.help.toggle'] })
      await expect(toggle).toBeInViewport()
      await toggle.tap()
      const create = dialog.getByRole('button', { name: ui['connect.help.create'] })
      await expect(create).toBeInViewport()

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      for (const box of [await dialog.boundingBox(), await dialog.getByTestId('wallet-help-panel').boundingBox(), await create.boundingBox()]) {
        expect(box).not.toBeNull()
        expect(box!.x).toBeGreaterThanOrEqual(0)
        expect(box!.x + box!.width).toBeLessThanOrEqual(360)
      }
      // The list still has room to scroll above the open help.
      const list = await dialog.locator('.dialog-scroll').boundingBox()
      expect(list!.height).toBeGreaterThan(150)
      await snap(`dialog-wallet-help-360-${colorScheme}`)
      await expectAccessible({ include: '[data-testid="connect-dialog"]', label: `wallet help at 360 px (${colorScheme})` })

      await create.tap()
      await expect(dialog.getByTestId('embedded-host')).toBeVisible()
    })
  }
})

test('the landing card offers the no-wallet path: "No wallet? Create one with your email" opens the email & passkey wallet', async ({ page, app }) => {
  await page.goto(app.baseURL)
  const create = page.getByTestId('create-wallet-link')
  await expect(create).toHaveText(ui['start.createWallet'])
  await create.click()
  const dialog = page.getByTestId('connect-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('embedded-host')).toBeVisible()
  await expect(dialog.getByTestId('embedded-host')).toHaveAttribute('data-state', 'waiting')
})
