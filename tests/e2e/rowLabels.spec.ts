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

test('wallet logos are images from this site, not script: the rows on screen show them, and no script carries one', async ({ page, wcServer }) => {
  const scripts: string[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') void response.text().then((body) => scripts.push(body), () => undefined)
  })
  await page.goto(wcServer.baseURL)
  const dialog = await openList(page)
  for (const [key, logo] of [['walletconnect', 'wallet-connect'], ['metamask', 'metamask'], ['rainbow', 'rainbow']] as const) {
    const image = dialog.getByTestId(`wallet-option-${key}`).locator('img')
    await expect(image).toHaveAttribute('src', `/wallet-logos/${logo}.svg`)
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true)
  }
  const served = await page.request.get(new URL('/wallet-logos/metamask.svg', wcServer.baseURL).href)
  expect(served.headers()['content-type']).toBe('image/svg+xml; charset=utf-8')
  const svg = await served.text()
  expect(svg).toMatch(/^<svg /)
  await page.waitForLoadState('networkidle')
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((body) => body.includes(svg.slice(0, 200)))).toEqual([])
  expect((await page.request.get(new URL('/wallet-logos/nope.svg', wcServer.baseURL).href)).status()).toBe(404)
})

/** Every row's image, as the browser drew it: its source and whether it loaded. */
async function rowImages(dialog: Locator): Promise<{ key: string; src: string; loaded: boolean }[]> {
  return dialog.locator('[data-testid^="wallet-option-"]').evaluateAll((rows) =>
    rows.map((row) => {
      const image = row.querySelector('img')
      return { key: row.getAttribute('data-testid')!, src: image?.getAttribute('src') ?? '', loaded: !!image && image.complete && image.naturalWidth > 0 }
    }),
  )
}

/** A letter tile: the wallet book's monogram, an SVG whose only drawing is text. */
const isLetterTile = (src: string) => src.startsWith('data:') && decodeURIComponent(src).includes('<text')

for (const [where, use] of [['a computer', {}], ['a phone', phoneContext()]] as const) {
  test.describe(`on ${where}`, () => {
    test.use(use)

    test('every row shows its wallet’s own mark, loaded: no letter tile', async ({ page, wcServer, snap }) => {
      await page.goto(wcServer.baseURL)
      const dialog = await openList(page)
      // The images load lazily: each row is scrolled to, as a user reading the list would.
      for (const row of await dialog.locator('[data-testid^="wallet-option-"]').all()) await row.scrollIntoViewIfNeeded()
      let images: Awaited<ReturnType<typeof rowImages>> = []
      await expect
        .poll(async () => {
          images = await rowImages(dialog)
          return images.filter((image) => !image.loaded).map((image) => image.key)
        })
        .toEqual([])
      await dialog.locator('[data-testid^="wallet-option-"]').first().scrollIntoViewIfNeeded()
      expect(images.length).toBeGreaterThan(where === 'a phone' ? 8 : 12)
      expect(images.filter((image) => isLetterTile(image.src)).map((image) => image.key)).toEqual([])
      for (const image of images) expect(image.src, image.key).toMatch(/^(\/wallet-logos\/[a-z0-9-]+\.svg|data:image\/svg\+xml,)/)
      await snap(`dialog-logos-${where === 'a phone' ? 'phone' : 'desktop'}`)
    })
  })
}
