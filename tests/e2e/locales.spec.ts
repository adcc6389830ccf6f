import type { BrowserContext, Page } from '@playwright/test'
import { en } from '@/lib/i18n/en'
import { localeNames, locales, type Locale } from '@/lib/i18n/locales'
import type { Messages } from '@/lib/i18n/messages'
import { messages as de } from '@/lib/i18n/locales/de'
import { messages as es } from '@/lib/i18n/locales/es'
import { messages as fr } from '@/lib/i18n/locales/fr'
import { messages as ja } from '@/lib/i18n/locales/ja'
import { messages as ko } from '@/lib/i18n/locales/ko'
import { messages as ptBR } from '@/lib/i18n/locales/pt-BR'
import { messages as zhCN } from '@/lib/i18n/locales/zh-CN'
import { LOCALE_COOKIE } from '@/lib/storageNames'
import { englishLeaks, readableTexts } from '../fixtures/englishLeaks'
import { expect, test } from './fixtures'
import { TEST_WALLET_KEY } from './signIn'

/**
 * Six languages and more (issue 15, part 5): the server negotiates the locale from the switcher's
 * cookie, else `Accept-Language`, and renders the page in it from the first byte. An error shows in the
 * page's language by its code (issue 26), the catalogue's English message (docs/errors.md) and the code
 * beneath it.
 */

/** The `ui` strings of each locale, English included. */
const catalogues: Record<Locale, Messages['ui']> = {
  en: en.ui,
  es: es.ui,
  fr: fr.ui,
  de: de.ui,
  ja: ja.ui,
  'zh-CN': zhCN.ui,
  'pt-BR': ptBR.ui,
  ko: ko.ui,
}

/** The default test wallet is unknown to the wallet-book, so its key is `connectorKey(name)`. */

async function chooseLocale(context: BrowserContext, baseURL: string, locale: string) {
  await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL, sameSite: 'Lax' }])
}

async function openDialog(page: Page) {
  await page.getByTestId('connect-button').click()
  const dialog = page.getByTestId('connect-dialog')
  await expect(dialog).toBeVisible()
  return dialog
}

test.describe('first paint', () => {
  test('a German Accept-Language gets German HTML from the server, lang="de" included, before any script runs', async ({ app, request, browser }) => {
    const response = await request.get(app.baseURL, { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } })
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toMatch(/<html lang="de"/)
    expect(html).toContain(`>${de.ui['connect.button']}<`)
    expect(html).toContain(de.ui['start.body'])
    expect(html).toContain(`<meta name="description" content="${de.ui['app.tagline']}"`)
    expect(html).not.toContain(`>${en.ui['connect.button']}<`)
    // Only German goes to the browser: no other locale's strings ride along with the page.
    expect(html).not.toContain(ja.ui['connect.title'])
    expect(html).not.toContain(fr.ui['start.body'])

    // And as a browser sees it with no script at all: nothing for the client to fix up later.
    const noScript = await browser.newContext({ locale: 'de-DE', javaScriptEnabled: false })
    try {
      const page = await noScript.newPage()
      await page.goto(app.baseURL)
      await expect(page.locator('html')).toHaveAttribute('lang', 'de')
      await expect(page.getByTestId('connect-button')).toHaveText(de.ui['connect.button'])
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(de.ui['start.heading'])
      await expect(page.getByTestId('locale-switcher')).toHaveAttribute('data-locale', 'de')
    } finally {
      await noScript.close()
    }
  })

  test('Accept-Language ranges fall back by language, and English is the default when none matches', async ({ app, request }) => {
    const cases: [string, Locale][] = [
      ['ja-JP,ja;q=0.9', 'ja'],
      ['zh-Hans-CN,zh;q=0.9', 'zh-CN'],
      ['pt-PT', 'pt-BR'],
      ['it-IT,it;q=0.9,ko;q=0.5', 'ko'],
      ['it-IT,nl;q=0.9', 'en'],
      ['en-US,en;q=0.9', 'en'],
    ]
    for (const [acceptLanguage, locale] of cases) {
      const html = await (await request.get(app.baseURL, { headers: { 'accept-language': acceptLanguage } })).text()
      expect(html, acceptLanguage).toContain(`<html lang="${locale}"`)
      expect(html, acceptLanguage).toContain(`>${catalogues[locale]['connect.button']}<`)
    }
  })

  test('an invalid locale cookie is ignored: Accept-Language decides', async ({ app, request }) => {
    for (const value of ['xx', 'DE', 'zh-cn', '%3Cscript%3E']) {
      const html = await (await request.get(app.baseURL, { headers: { 'accept-language': 'fr-FR', cookie: `${LOCALE_COOKIE}=${value}` } })).text()
      expect(html, value).toContain('<html lang="fr"')
    }
    const chosen = await (await request.get(app.baseURL, { headers: { 'accept-language': 'fr-FR', cookie: `${LOCALE_COOKIE}=ko` } })).text()
    expect(chosen).toContain('<html lang="ko"')
  })
})

test.describe('every locale', () => {
  for (const locale of locales) {
    test(`the page and the connect dialog render in ${locale} with no axe-core violations`, async ({ page, app, context, expectAccessible }) => {
      const ui = catalogues[locale]
      await chooseLocale(context, app.baseURL, locale)
      await page.goto(app.baseURL)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sigil')
      await expect(page.getByText(ui['app.tagline'])).toBeVisible()
      await expect(page.getByTestId('connect-button')).toHaveText(ui['connect.button'])
      await expect(page.getByTestId('locale-switcher')).toHaveAttribute('data-locale', locale)
      await expect(page.getByTestId('locale-switcher')).toHaveAccessibleName(`${ui['locale.label']}: ${localeNames[locale]}`)
      await expectAccessible({ label: `page (${locale})` })

      const dialog = await openDialog(page)
      await expect(dialog.getByRole('heading', { name: ui['connect.title'] })).toBeVisible()
      await expect(dialog.getByTestId('dialog-close')).toHaveAccessibleName(ui['connect.close'])
      await expectAccessible({ label: `connect dialog (${locale})` })
    })
  }
})

test.describe('the language switcher', () => {
  test('applies a language only when its button is pressed, keeps it in a year-long SameSite=Lax cookie, wins over Accept-Language and survives a reload', async ({
    page,
    app,
    context,
  }) => {
    // Playwright's locale is en-US, so the browser asks for English.
    await page.goto(app.baseURL)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    const switcher = page.getByTestId('locale-switcher')
    await expect(switcher).toHaveAccessibleName(`${en.ui['locale.label']}: English`)
    await expect(switcher).toHaveAttribute('aria-expanded', 'false')

    // Keyboard only. Enter opens the list on the current language.
    await switcher.focus()
    await page.keyboard.press('Enter')
    await expect(switcher).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByTestId('locale-option-en')).toBeFocused()
    await expect(page.getByTestId('locale-option-en')).toHaveAttribute('aria-current', 'true')
    // Arrow keys (a native select's trap, WCAG 3.2.2) and moving through the list change nothing.
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'Tab', 'Tab', 'Tab']) await page.keyboard.press(key)
    await expect(page.getByTestId('locale-option-de')).toBeFocused()
    await page.waitForTimeout(300)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    expect((await context.cookies(app.baseURL)).find((c) => c.name === LOCALE_COOKIE)).toBeUndefined()
    // Escape closes the list and gives the keyboard back to the button, still in English.
    await page.keyboard.press('Escape')
    await expect(switcher).toHaveAttribute('aria-expanded', 'false')
    await expect(switcher).toBeFocused()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')

    // Enter on German applies it.
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('locale-option-de')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByTestId('connect-button')).toHaveText(de.ui['connect.button'])
    await expect(switcher).toHaveAttribute('data-locale', 'de')
    await expect(switcher).toBeFocused()

    const cookie = (await context.cookies(app.baseURL)).find((c) => c.name === LOCALE_COOKIE)
    expect(cookie).toMatchObject({ value: 'de', path: '/', sameSite: 'Lax', httpOnly: false })
    const yearFromNow = Date.now() / 1000 + 365 * 24 * 60 * 60
    expect(Math.abs(cookie!.expires - yearFromNow)).toBeLessThan(120)

    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByTestId('connect-button')).toHaveText(de.ui['connect.button'])

    // A pointer works the same way.
    await page.getByTestId('locale-switcher').click()
    await page.getByTestId('locale-option-ja').click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
    await expect(page.getByTestId('connect-button')).toHaveText(ja.ui['connect.button'])
    await page.reload()
    await expect(page.getByTestId('connect-button')).toHaveText(ja.ui['connect.button'])
  })
})

test.describe('error messages', () => {
  test('a rejected connection in German says so in German, with the next step, and keeps the catalogue’s English message and code beneath', async ({
    page,
    app,
    context,
    installWallet,
    snap,
    expectAccessible,
  }) => {
    await installWallet({ behaviour: { rejectConnect: true } })
    await chooseLocale(context, app.baseURL, 'de')
    await page.goto(app.baseURL)
    const dialog = await openDialog(page)
    await dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`).click()
    const error = dialog.getByTestId('connect-error')
    await expect(error).toHaveAttribute('role', 'alert')
    await expect(error).toHaveAttribute('data-code', 'connection_rejected')
    await expect(error.locator('p').first()).toHaveText(de.errors.connection_rejected)
    // The catalogue's English message (docs/errors.md), verbatim, and the code: a detail for support
    // and logs, folded under a German "Details" until asked for.
    const detail = dialog.getByTestId('connect-error-detail')
    await expect(detail).toHaveText(`${en.errors.connection_rejected} connection_rejected`)
    await expect(detail).toBeHidden()
    await dialog.getByTestId('connect-error-details').getByText(de.ui['error.details'], { exact: true }).click()
    await expect(detail).toBeVisible()
    // The controls around it are German.
    await expect(dialog.getByTestId('connect-retry')).toHaveText(de.ui['connect.retry'])
    await snap('locale-de-connect-error')
    await expectAccessible({ label: 'connect error (de)' })
  })
})

test.describe('screenshots', () => {
  for (const locale of ['de', 'ja'] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`the page, the connect dialog and the account view in ${locale}, ${colorScheme}`, async ({ page, app, context, installWallet, snap }) => {
        const ui = catalogues[locale]
        await installWallet()
        await page.emulateMedia({ colorScheme })
        await chooseLocale(context, app.baseURL, locale)
        await page.goto(app.baseURL)
        await expect(page.getByTestId('connect-button')).toHaveText(ui['connect.button'])
        await snap(`locale-${locale}-${colorScheme}-page`)
        const pageTexts = await readableTexts(page)

        const dialog = await openDialog(page)
        await expect(dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`)).toContainText(ui['connect.installed'])
        await snap(`locale-${locale}-${colorScheme}-dialog`)

        const leaks = englishLeaks([...pageTexts, ...(await readableTexts(page))], locale)
        await dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`).click()
        await expect(page.getByTestId('account-address')).toBeVisible()
        await expect(page.getByRole('heading', { name: ui['sign.heading'] })).toBeVisible()
        await snap(`locale-${locale}-${colorScheme}-account`)

        // Signed in: the sign-in panel, this browser in the sessions list, the linked wallets.
        await page.getByTestId('sign-in-button').click()
        await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
        await expect(page.getByTestId('session-device').first()).toHaveText(catalogues[locale]['auth.sessions.deviceOn'].replace('{browser}', 'Chrome').replace('{system}', 'Linux'))
        await snap(`locale-${locale}-${colorScheme}-signed-in`)
        leaks.push(...englishLeaks(await readableTexts(page), locale))
        expect(leaks, 'English on the page, the dialog or the account view').toEqual([])
      })
    }
  }
})
