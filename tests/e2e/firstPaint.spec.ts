import { en } from '@/lib/i18n/en'
import { expect, test } from './fixtures'

/**
 * The page's largest paint is its first (issue 14, part 5): the intro is server-rendered HTML and
 * CSS, painted in the first frame while none of the page's scripts has even arrived, and nothing the
 * scripts render later is larger. Chromium's own `largest-contentful-paint` entries, on a phone and
 * on a computer; the first-load scripts are held back until the first frame is on screen, so a page
 * whose intro waited for JavaScript would have nothing to show.
 */

/**
 * `lcpAfterFcpMs` of tests/bench/budgets.ts, by value: importing that module here would hand
 * deployment.spec.ts's import of next.config.mjs a transformed copy of app/_build/vaultBundle.mjs
 * (see COMPILE_HINT below for the same reason).
 */
const LCP_AFTER_FCP_MS = 100

type Paints = { fcp: number | undefined; lcp: { startTime: number; tag: string; text: string }[] }

declare global {
  interface Window {
    __lcp?: { startTime: number; tag: string; text: string }[]
  }
}

const viewports = [
  { name: 'a phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'a computer', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
]

for (const device of viewports) {
  test(`on ${device.name}, the intro is the largest paint and comes with the first, before any script has run`, async ({ browser, app }) => {
    const context = await browser.newContext({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch })
    try {
      const page = await context.newPage()
      await page.addInitScript(() => {
        window.__lcp = []
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
            window.__lcp!.push({ startTime: entry.startTime, tag: entry.element?.tagName ?? '', text: entry.element?.textContent ?? '' })
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      })
      let release!: () => void
      const scriptsMayGo = new Promise<void>((resolve) => (release = resolve))
      let heldScripts = 0
      await page.route('**/_next/static/chunks/**', async (route) => {
        heldScripts++
        await scriptsMayGo
        await route.continue()
      })

      await page.goto(app.baseURL, { waitUntil: 'commit' })
      const paints = () =>
        page.evaluate<Paints>(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          lcp: window.__lcp ?? [],
        }))
      // The HTML can arrive in more than one packet on a busy machine, so the tagline may be painted a
      // frame before the intro: wait for the intro to become the largest paint, with every script still held.
      await expect.poll(async () => (await paints()).lcp.at(-1)?.text).toBe(en.ui['start.body'])
      const beforeScripts = await paints()
      expect(heldScripts, 'the page asked for its scripts').toBeGreaterThan(0)
      expect(await page.evaluate(() => document.querySelectorAll('script[src]').length)).toBeGreaterThan(0)
      const first = beforeScripts.lcp.at(-1)!
      expect(first).toMatchObject({ tag: 'P', text: en.ui['start.body'] })
      // With the first contentful paint, or within the budget after it (the HTML can arrive in more
      // than one packet on a busy machine: a frame or a few apart): never after any script ran.
      expect(first.startTime - beforeScripts.fcp!).toBeGreaterThanOrEqual(0)
      expect(first.startTime - beforeScripts.fcp!).toBeLessThanOrEqual(LCP_AFTER_FCP_MS)

      // The scripts arrive and run (the button opens the dialog); nothing they paint is larger.
      release()
      await page.waitForLoadState('networkidle')
      const afterScripts = await paints()
      expect(afterScripts.lcp.at(-1)).toEqual(first)
      await page.getByTestId('connect-button').click()
      await expect(page.getByTestId('connect-dialog')).toBeVisible()
    } finally {
      await context.close()
    }
  })
}

/**
 * The scripts the page runs before it can hydrate start with V8's compile hint (app/_build/compileHints.mjs,
 * applied by `next build`), so Chrome compiles them while they download rather than during the
 * page's longest task; the connect dialog's scripts, loaded on the click, do not (most of their
 * functions never run).
 */
// V8's magic comment itself, not the module's constant: the test holds the build to what Chrome reads.
// (Importing app/_build/compileHints.mjs here would also hand deployment.spec.ts's import of
// next.config.mjs a transformed copy of it without its named exports, in the same worker.)
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

test('the first-load scripts carry the compile hint and the later scripts do not', async ({ page, app }) => {
  const scripts = new Map<string, Promise<string>>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith('/_next/static/chunks/') && url.pathname.endsWith('.js')) scripts.set(url.pathname, response.text())
  })
  const html = await (await page.goto(app.baseURL, { waitUntil: 'networkidle' }))!.text()
  // The first load: the scripts the HTML itself names. Those loaded after it (the wallet runtime,
  // when the browser is idle: react/wagmi/walletRuntime.ts; then the dialog's) have no hint.
  const named = new Set([...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => new URL(match[1]!, app.baseURL).pathname))
  const firstLoad = [...scripts].filter(([script]) => named.has(script))
  expect(firstLoad.length, 'scripts loaded with the page').toBeGreaterThan(3)
  for (const [script, text] of firstLoad) expect((await text).startsWith(COMPILE_HINT), script).toBe(true)

  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('connect-dialog')).toBeVisible()
  await page.waitForLoadState('networkidle')
  const later = [...scripts].filter(([script]) => !named.has(script))
  expect(later.length, 'scripts loaded after the first load').toBeGreaterThan(0)
  for (const [script, text] of later) expect((await text).startsWith(COMPILE_HINT), script).toBe(false)
})
