import { describe, expect, it } from 'vitest'
import { locales } from '@sigil/lib/i18n/locales'
import { CANCEL_PAGE_TEXT } from '@/server/i18n/cancelPageLocales'
import { cancelPageHtml, cancelPageRequest } from './cancelPage'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers })

describe('the recovery cancel page', () => {
  it('has every sentence in every locale, with the English placeholders, and none left in English', () => {
    const english = CANCEL_PAGE_TEXT.en
    for (const locale of locales) {
      const text = CANCEL_PAGE_TEXT[locale]
      expect(Object.keys(text).sort(), locale).toEqual(Object.keys(english).sort())
      for (const key of Object.keys(english) as (keyof typeof english)[]) {
        expect(placeholders(text[key]), `${locale} ${key}`).toEqual(placeholders(english[key]))
        if (locale !== 'en') expect(text[key], `${locale} ${key} is still English`).not.toBe(english[key])
      }
    }
  })

  it('speaks the owner’s language: the link’s lang, else the browser’s', () => {
    expect(cancelPageRequest(request('https://wallet.sigil.example/api/embedded/recovery/cancel?token=x&lang=ja')).locale).toBe('ja')
    expect(cancelPageRequest(request('https://wallet.sigil.example/api/embedded/recovery/cancel?token=x', { 'accept-language': 'de-DE,de;q=0.9' })).locale).toBe('de')
    expect(cancelPageRequest(request('https://wallet.sigil.example/api/embedded/recovery/cancel?token=x&lang=xx', { 'accept-language': 'fr' })).locale).toBe('fr')
  })

  it('is styled like the vault under the response’s nonce, and keeps the language through its form', async () => {
    const page = cancelPageRequest(
      request('https://wallet.sigil.example/api/embedded/recovery/cancel?token=x', { 'accept-language': 'de', 'content-security-policy': "default-src 'none'; style-src 'nonce-abc123'" }),
    )
    const html = await cancelPageHtml({ kind: 'confirm', address: '0x000000000000000000000000000000000000bEEF', startedAt: new Date('2030-01-01T00:00:00Z'), releaseAt: new Date('2030-01-03T00:00:00Z'), token: 'A'.repeat(22) }, 200, page).text()
    expect(html).toContain('<html lang="de"')
    expect(html).toContain('<style nonce="abc123">')
    expect(html).toContain('class="card"')
    expect(html).toContain('Wiederherstellung abbrechen')
    expect(html).toContain('action="/api/embedded/recovery/cancel?lang=de"')
    expect(html).not.toContain('<script')
  })

  it('escapes what it shows, and without a nonce carries no style at all', async () => {
    const html = await cancelPageHtml({ kind: 'cancelled', address: '<img src=x onerror=alert(1)>', keyReleased: false }).text()
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<style')
  })
})
