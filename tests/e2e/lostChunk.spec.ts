import type { Page, Route } from '@playwright/test'
import { en } from '@/lib/i18n/en'
import { plainErrors } from '@/lib/i18n/plainErrors'
import { messages as de } from '@/lib/i18n/locales/de'
import { isScriptChunk } from '../fixtures/heldRequests'
import { expect, test } from './fixtures'
import { TEST_WALLET_KEY } from './signIn'

/**
 * A part of the page that cannot be fetched (the connection dropped, or a deploy replaced the build
 * since the page was opened) ends in the page's last resort (app/global-error.tsx): a message in the
 * page's language and a way on, never a blank page. Next's own fallback wrote its stylesheet with
 * `innerHTML`, which the production page's Trusted Types policy refuses: the page went blank, with a
 * Trusted Types violation (the fixtures fail a test on one). Production build: the policy is
 * enforced there.
 */

/**
 * Every script chunk the page's HTML does not name fails to load, as it would offline or after a
 * deploy: the page itself loads and hydrates, and everything it fetches later (the wallet runtime,
 * the connect dialog) is lost. `restore()` lets them through again.
 */
async function loseLaterChunks(page: Page, baseURL: string, kept: ReadonlySet<string> = new Set()): Promise<{ lost: () => number; restore: () => Promise<void> }> {
  const html = await (await page.request.get(baseURL)).text()
  const named = new Set([...html.matchAll(/\/_next\/static\/chunks\/[^"'\s]+?\.js/g)].map((match) => match[0]))
  expect(named.size, 'the page names its first-load chunks').toBeGreaterThan(0)
  for (const chunk of kept) named.add(chunk)
  let lost = 0
  const handler = async (route: Route) => {
    if (named.has(new URL(route.request().url()).pathname)) return route.continue()
    lost++
    return route.abort('internetdisconnected')
  }
  await page.route(isScriptChunk, handler)
  return { lost: () => lost, restore: () => page.unroute(isScriptChunk, handler) }
}

/** The script chunks the page has fetched so far (kept by `loseLaterChunks`), by path. */
function chunksFetched(page: Page): Set<string> {
  const fetched = new Set<string>()
  page.on('requestfinished', (request) => {
    const url = new URL(request.url())
    if (isScriptChunk(url)) fetched.add(url.pathname)
  })
  return fetched
}

test('a tap on Connect whose code cannot be fetched shows what happened and a reload that works, not a blank page', async ({ page, app }) => {
  const chunks = await loseLaterChunks(page, app.baseURL)
  await page.goto(app.baseURL)
  const connect = page.getByTestId('connect-button')
  await expect(connect).toBeEnabled()
  await connect.click()

  const alert = page.getByRole('alert')
  await expect(alert.getByRole('heading', { name: en.ui['error.page.title'] })).toBeVisible()
  await expect(alert).toContainText(en.ui['error.page.body'])
  expect(chunks.lost(), 'the dialog asked for chunks that were lost').toBeGreaterThan(0)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  // The connection is back: the reload brings the page, and Connect opens the dialog.
  await chunks.restore()
  await alert.getByRole('button', { name: en.ui['error.page.reload'] }).click()
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('connect-dialog')).toBeVisible()
})

test('the page’s last resort speaks the page’s language', async ({ browser, app }) => {
  const context = await browser.newContext({ locale: 'de-DE', extraHTTPHeaders: { 'accept-language': 'de-DE,de;q=0.9' } })
  try {
    const page = await context.newPage()
    const chunks = await loseLaterChunks(page, app.baseURL)
    await page.goto(app.baseURL)
    await page.getByTestId('connect-button').click()
    const alert = page.getByRole('alert')
    await expect(alert.getByRole('heading', { name: de.ui['error.page.title'] })).toBeVisible()
    await expect(alert).toContainText(de.ui['error.page.body'])
    await expect(alert.getByRole('button', { name: de.ui['error.page.reload'] })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    expect(chunks.lost()).toBeGreaterThan(0)
  } finally {
    await context.close()
  }
})

test('a connection whose account view cannot be fetched ends on the error page, and the reload brings the wallet back connected', async ({ page, app, installWallet }) => {
  const wallet = await installWallet()
  // The page and the dialog arrive; from the moment the dialog is open, every new chunk is lost (the
  // account view, asked for as the pointer reaches a row and again as the wallet connects).
  const fetched = chunksFetched(page)
  await page.goto(app.baseURL)
  await page.getByTestId('connect-button').click()
  const dialog = page.getByTestId('connect-dialog')
  await expect(dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`)).toBeVisible()
  const chunks = await loseLaterChunks(page, app.baseURL, fetched)
  await dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`).click()

  const alert = page.getByRole('alert')
  await expect(alert.getByRole('heading', { name: en.ui['error.page.title'] })).toBeVisible()
  expect(chunks.lost(), 'the account view asked for chunks that were lost').toBeGreaterThan(0)

  // Back online: the reload restores the connection (wagmi's cookie), and the account is shown.
  await chunks.restore()
  await alert.getByRole('button', { name: en.ui['error.page.reload'] }).click()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
})

test('a wallet whose own code cannot be fetched says the page could not load it and asks for a reload, not that the wallet refused', async ({ page, app }) => {
  const fetched = chunksFetched(page)
  await page.goto(app.baseURL)
  await page.getByTestId('connect-button').click()
  const dialog = page.getByTestId('connect-dialog')
  const row = dialog.getByTestId('wallet-option-coinbasesmartwallet')
  await expect(row).toBeVisible()
  const chunks = await loseLaterChunks(page, app.baseURL, fetched)
  await row.click()

  // The code stays the specification's (a failed connect is a rejected connection); the words say
  // what happened and what to do.
  const error = dialog.getByTestId('connect-error')
  await expect(error).toHaveAttribute('data-code', 'connection_rejected')
  await expect(error.locator('p').first()).toHaveText(plainErrors.page_part_lost)
  expect(chunks.lost(), 'the wallet’s code was asked for and lost').toBeGreaterThan(0)

  // Its first button reloads the page, as the words ask (trying again would fetch the lost part in
  // vain after a deploy), instead of "Try again".
  const reload = dialog.getByTestId('connect-retry')
  await expect(reload).toHaveText(en.ui['error.page.reload'])

  // Nothing else is lost: the dialog stays open, and its way back leads to the list of wallets.
  await dialog.getByRole('button', { name: en.ui['connect.back'] }).click()
  await expect(row).toBeEnabled()

  // Chosen again, the same; once the connection is back, the button reloads the page (a mark left in
  // this page is gone), and the reloaded page's dialog offers the wallet again.
  await row.click()
  await expect(reload).toHaveText(en.ui['error.page.reload'])
  await page.evaluate(() => ((window as Window & { __beforeReload?: boolean }).__beforeReload = true))
  await chunks.restore()
  await reload.click()
  await expect.poll(() => page.evaluate(() => (window as Window & { __beforeReload?: boolean }).__beforeReload ?? false)).toBe(false)
  await page.getByTestId('connect-button').click()
  await expect(dialog.getByTestId('wallet-option-coinbasesmartwallet')).toBeEnabled()
})
