import type { Locator, Page } from '@playwright/test'
import { toHex } from 'viem'
import { en } from '@/lib/i18n/en'
import { afterRelease, holdRequests, isScriptChunk } from '../fixtures/heldRequests'
import { phoneContext } from '../fixtures/userAgents'
import type { InjectedWallet } from '../fixtures/injectedWallet'
import { expect, test, type App } from './fixtures'
import { connectTestWallet } from './signIn'

/**
 * A tap at first paint is never lost (issue 28, item 1): "Connect wallet" is server-rendered and
 * painted long before the page's scripts hydrate it. A tap in between shows at once that it was
 * taken (the button turns busy, in the same event), and once the scripts have run the dialog opens,
 * once, with no second tap. The page's scripts are held back until the tap has happened, so the
 * button is the server's HTML alone when it is tapped.
 */

declare global {
  interface Window {
    /** What the button said (aria-busy) while its click was still being dispatched, one entry per click. */
    __busyDuringClick?: (string | null)[]
  }
}

async function tapBeforeScripts(page: Page, app: App, tap: (button: Locator) => Promise<void>) {
  // Runs last in the click's dispatch (bubble phase, on window): what it reads is what the next
  // frame paints, so the feedback comes with the tap, not after some later work.
  await page.addInitScript(() => {
    window.__busyDuringClick = []
    window.addEventListener('click', (event) => {
      const button = (event.target as Element | null)?.closest?.('[data-testid="connect-button"]')
      if (button) window.__busyDuringClick!.push(button.getAttribute('aria-busy'))
    })
  })
  // Under `next dev` the first request compiles the page: done here, so the held page paints as soon
  // as a built one would.
  expect((await page.request.get(app.baseURL)).ok()).toBe(true)
  const scripts = await holdRequests(page, isScriptChunk)
  await page.goto(app.baseURL, { waitUntil: 'commit' })
  const button = page.getByTestId('connect-button')
  await expect(button).toBeVisible()
  expect(scripts.held(), 'the page asked for its scripts and they are held').toBeGreaterThan(0)

  await tap(button)
  expect(await page.evaluate(() => window.__busyDuringClick), 'one click, busy while it was dispatched').toEqual(['true'])
  await expect(button).toHaveAttribute('aria-busy', 'true')
  await expect(page.getByTestId('connect-dialog')).toHaveCount(0)
  // The dialog's frame, from the server's HTML: its title and its list, with no script of the page's run.
  const frame = page.getByTestId('connect-dialog-frame')
  await expect(frame).toBeVisible()
  await expect(frame.getByRole('heading', { name: en.ui['connect.title'] })).toBeVisible()
  const frameRows = await frame.locator('[data-frame-option]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-frame-option')))
  expect(frameRows.length).toBeGreaterThan(0)

  // The scripts arrive and hydrate the page: the recorded tap opens the dialog, with no second one,
  // in the frame's place.
  scripts.release()
  const dialog = page.getByTestId('connect-dialog')
  await expect(dialog).toBeVisible(afterRelease())
  await expect(dialog).toHaveCount(1)
  await expect(frame).toBeHidden()
  // The frame listed what the dialog lists, in its order; the dialog may add the wallets installed
  // in this browser, which only the browser knows.
  await expect(dialog.locator('[data-testid^="wallet-option-"]').first()).toBeVisible()
  const dialogRows = await dialog
    .locator('[data-testid^="wallet-option-"]')
    .evaluateAll((rows) => rows.map((row) => ({ key: row.getAttribute('data-testid')!.slice('wallet-option-'.length), installed: row.getAttribute('data-installed') === 'true' })))
  expect(dialogRows.map((row) => row.key).filter((key) => frameRows.includes(key)), 'the frame’s rows, in the dialog’s order').toEqual(frameRows)
  expect(dialogRows.filter((row) => !frameRows.includes(row.key)), 'the rows the frame lacks: wallets installed in this browser').toEqual(dialogRows.filter((row) => !frameRows.includes(row.key) && row.installed))
  expect(await page.evaluate(() => window.__busyDuringClick), 'still the one click').toEqual(['true'])
  await expect(button).not.toHaveAttribute('aria-busy')

  // Opened once, not twice: closed, it stays closed (a replay run twice would bring it back).
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await page.waitForTimeout(500)
  await expect(dialog).toHaveCount(0)
  // And the button works as usual afterwards.
  await button.click()
  await expect(dialog).toBeVisible()
}

test.describe('on a phone', () => {
  test.use(phoneContext())
  test('a tap on "Connect wallet" before the scripts ran shows at once and opens the dialog once they have @dev', async ({ page, app }) => {
    await tapBeforeScripts(page, app, (button) => button.tap())
  })
})

test.describe('on a computer', () => {
  test('a click on "Connect wallet" before the scripts ran shows at once and opens the dialog once they have', async ({ page, app }) => {
    await tapBeforeScripts(page, app, (button) => button.click())
  })
  test('Enter on "Connect wallet" before the scripts ran counts as the click', async ({ page, app }) => {
    await tapBeforeScripts(page, app, async (button) => {
      await button.focus()
      await button.press('Enter')
    })
  })
})

test.describe('the dialog’s frame', () => {
  test('closed with Esc before the scripts ran, it drops the tap: no dialog opens once they have @dev', async ({ page, app }) => {
    expect((await page.request.get(app.baseURL)).ok()).toBe(true)
    const scripts = await holdRequests(page, isScriptChunk)
    await page.goto(app.baseURL, { waitUntil: 'commit' })
    const button = page.getByTestId('connect-button')
    await button.click()
    const frame = page.getByTestId('connect-dialog-frame')
    await expect(frame).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(frame).toBeHidden()
    await expect(button).not.toHaveAttribute('aria-busy')

    scripts.release()
    // The page takes over (its own handler answers the button) with nothing to open.
    await expect.poll(() => page.evaluate(() => window.__sigilEarlyTap?.ready === true), afterRelease()).toBe(true)
    await page.waitForTimeout(1_000)
    await expect(page.getByTestId('connect-dialog')).toHaveCount(0)
    await expect(frame).toBeHidden()
    await button.click()
    await expect(page.getByTestId('connect-dialog')).toBeVisible()
  })

  test('a tap once the page works, with the dialog’s code still on its way, shows the frame at once and then the dialog', async ({ page, app }) => {
    // Every script the page asks for after its HTML's own: the dialog's code (fetched as the page
    // hydrates, and on the tap) is held until the frame has been seen.
    const html = await (await page.request.get(app.baseURL)).text()
    const firstLoad = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => new URL(match[1]!, app.baseURL).pathname))
    const later = await holdRequests(page, (url) => isScriptChunk(url) && !firstLoad.has(url.pathname))
    // Not to `load`: the held scripts hold it back.
    await page.goto(app.baseURL, { waitUntil: 'commit' })
    await expect.poll(() => page.evaluate(() => window.__sigilEarlyTap?.ready === true), afterRelease()).toBe(true)
    expect(later.held(), 'the dialog’s code is on its way, held').toBeGreaterThan(0)

    const button = page.getByTestId('connect-button')
    await button.click()
    const frame = page.getByTestId('connect-dialog-frame')
    await expect(frame).toBeVisible()
    await expect(button).toHaveAttribute('aria-busy', 'true')
    await expect(page.getByTestId('connect-dialog')).toHaveCount(0)

    later.release()
    const dialog = page.getByTestId('connect-dialog')
    await expect(dialog).toBeVisible(afterRelease())
    await expect(frame).toBeHidden()
    await expect(button).not.toHaveAttribute('aria-busy')
    // Closed, the dialog gives the focus back to the button, and the frame stays closed.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(frame).toBeHidden()
    await expect(button).toBeFocused()
  })
})

/** Connects the injected test wallet, then reloads: the connected view from the server's HTML, its scripts held. */
async function reloadConnectedWithScriptsHeld(page: Page, app: App, installWallet: () => Promise<InjectedWallet>) {
  const wallet = await installWallet()
  await page.goto(app.baseURL)
  await connectTestWallet(page)
  const scripts = await holdRequests(page, isScriptChunk)
  await page.reload({ waitUntil: 'commit' })
  const field = page.getByTestId('sign-message-input')
  const button = page.getByTestId('sign-message-button')
  await expect(button).toBeVisible()
  expect(scripts.held(), 'the page asked for its scripts and they are held').toBeGreaterThan(0)
  return { wallet, scripts, field, button }
}

test.describe('the connected view after a reload', () => {
  test('"Sign message" tapped before the scripts ran does not reload the page: it turns busy, and once they have it signs what the field showed, once @dev', async ({
    page,
    app,
    installWallet,
  }) => {
    const { wallet, scripts, field, button } = await reloadConnectedWithScriptsHeld(page, app, installWallet)
    // Documents the page asks for from now on (a submitted form is one); Next's own history
    // updates after hydration are not.
    const navigations: string[] = []
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request.url())
    })
    const message = 'Typed before the page was ready ✓'
    await field.fill(message)
    await button.click()
    // The browser would have submitted the form as a navigation: the page reloads, the text is gone.
    await expect(button).toHaveAttribute('aria-busy', 'true')
    await page.waitForTimeout(500)
    expect(navigations, 'no reload').toEqual([])
    await expect(field).toHaveValue(message)
    expect(wallet.requestsOf('personal_sign')).toEqual([])

    scripts.release()
    await expect(page.getByTestId('signature-output')).toHaveText(/^0x[0-9a-f]{130}$/, afterRelease())
    await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true')
    await expect(button).not.toHaveAttribute('aria-busy')
    await expect(field).toHaveValue(message)
    // Once, with the text on screen (StrictMode's second effect run under next dev signs nothing more).
    await page.waitForTimeout(500)
    expect(wallet.requestsOf('personal_sign')).toEqual([[toHex(message), wallet.address.toLowerCase()]])
    expect(navigations).toEqual([])
  })

  test('text typed into the message before the scripts ran is still there once they have, and "Sign message" signs it @dev', async ({
    page,
    app,
    installWallet,
  }) => {
    const { wallet, scripts, field, button } = await reloadConnectedWithScriptsHeld(page, app, installWallet)
    const message = 'Typed while the page was loading'
    await field.fill(message)

    scripts.release()
    // Hydrated: React's own properties are on the field (hydration put it back to the default text
    // before the panel kept what was typed).
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.querySelector('[data-testid="sign-message-input"]')!).some((key) => key.startsWith('__reactProps'))), afterRelease())
      .toBe(true)
    await expect(field).toHaveValue(message)
    await button.click()
    await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true')
    expect(wallet.requestsOf('personal_sign')).toEqual([[toHex(message), wallet.address.toLowerCase()]])
  })
})
