import { describe, expect, it } from 'vitest'
import { format } from '@sigil/lib/i18n/format'
import { locales } from '@sigil/lib/i18n/locales'
import { embeddedServer } from '@/server/i18n/embeddedServer'
import { MAIL_TEXT, mailText } from '@/server/i18n/mailLocales'
import { answer, browser, createThroughApi, pgliteRouteHarness, proveEmail, seedWallet } from '@/tests/fixtures/embeddedRoutes'

/**
 * The security mails speak the owner's language (issue 41, part 2): the language the wallet was made
 * in (the vault sends its own as `Accept-Language`), whatever the language of the browser that causes
 * the mail; a wallet made before the language was kept gets the causing browser's. Real route
 * handlers on PGlite, a recording mailer.
 */

const suite = pgliteRouteHarness()

const LINUX_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

describe('the mails’ words', () => {
  it('has every mail in every locale, with the English placeholders, and only English is English', () => {
    for (const locale of locales) {
      expect(Object.keys(MAIL_TEXT[locale]).sort(), locale).toEqual(Object.keys(embeddedServer.mail).sort())
      for (const [key, english] of Object.entries(embeddedServer.mail)) {
        const text = MAIL_TEXT[locale][key as keyof typeof embeddedServer.mail]
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english))
        if (locale !== 'en' && english.length > 24) expect(text, `${locale} ${key}`).not.toBe(english)
      }
    }
  })

  it('falls back to English for a locale it does not speak', () => {
    expect(mailText('xx')).toBe(embeddedServer.mail)
    expect(mailText(null)).toBe(embeddedServer.mail)
    expect(mailText('ja')).toBe(MAIL_TEXT.ja)
  })
})

describe('a wallet made in Japanese', () => {
  it('gets its code, its recovery code, the recovery notice and the cancel page in Japanese, though the recovering browser speaks English', async () => {
    const { store, harness } = suite
    const api = harness.routes()
    const email = 'hanako@example.test'
    const owner = browser({ 'accept-language': 'ja' })
    // The code to make the wallet: in the vault's language.
    await proveEmail(harness, api, owner, email, MAIL_TEXT.ja.verifySubject)
    const mail = harness.sent.at(-1)!
    expect(mail.text).toContain('このメールアドレスを確認するコードは')
    const { created, walletId } = await createThroughApi(api, owner, email)
    expect(created?.status).toBe(201)
    expect((await store.getEmbeddedWallet(walletId!))?.locale).toBe('ja')

    // Another browser, in English, asks for a recovery code: the owner's mailbox gets it in Japanese.
    const stranger = browser({ 'accept-language': 'en-US,en;q=0.9', 'user-agent': LINUX_CHROME })
    const asked = await answer(stranger.keep(await api.recoveryCode(stranger.request({ email }))))
    expect(asked.status).toBe(202)
    await harness.settled()
    const code = harness.codeIn(email, MAIL_TEXT.ja.recoverySubject)
    const verified = await answer(stranger.keep(await api.recoveryVerify(stranger.request({ requestId: asked.body.requestId, code }))))
    expect(verified.status).toBe(200)

    const before = harness.sent.length
    const started = await answer(stranger.keep(await api.recoveryStart(stranger.request({ walletId }))))
    expect(started.status).toBe(201)
    await harness.settled()
    const [notice] = harness.sent.slice(before)
    const address = created!.body.address as string
    expect(notice!.subject).toBe(format(MAIL_TEXT.ja.noticeSubject, { address }))
    // The recovering browser in the owner's words: "Linux の Chrome".
    expect(notice!.text).toContain('（Linux の Chrome）')
    expect(notice!.text).not.toMatch(/\b(the|your|browser|wallet)\b/i)

    // The cancel link opens the page in the same language, whatever the browser that opens it says.
    const link = /(http:\/\/\S+\/api\/embedded\/recovery\/cancel\?token=[\w-]{22}&lang=ja)/.exec(notice!.text)?.[1]
    expect(link).toBeDefined()
    const page = await (await api.recoveryCancelPage(new Request(link!, { headers: { 'accept-language': 'de' } }))).text()
    expect(page).toContain('<html lang="ja"')
    expect(page).toContain('ウォレットの復元を取り消す')
  })
})

describe('a wallet made before its language was kept', () => {
  it('gets its recovery notice in the language of the browser that started the recovery', async () => {
    const { store, keyring, harness } = suite
    const api = harness.routes()
    const email = 'alt@example.test'
    const { walletId } = await seedWallet(store, keyring.current, email)
    const user = browser({ 'accept-language': 'de-DE,de;q=0.9', 'user-agent': LINUX_CHROME })
    const asked = await answer(user.keep(await api.recoveryCode(user.request({ email }))))
    await harness.settled()
    const code = harness.codeIn(email, MAIL_TEXT.de.recoverySubject)
    await answer(user.keep(await api.recoveryVerify(user.request({ requestId: asked.body.requestId, code }))))
    const before = harness.sent.length
    expect((await answer(user.keep(await api.recoveryStart(user.request({ walletId }))))).status).toBe(201)
    await harness.settled()
    const [notice] = harness.sent.slice(before)
    expect(notice!.subject).toBe(format(MAIL_TEXT.de.noticeSubject, { address: '0x000000000000000000000000000000000000dEaD' }))
    expect(notice!.text).toContain('(Chrome auf Linux)')
    expect(notice!.text).toContain('&lang=de')
  })
})
