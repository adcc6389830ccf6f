import { describe, expect, it } from 'vitest'
import { localeForRange, negotiateLocale, parseAcceptLanguage } from './negotiateLocale'

describe('parseAcceptLanguage', () => {
  it('orders ranges by q-value, then as given, and drops q=0 and malformed entries', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de, ja;q=0.8, en;q=0.5')).toEqual(['de', 'ja', 'fr', 'en'])
    expect(parseAcceptLanguage('de;q=0, ja')).toEqual(['ja'])
    expect(parseAcceptLanguage('de;q=2, ja;q=abc, ko;q=0.3')).toEqual(['ko'])
    expect(parseAcceptLanguage('d e, <script>, fr')).toEqual(['fr'])
    expect(parseAcceptLanguage('')).toEqual([])
    expect(parseAcceptLanguage(null)).toEqual([])
  })
})

describe('localeForRange', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['DE-ch', 'de'],
    ['en-GB', 'en'],
    ['es-419', 'es'],
    ['fr-CA', 'fr'],
    ['ja-JP', 'ja'],
    ['ko-KR', 'ko'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-TW', undefined],
    ['zh-HK', undefined],
    ['zh-Hant', undefined],
    ['zh-Hant-TW', undefined],
    ['it', undefined],
    ['nl-NL', undefined],
  ])('%s → %s', (range, locale) => {
    expect(localeForRange(range)).toBe(locale)
  })
})

describe('negotiateLocale', () => {
  it.each([
    // [Accept-Language, expected]
    [undefined, 'en'],
    ['', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['it-IT,it;q=0.9,fr;q=0.7,en;q=0.5', 'fr'],
    ['en;q=0.5,ja;q=0.9', 'ja'],
    ['zh-TW,zh;q=0.8', 'zh-CN'],
    ['zh-TW,en;q=0.8', 'en'],
    ['zh-Hans-CN', 'zh-CN'],
    ['pt-PT,pt;q=0.9', 'pt-BR'],
    ['ko-KR,ko;q=0.9,en-US;q=0.8', 'ko'],
    ['es-MX', 'es'],
    ['it, nl', 'en'],
    ['*', 'en'],
    ['*, de;q=0.5', 'en'],
    ['nl, *;q=0.5, de;q=0.4', 'en'],
    ['de;q=0, fr', 'fr'],
  ])('Accept-Language %j → %s', (acceptLanguage, locale) => {
    expect(negotiateLocale({ acceptLanguage })).toBe(locale)
  })

  it('lets the switcher’s cookie win over Accept-Language', () => {
    expect(negotiateLocale({ cookie: 'ja', acceptLanguage: 'de' })).toBe('ja')
    expect(negotiateLocale({ cookie: 'zh-CN', acceptLanguage: 'de' })).toBe('zh-CN')
    expect(negotiateLocale({ cookie: 'en', acceptLanguage: 'de' })).toBe('en')
  })

  it('ignores a cookie that names no supported locale', () => {
    expect(negotiateLocale({ cookie: 'xx', acceptLanguage: 'de' })).toBe('de')
    expect(negotiateLocale({ cookie: 'DE', acceptLanguage: 'fr' })).toBe('fr')
    expect(negotiateLocale({ cookie: 'zh-cn', acceptLanguage: undefined })).toBe('en')
    expect(negotiateLocale({ cookie: '', acceptLanguage: 'ko' })).toBe('ko')
    expect(negotiateLocale({ cookie: '__proto__', acceptLanguage: null })).toBe('en')
  })
})
