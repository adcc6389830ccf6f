import type { BrowserContext, Locator, Page } from '@playwright/test'
import { ui } from '@/lib/i18n/ui'
import { walletBook } from '@/wallet-book/index'
import type { NetworkGuard } from '../fixtures/networkGuard'
import { watchNavigations } from '../fixtures/heldRequests'
import { isWalletLink, matrixPlatforms, reachedDestination, rowsFor, type MatrixPlatform } from '../fixtures/noDeadEnds'
import { answerVerifyLocally, expect as baseExpect, test } from './walletConnectFixtures'

/**
 * No dead ends (issue 26): every wallet of the book × {Android Chrome, iPhone Safari, desktop} ×
 * {WalletConnect configured, not configured}. Each row is absent, or its tap leads to a link (the
 * wallet's browser or app, a store page), a QR code or a connection: never to an error, never to a
 * spinner beside one. The table and the rule are the test kit's (tests/fixtures/noDeadEnds.ts,
 * `@sigil/test-kit/noDeadEnds`); this spec runs them against Sigil's dialog. One app server per
 * configuration (the worker's two), one page for the desktop list; a phone gets a fresh page after
 * each tap, because a tap leaves for the wallet's link and this Chromium's "Open xdg-open?" prompt,
 * raised by a custom scheme, holds every later touch.
 */

// Many rows, each a real tap: a pairing over the loopback relay, or a page load on a phone. 30 s,
// next dev's own wait (a test here is tagged @dev): a longer limit costs a passing step nothing.
const expect = baseExpect.configure({ timeout: 30_000 })
test.describe.configure({ timeout: 300_000 })

/** WalletConnect's Verify frame (answered locally), not a place a row leads to. */
const VERIFY_URL = 'https://verify.walletconnect.org/'

type Deployment = 'configured' | 'unconfigured'
const deployments: readonly Deployment[] = ['configured', 'unconfigured']

const bookKeys = Object.keys(walletBook)
const rows = (platform: MatrixPlatform, deployment: Deployment) => rowsFor({ book: walletBook, platform, walletConnect: deployment === 'configured' })

function baseURLOf(deployment: Deployment, servers: { wcServer: { baseURL: string }; app: { baseURL: string } }): string {
  return deployment === 'configured' ? servers.wcServer.baseURL : servers.app.baseURL
}

async function openDialog(page: Page, tap: boolean): Promise<Locator> {
  const button = page.getByTestId('connect-button')
  if (tap) await button.tap()
  else await button.click()
  const dialog = page.getByTestId('connect-dialog')
  await expect(dialog).toBeVisible()
  // The book's rows come with the dialog's chunk; MetaMask opens in its browser or installs everywhere.
  await expect(dialog.getByTestId('wallet-option-metamask')).toBeVisible()
  return dialog
}

/** A screenshot once the first book logo has loaded (the rows' images load lazily). */
async function snapList(snap: (name: string, page?: Page) => Promise<void>, name: string, dialog: Locator, page?: Page) {
  const logo = dialog.getByTestId('wallet-option-metamask').locator('img')
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { timeout: 60_000 }).toBe(true)
  await snap(name, page)
}

/** The book wallets the dialog lists, by key. */
async function listedBookKeys(dialog: Locator): Promise<string[]> {
  const ids = await dialog.locator('[data-testid^="wallet-option-"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''))
  return ids.map((id) => id.slice('wallet-option-'.length)).filter((key) => bookKeys.includes(key))
}

/** No error anywhere in the dialog, and no "Try again". */
async function expectNoError(dialog: Locator, key: string) {
  await expect(dialog.getByTestId('connect-error'), key).toHaveCount(0)
  await expect(dialog.getByTestId('connect-retry'), key).toHaveCount(0)
  await expect(dialog.getByText(/no project id|No inAppBrowserBase/i), key).toHaveCount(0)
}

/** The families' rows: WalletConnect's only where it works; the Coinbase Smart Wallet and email always. */
async function expectFamilyRows(dialog: Locator, deployment: Deployment) {
  await expect(dialog.getByTestId('wallet-option-walletconnect')).toHaveCount(deployment === 'configured' ? 1 : 0)
  await expect(dialog.getByTestId('wallet-option-coinbasesmartwallet')).toBeVisible()
  await expect(dialog.getByTestId('wallet-option-embedded')).toBeVisible()
  // Operator's words stay out of a production build's dialog.
  await expect(dialog.getByTestId('walletconnect-off-notice')).toHaveCount(0)
}

test('under next dev without a project id, one line tells the operator the WalletConnect wallets are hidden, and opens to how to offer them', { tag: '@dev' }, async ({
  page,
  app,
  serverMode,
  snap,
}) => {
  await page.goto(app.baseURL)
  const dialog = await openDialog(page, false)
  const notice = dialog.getByTestId('walletconnect-off-notice')
  if (serverMode === 'dev') {
    // One line, then the how-to on a tap.
    const summary = notice.locator('summary')
    await expect(summary).toHaveText(ui['connect.dev.walletConnectOffSummary'])
    const line = await summary.boundingBox()
    expect(line!.height).toBeLessThan(24)
    await expect(notice.getByRole('link')).toBeHidden()
    await summary.click()
    await expect(notice.locator('p')).toHaveText(`${ui['connect.dev.walletConnectOff']} ${ui['connect.dev.walletConnectOffLink']}`)
    await expect(notice.getByRole('link')).toHaveAttribute('href', 'https://cloud.reown.com')
    await snapList(snap, 'no-dead-ends-dev-no-project-id', dialog)
  } else {
    await expect(notice).toHaveCount(0)
  }
  await expect(dialog.getByTestId('wallet-option-walletconnect')).toHaveCount(0)
})

test.describe('desktop', () => {
  for (const deployment of deployments) {
    test(`WalletConnect ${deployment}: every book wallet's row opens its QR code or its store page, or is not listed`, async ({
      page,
      context,
      app,
      wcServer,
      networkGuard,
      snap,
    }) => {
      networkGuard.allow((url) => isWalletLink(walletBook, url))
      await page.goto(baseURLOf(deployment, { app, wcServer }))
      const dialog = await openDialog(page, false)
      await expectFamilyRows(dialog, deployment)
      const expected = rows('desktop', deployment)
      const listed = await listedBookKeys(dialog)
      expect(listed).toEqual(expected.map((row) => row.key))
      await snapList(snap, deployment === 'unconfigured' ? 'no-dead-ends-desktop-no-project-id' : 'no-dead-ends-desktop', dialog)

      for (const expectedRow of expected) {
        const { key } = expectedRow
        const row = dialog.getByTestId(`wallet-option-${key}`)
        if (expectedRow.destination === 'qr-code') {
          await row.click()
          await expect(page.getByTestId('wc-qr'), key).toHaveAttribute('data-uri', /^wc:[0-9a-f]{64}@2\?/)
          await expectNoError(dialog, key)
          await page.getByTestId('wc-back').click()
          await expect(row).toBeVisible()
        } else {
          if (await dialog.getByTestId(`wallet-install-${key}`).count()) {
            await expect(dialog.getByTestId(`wallet-install-${key}`), key).toHaveAttribute('href', expectedRow.storeUrl!)
          }
          // The row itself leads where its "Install" link does: the store page, in a new tab.
          const opened = context.waitForEvent('request', (request) => reachedDestination(expectedRow, request.url()))
          const popup = context.waitForEvent('page')
          await row.click()
          await opened
          await (await popup).close()
          await expectNoError(dialog, key)
          await expect(row).toBeVisible()
        }
      }
    })
  }
})

/**
 * A phone: taps every listed book wallet, each on a fresh page (a tap leaves for the wallet), and
 * expects a link to the wallet (its browser or its app: the navigation the tap asked for) or the
 * WalletConnect view's QR code, and no error.
 */
async function tapEveryRow(options: {
  context: BrowserContext
  baseURL: string
  deployment: Deployment
  networkGuard: NetworkGuard
  snap: (name: string, page?: Page) => Promise<void>
  platform: MatrixPlatform
}) {
  const { context, baseURL, deployment, networkGuard } = options
  networkGuard.allow((url) => isWalletLink(walletBook, url))

  const first = await context.newPage()
  await answerVerifyLocally(first)
  await first.goto(baseURL)
  const dialog = await openDialog(first, true)
  await expectFamilyRows(dialog, deployment)
  const expected = rows(options.platform, deployment)
  const listed = await listedBookKeys(dialog)
  expect(listed).toEqual(expected.map((row) => row.key))
  for (const { key, wallet, destination } of expected) {
    const row = dialog.getByTestId(`wallet-option-${key}`)
    await expect(row, key).toHaveAttribute('data-opens', destination)
    const label = destination === 'wallet-app' ? ui['connect.connectWithApp'] : ui['connect.openInBrowser']
    await expect(row.locator('.wallet-status'), key).toHaveText(label.replace('{wallet}', wallet.name))
  }
  await snapList(options.snap, `no-dead-ends-${options.platform}-${deployment}`, dialog, first)
  await first.close()

  for (const expectedRow of expected) {
    const { key } = expectedRow
    const page = await context.newPage()
    await answerVerifyLocally(page)
    const navigations = await watchNavigations(page)
    await page.goto(baseURL)
    const list = await openDialog(page, true)
    const row = list.getByTestId(`wallet-option-${key}`)
    // A row whose app link needs the pairing URI takes taps once the URI is there (the warm-up).
    await expect(row, key).not.toHaveAttribute('data-preparing', 'true')
    const started = navigations.length
    // A tap that starts a navigation to a wallet's scheme never sees it commit: not waiting for it.
    await row.tap({ noWaitAfter: true })
    const left = () => navigations.slice(started).find((url) => !url.startsWith(baseURL) && !url.startsWith(VERIFY_URL))
    if (expectedRow.destination === 'wallet-browser') {
      await expect.poll(left, { message: key }).toBeDefined()
      expect(reachedDestination(expectedRow, left()!), `${key}: ${left()}`).toBe(true)
    } else {
      // Its app, by its link with the pairing URI, or (the URI not ready at the tap) its "Open" view,
      // never a QR code (it would be of this very phone).
      await expect
        .poll(async () => left() ?? ((await page.getByTestId('wc-open-app').count()) > 0 ? 'open' : undefined), { message: key })
        .toBeDefined()
      await expect(page.getByTestId('wc-qr'), key).toHaveCount(0)
      const link = left()
      if (link) expect(reachedDestination(expectedRow, link), `${key}: ${link}`).toBe(true)
      if (!link?.startsWith('https:')) await expectNoError(page.getByTestId('connect-dialog'), key)
    }
    await page.close()
  }
}

const phones: readonly { title: string; platform: MatrixPlatform }[] = [
  { title: 'an Android phone (Chrome)', platform: 'android' },
  { title: 'an iPhone (Safari)', platform: 'iphone' },
]

for (const { title, platform } of phones) {
  test.describe(title, () => {
    test.use(matrixPlatforms[platform].contextOptions)
    for (const deployment of deployments) {
      test(`WalletConnect ${deployment}: every listed book wallet opens its browser or its app; none answers with an error`, async ({
        context,
        app,
        wcServer,
        networkGuard,
        snap,
      }) => {
        await tapEveryRow({ context, baseURL: baseURLOf(deployment, { app, wcServer }), deployment, networkGuard, snap, platform })
      })
    }
  })
}
