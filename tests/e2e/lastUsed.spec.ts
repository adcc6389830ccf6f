import type { Locator, Page } from '@playwright/test'
import { ui } from '@/lib/i18n/ui'
import { appStorageKey, storageKeys } from '@/lib/storageNames'
import { expect, test } from './fixtures'

/**
 * Last used first (issue 15, part 3): the wallet the user connected with last is listed first and
 * marked "Last used", across a disconnect and reloads, until "Forget" or until the site's data is
 * cleared. Two injected test wallets (EIP-6963), the production build, a real anvil.
 */

const A = { name: 'Sigil Test Wallet', rdns: 'dev.sigil.testwallet', key: 'sigiltestwallet' }
const B = { name: 'Second Test Wallet', rdns: 'dev.sigil.secondwallet', key: 'secondtestwallet', accountIndex: 1 }
const LAST_USED = appStorageKey('lastUsedWallet')

async function openDialog(page: Page): Promise<Locator> {
  await page.getByTestId('connect-button').click()
  const dialog = page.getByTestId('connect-dialog')
  await expect(dialog).toBeVisible()
  // The list is there once the announced wallets are.
  await expect(dialog.getByTestId(`wallet-option-${A.key}`)).toBeVisible()
  return dialog
}

/** The rows' keys, top to bottom. */
function listedKeys(dialog: Locator): Promise<string[]> {
  return dialog
    .locator('[data-testid^="wallet-option-"]')
    .evaluateAll((elements) => elements.map((el) => el.getAttribute('data-testid')!.replace('wallet-option-', '')))
}

async function closeDialog(page: Page) {
  await page.getByTestId('dialog-close').click()
  await expect(page.getByTestId('connect-dialog')).toHaveCount(0)
}

/** Connects with `key` from the dialog, then disconnects from the account view. */
async function connectThenDisconnect(page: Page, key: string) {
  const dialog = await openDialog(page)
  await dialog.getByTestId(`wallet-option-${key}`).click()
  await expect(page.getByTestId('account-address')).toBeVisible()
  await page.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
}

test('connect with B, disconnect, reload: B is first with its badge; Forget puts the order back, also after a reload', { tag: '@dev' }, async ({
  page,
  app,
  installWallet,
  snap,
  expectAccessible,
}) => {
  await installWallet({ name: A.name, rdns: A.rdns })
  await installWallet({ name: B.name, rdns: B.rdns, accountIndex: B.accountIndex })
  await page.goto(app.baseURL)
  let dialog = await openDialog(page)
  const normal = await listedKeys(dialog)
  expect(normal.indexOf(A.key)).toBeLessThan(normal.indexOf(B.key))
  await expect(dialog.getByText(ui['connect.lastUsed'], { exact: true })).toHaveCount(0)
  await closeDialog(page)

  await connectThenDisconnect(page, B.key)
  await page.reload()
  dialog = await openDialog(page)
  const withLastUsed = await listedKeys(dialog)
  expect(withLastUsed[0]).toBe(B.key)
  expect(withLastUsed.slice(1)).toEqual(normal.filter((key) => key !== B.key))
  const row = dialog.getByTestId(`wallet-option-${B.key}`)
  await expect(row).toHaveAttribute('data-last-used', 'true')
  await expect(row.getByTestId(`wallet-last-used-${B.key}`)).toHaveText(ui['connect.lastUsed'])
  // The badge is part of the row button's accessible name; only one row has it.
  await expect(row).toHaveAccessibleName(/Second Test Wallet.*Last used/)
  await expect(dialog.getByText(ui['connect.lastUsed'], { exact: true })).toHaveCount(1)
  // The dialog opens on the last-used row.
  await expect(row).toBeFocused()
  await snap('dialog-last-used')
  await expectAccessible({ include: '[data-testid="connect-dialog"]', label: 'dialog with a last-used wallet' })

  // Forget, from the keyboard: the next stop after the row is its Forget button.
  await page.keyboard.press('Tab')
  const forget = dialog.getByRole('button', { name: `Forget ${B.name} as the last used wallet` })
  await expect(forget).toBeFocused()
  await expect(forget).toHaveText(ui['connect.forget'])
  await page.keyboard.press('Enter')
  await expect(dialog.getByText(ui['connect.lastUsed'], { exact: true })).toHaveCount(0)
  await expect(forget).toHaveCount(0)
  expect(await listedKeys(dialog)).toEqual(normal)
  // Focus stays with the wallet the user was on, now in its usual place.
  await expect(dialog.getByTestId(`wallet-option-${B.key}`)).toBeFocused()
  expect(await page.evaluate((name) => localStorage.getItem(name), LAST_USED)).toBeNull()
  await snap('dialog-last-used-forgotten')

  await page.reload()
  dialog = await openDialog(page)
  expect(await listedKeys(dialog)).toEqual(normal)
  await expect(dialog.getByText(ui['connect.lastUsed'], { exact: true })).toHaveCount(0)
})

test('the last-used wallet is kept in localStorage only, and clearing the site data forgets it', async ({ page, app, installWallet, context }) => {
  await installWallet({ name: A.name, rdns: A.rdns })
  await installWallet({ name: B.name, rdns: B.rdns, accountIndex: B.accountIndex })
  // Everything the page sends to its server, to show the record never goes there.
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(app.baseURL)) sent.push(`${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`)
  })
  await page.goto(app.baseURL)
  await connectThenDisconnect(page, B.key)
  expect(await page.evaluate((name) => localStorage.getItem(name), LAST_USED)).toBe(B.key)
  // It is no cookie, and no request to the server carries it. (wagmi's own `recentConnectorId`
  // cookie also names the connector last connected; it is wagmi's, not this record.)
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(LAST_USED)
  await page.reload()
  await openDialog(page)
  expect(sent.length).toBeGreaterThan(0)
  expect(sent.filter((line) => line.includes('lastUsedWallet'))).toEqual([])

  // What the browser's "clear site data" does: every storage of the origin, cookies included.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(app.baseURL).origin, storageTypes: 'all' })
  await page.reload()
  const dialog = await openDialog(page)
  const keys = await listedKeys(dialog)
  expect(keys.indexOf(A.key)).toBeLessThan(keys.indexOf(B.key))
  await expect(dialog.getByText(ui['connect.lastUsed'], { exact: true })).toHaveCount(0)
})

test('a last-used wallet that is no longer installed leaves the list as before', async ({ page, app, installWallet, context }) => {
  await installWallet({ name: A.name, rdns: A.rdns })
  await installWallet({ name: B.name, rdns: B.rdns, accountIndex: B.accountIndex })
  await page.goto(app.baseURL)
  await connectThenDisconnect(page, B.key)
  const normalWithoutB = (await listedKeys(await openDialog(page))).filter((key) => key !== B.key)
  await page.close()

  // The same browser profile (same localStorage) after B's extension was removed: only A is there.
  const later = await context.newPage()
  await installWallet({ name: A.name, rdns: A.rdns }, later)
  await later.goto(app.baseURL)
  const dialog = await openDialog(later)
  await expect(dialog.getByTestId(`wallet-option-${B.key}`)).toHaveCount(0)
  expect(await listedKeys(dialog)).toEqual(normalWithoutB)
  await expect(dialog.getByText(ui['connect.lastUsed'], { exact: true })).toHaveCount(0)
  // Still connectable as ever.
  await dialog.getByTestId(`wallet-option-${A.key}`).click()
  await expect(later.getByTestId('account-address')).toBeVisible()
})

test.describe('a 360 px wide screen', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the last-used row, its badge and its Forget button fit, in light and dark', async ({ page, app, installWallet, snap, expectAccessible }) => {
    await installWallet({ name: A.name, rdns: A.rdns })
    await installWallet({ name: B.name, rdns: B.rdns, accountIndex: B.accountIndex })
    await page.goto(app.baseURL)
    await connectThenDisconnect(page, B.key)
    const dialog = await openDialog(page)
    const row = dialog.getByTestId(`wallet-option-${B.key}`)
    await expect(row.getByTestId(`wallet-last-used-${B.key}`)).toBeVisible()
    for (const part of [row, row.getByTestId(`wallet-last-used-${B.key}`), dialog.getByTestId(`wallet-forget-${B.key}`)]) {
      const box = await part.boundingBox()
      expect(box).not.toBeNull()
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(360)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await snap('dialog-last-used-360-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await snap('dialog-last-used-360-dark')
    await expectAccessible({ include: '[data-testid="connect-dialog"]', label: 'last-used row at 360 px (dark)' })
  })
})
