import type { Locator, Page } from '@playwright/test'
import { ui } from '@/lib/i18n/ui'
import { phoneContext } from '../fixtures/userAgents'
import { expect, test } from './walletConnectFixtures'

/**
 * The dialog's row labels tell the truth (issue 15, part 1b), with WalletConnect configured as in a
 * real deployment: "Installed" only for an extension detected in this browser, the other ways to
 * connect say what they are, and no row is busy before the user touched it. Screenshots of each list
 * go to tests/artifacts/screenshots/.
 */
async function openList(page: Page): Promise<Locator> {
  await page.getByTestId('connect-button').click()
  const dialog = page.getByTestId('connect-dialog')
  await expect(dialog).toBeVisible()
  return dialog
}

async function statusOf(dialog: Locator, key: string): Promise<string> {
  return (await dialog.getByTestId(`wallet-option-${key}`).locator('.wallet-status').textContent()) ?? ''
}

async function expectFamilies(dialog: Locator, walletConnect: string) {
  expect(await statusOf(dialog, 'walletconnect')).toBe(walletConnect)
  expect(await statusOf(dialog, 'coinbasesmartwallet')).toBe(ui['connect.tagline.coinbaseSmartWallet'])
  expect(await statusOf(dialog, 'embedded')).toBe(ui['connect.tagline.embedded'])
}

/** Reading the list for a while never shows a busy row: SDKs warm up behind normal labels. */
async function expectNoBusyRow(page: Page, dialog: Locator) {
  await page.waitForTimeout(1500)
  await expect(dialog.getByText(ui['connect.preparing'])).toHaveCount(0)
}

test('desktop, no wallet: nothing says "Installed"; WalletConnect, Coinbase and the email wallet say what they are', async ({ page, wcServer, snap }) => {
  await page.goto(wcServer.baseURL)
  const dialog = await openList(page)
  await expectFamilies(dialog, ui['connect.tagline.walletConnect'])
  await expect(dialog.getByText(ui['connect.installed'], { exact: true })).toHaveCount(0)
  await expectNoBusyRow(page, dialog)
  await snap('dialog-labels-desktop-no-wallet')
})

test('desktop, one extension: only that extension says "Installed"', async ({ page, wcServer, installWallet, snap }) => {
  await installWallet()
  await page.goto(wcServer.baseURL)
  const dialog = await openList(page)
  expect(await statusOf(dialog, 'sigiltestwallet')).toBe(ui['connect.installed'])
  await expect(dialog.getByText(ui['connect.installed'], { exact: true })).toHaveCount(1)
  await expectFamilies(dialog, ui['connect.tagline.walletConnect'])
  await expectNoBusyRow(page, dialog)
  await snap('dialog-labels-desktop-one-extension')
})

test.describe('a phone', () => {
  test.use(phoneContext())

  test('no wallet: phone-wallet rows are not "Getting ready…" while WalletConnect pairs ahead; WalletConnect says "Any wallet app"', async ({ page, wcServer, snap }) => {
    await page.goto(wcServer.baseURL)
    const dialog = await openList(page)
    await expectFamilies(dialog, ui['connect.tagline.walletConnectMobile'])
    await expect(dialog.getByText(ui['connect.installed'], { exact: true })).toHaveCount(0)
    await expectNoBusyRow(page, dialog)
    await snap('dialog-labels-phone-no-wallet')
  })
})

test('wallet logos are one image from this site, not script: each row shows its own logo, and no script carries one', async ({ page, wcServer }) => {
  const scripts: string[] = []
  const logoRequests: string[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') void response.text().then((body) => scripts.push(body), () => undefined)
  })
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/wallet-logos/')) logoRequests.push(new URL(request.url()).pathname)
  })
  await page.goto(wcServer.baseURL)
  const dialog = await openList(page)
  for (const [key, logo] of [['walletconnect', 'wallet-connect'], ['metamask', 'metamask'], ['rainbow', 'rainbow']] as const) {
    const image = dialog.getByTestId(`wallet-option-${key}`).locator('img')
    await expect(image).toHaveAttribute('src', `/wallet-logos/all.svg#${logo}`)
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true)
    // The row's cell of the sprite draws the same pixels as that logo on its own (and not a neighbour's).
    const difference = await image.evaluate(async (element: HTMLImageElement, alone: string) => {
      const pixels = async (source: CanvasImageSource) => {
        const canvas = document.createElement('canvas')
        canvas.width = canvas.height = 48
        const context = canvas.getContext('2d')!
        context.drawImage(source, 0, 0, 48, 48)
        return context.getImageData(0, 0, 48, 48).data
      }
      const single = new Image()
      single.src = alone
      await single.decode()
      const [a, b] = [await pixels(element), await pixels(single)]
      let total = 0
      for (let i = 0; i < a.length; i++) total += Math.abs(a[i]! - b[i]!)
      return total / a.length
    }, `/wallet-logos/${logo}.svg`)
    expect(difference, logo).toBeLessThan(2)
  }
  await page.waitForLoadState('networkidle')
  // The list's logos came in one request, however many rows show one.
  expect(logoRequests.filter((pathname) => pathname === '/wallet-logos/all.svg')).toHaveLength(1)
  expect(logoRequests.filter((pathname) => pathname !== '/wallet-logos/all.svg' && !pathname.endsWith('/wallet-connect.svg') && !pathname.endsWith('/metamask.svg') && !pathname.endsWith('/rainbow.svg'))).toEqual([])
  const served = await page.request.get(new URL('/wallet-logos/all.svg', wcServer.baseURL).href)
  expect(served.headers()['content-type']).toBe('image/svg+xml; charset=utf-8')
  const svg = await served.text()
  expect(svg).toMatch(/^<svg /)
  expect(scripts.length).toBeGreaterThan(0)
  const metamask = /<view id="metamask"[^>]*\/>(<svg[\s\S]*?<\/svg>)/.exec(svg)?.[1]
  expect(metamask).toBeDefined()
  expect(scripts.filter((body) => body.includes(metamask!.slice(0, 200)) || body.includes(svg.slice(0, 200)))).toEqual([])
  expect((await page.request.get(new URL('/wallet-logos/nope.svg', wcServer.baseURL).href)).status()).toBe(404)
})
