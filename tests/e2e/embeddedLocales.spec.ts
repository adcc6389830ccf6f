import type { Frame, Page } from '@playwright/test'
import type { Address } from 'viem'
import { format } from '@/lib/i18n/format'
import type { Locale } from '@/lib/i18n/locales'
import { messages as de } from '@/lib/i18n/locales/de'
import { messages as ja } from '@/lib/i18n/locales/ja'
import type { Messages } from '@/lib/i18n/messages'
import { LOCALE_COOKIE } from '@/lib/storageNames'
import { CANCEL_PAGE_TEXT } from '@sigil/server/i18n/cancelPageLocales'
import { MAIL_TEXT } from '@sigil/server/i18n/mailLocales'
import { englishLeaks, readableTexts } from '../fixtures/englishLeaks'
import type { CapturedMail } from '../fixtures/smtp'
import { ANDROID_CHROME, IPHONE_SAFARI, phoneContext } from '../fixtures/userAgents'
import { advanceServerClock, anotherBrowserAtPanel, chooseWallet, disconnect, expect, mailFor, openEmbeddedPanel, tapCreateUntilMade, test, uniqueEmail, vault, vaultFrame } from './embeddedFixtures'

/**
 * The email & passkey wallet in German on a Pixel 7 and in Japanese on an iPhone 13 (issue 41): create,
 * a recovery started from another phone, its vault closed during the wait and opened again, the
 * owner's veto, the mails and the cancel page. On every screen, in every mail, nothing English a user
 * reads (tests/fixtures/englishLeaks.ts); screenshots of each screen go to tests/artifacts/screenshots/.
 */

test.use({ recoveryDelay: '48h' })

/** The visible elements that reach past the window's sides, or whose content scrolls sideways inside them: what a user would see cut. */
function overflowing(target: Page | Frame): Promise<string[]> {
  return target.evaluate(() => {
    const width = document.documentElement.clientWidth
    const found: string[] = []
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ visibilityProperty: true }) || element.closest('.visually-hidden')) continue
      const box = element.getBoundingClientRect()
      const name = `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`
      if (box.width > 0 && (box.right > width + 1 || box.left < -1)) found.push(`${name} reaches ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`)
      else if (getComputedStyle(element).overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1) found.push(`${name} scrolls sideways (${element.scrollWidth} > ${element.clientWidth})`)
    }
    return found
  })
}

const PIXEL_7 = { ...phoneContext(ANDROID_CHROME), viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625 }
const IPHONE_13 = phoneContext(IPHONE_SAFARI)

/** The narrowest phone a layout must hold (issue 41: addresses wrap, never clip, down to 320 px), in the language of the longest words. */
const NARROW = { ...PIXEL_7, viewport: { width: 320, height: 640 }, deviceScaleFactor: 2 }

const cases = [
  { locale: 'de', device: 'a Pixel 7', phone: PIXEL_7, acceptLanguage: 'de-DE', messages: de },
  { locale: 'de', device: 'a 320 px phone', phone: NARROW, acceptLanguage: 'de-DE', messages: de },
  { locale: 'ja', device: 'an iPhone 13', phone: IPHONE_13, acceptLanguage: 'ja-JP', messages: ja },
] as const satisfies readonly { locale: Exclude<Locale, 'en'>; device: string; phone: object; acceptLanguage: string; messages: Messages }[]

for (const { locale, device, phone, acceptLanguage, messages } of cases) {
  test.describe(`in ${locale} on ${device}`, () => {
    test.use({ ...phone, locale: acceptLanguage })

    test('create, a recovery closed and reopened, the veto, the mails and the cancel page: every screen and mail in the language, nothing English', async ({
      page,
      context,
      browser,
      embeddedApp,
      authenticator: _,
      mail,
      snap,
    }) => {
      test.setTimeout(240_000)
      const mailWords = MAIL_TEXT[locale]
      const localeCookie = { name: LOCALE_COOKIE, value: locale, url: embeddedApp.baseURL, sameSite: 'Lax' as const }
      await context.addCookies([localeCookie])
      /** Every English text found, by the screen it was on. */
      const leaks: string[] = []
      /** Every element drawn past the window's edge or clipped by a box that scrolls sideways, by screen. */
      const clipped: string[] = []
      async function read(screen: string, ...targets: (Page | Frame)[]) {
        for (const target of targets) {
          for (const text of englishLeaks(await readableTexts(target), locale)) leaks.push(`${screen}: ${text}`)
          for (const element of await overflowing(target)) clipped.push(`${screen}: ${element}`)
        }
      }
      function readMail(name: string, message: CapturedMail) {
        for (const text of englishLeaks([message.subject, ...message.text.split('\n')], locale)) leaks.push(`${name} mail: ${text}`)
      }
      const codeOf = (message: CapturedMail) => /\b(\d{6})\b/.exec(message.text)![1]!

      // The page and the vault's home, in the language.
      await page.goto(embeddedApp.baseURL)
      await read('page', page)
      await openEmbeddedPanel(page)
      await read('vault home', page, await vaultFrame(page))
      await snap(`embedded-${locale}-${phone.viewport.width}-home`)

      // Create: the code's mail in the language, the code screen, then the account view.
      const email = uniqueEmail(`locale-${locale}`)
      await vault(page).getByTestId('embedded-email-input').fill(email)
      const createdAt = mail.inbox.length
      await vault(page).getByTestId('embedded-create-button').click()
      await expect(vault(page).getByTestId('embedded-confirm-code-sent')).toContainText(email)
      const verification = await mailFor(mail, email, mailWords.verifySubject, createdAt)
      readMail('verification', verification)
      await read('code screen', page, await vaultFrame(page))
      await snap(`embedded-${locale}-${phone.viewport.width}-code`)
      await vault(page).getByTestId('embedded-confirm-code-input').fill(codeOf(verification))
      await vault(page).getByTestId('embedded-confirm-code-button').click()
      const address = await tapCreateUntilMade(page)
      await read('account view', page)
      await snap(`embedded-${locale}-${phone.viewport.width}-account`)
      await disconnect(page)

      // Another phone in the same language recovers by email; its vault is closed during the wait.
      const other = await anotherBrowserAtPanel(browser, embeddedApp.baseURL, { context: { ...phone, locale: acceptLanguage }, cookies: [localeCookie] })
      try {
        const ui = vault(other.page)
        await ui.getByTestId('embedded-recover-button').click()
        await ui.getByTestId('embedded-recover-email-input').fill(email)
        const askedAt = mail.inbox.length
        await ui.getByTestId('embedded-send-code-button').click()
        const recoveryCode = await mailFor(mail, email, mailWords.recoverySubject, askedAt)
        readMail('recovery code', recoveryCode)
        await ui.getByTestId('embedded-code-input').fill(codeOf(recoveryCode))
        await ui.getByTestId('embedded-verify-code-button').click()
        await chooseWallet(other.page, address)
        await expect(ui.getByTestId('embedded-recovery-waiting')).toContainText(address)
        await read('recovery waiting', other.page, await vaultFrame(other.page))
        await snap(`embedded-${locale}-${phone.viewport.width}-recovery-waiting`, other.page)

        // Closed: the app's dialog is neutral and says when to come back, in the language.
        await ui.getByTestId('embedded-cancel-button').click()
        const inProgress = other.page.getByTestId('embedded-recovery-in-progress')
        await expect(inProgress).toBeVisible()
        await expect(other.page.getByTestId('connect-error')).toHaveCount(0)
        await read('recovery in progress', other.page)
        await snap(`embedded-${locale}-${phone.viewport.width}-recovery-in-progress`, other.page)
        // Opened again: the wait, "Finish recovery" focused.
        await other.page.getByTestId('embedded-open-button').click()
        await expect(ui.getByTestId('embedded-recovery-finish-button')).toBeFocused()
        await read('recovery reopened', other.page, await vaultFrame(other.page))

        // The owner's notice, in the language, and its cancel page (read, not pressed).
        const notice = await mailFor(mail, email, format(mailWords.noticeSubject, { address }), askedAt)
        readMail('recovery notice', notice)
        const link = /(http:\/\/\S+\/api\/embedded\/recovery\/cancel\?token=[\w-]{22}&lang=[\w-]+)/.exec(notice.text)?.[1]
        expect(link, 'the notice’s cancel link').toBeDefined()
        const cancelPage = await context.newPage()
        await cancelPage.goto(link!)
        await expect(cancelPage.locator('html')).toHaveAttribute('lang', locale)
        await expect(cancelPage.getByRole('heading', { level: 1 })).toHaveText(CANCEL_PAGE_TEXT[locale].title)
        await read('cancel page', cancelPage)
        await snap(`embedded-${locale}-${phone.viewport.width}-cancel-page`, cancelPage)
        await cancelPage.close()

        // The owner's veto from the phone that holds the wallet.
        await page.bringToFront()
        await openEmbeddedPanel(page)
        await vault(page).getByTestId('embedded-unlock-button').click()
        await expect(vault(page).getByTestId('embedded-recovery-alert')).toBeVisible()
        await read('recovery alert', page, await vaultFrame(page))
        await snap(`embedded-${locale}-${phone.viewport.width}-recovery-alert`)
        await vault(page).getByTestId('embedded-veto-button').click()
        await expect(vault(page).getByTestId('embedded-recovery-cancelled')).toBeVisible()
        await read('recovery cancelled', page, await vaultFrame(page))

        // The recovering phone, past the delay: one state, cancelled by the owner.
        await other.page.bringToFront()
        await advanceServerClock(other.page, embeddedApp, 48 * 3600)
        await ui.getByTestId('embedded-recovery-finish-button').click()
        await expect(ui.getByTestId('embedded-recovery-vetoed')).toContainText(messages.embedded.recoveryVetoed.split(/[:：]/)[0]!)
        await read('recovery vetoed', other.page, await vaultFrame(other.page))
        await snap(`embedded-${locale}-${phone.viewport.width}-recovery-vetoed`, other.page)
      } finally {
        await other.context.close()
      }

      expect(leaks, 'English a user reads on a page in another language').toEqual([])
      expect(clipped, `what does not fit ${phone.viewport.width} px`).toEqual([])
    })
  })
}
