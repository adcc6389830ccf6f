import { defaultLocale, isLocale, type Locale } from '@sigil/lib/i18n/locales'

/** A browser sends a handful of ranges; anything past this is not a real preference list. */
const MAX_RANGES = 32

type Range = { tag: string; q: number; order: number }

/**
 * The ranges of an `Accept-Language` header (RFC 9110 §12.5.4), best first: by q-value, then in
 * the order given. Ranges with q=0 ("not acceptable") and malformed ones are dropped.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return []
  const ranges: Range[] = []
  for (const [order, part] of header.split(',').slice(0, MAX_RANGES).entries()) {
    const [rawTag, ...params] = part.split(';')
    const tag = rawTag!.trim()
    if (!/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/.test(tag)) continue
    let q = 1
    for (const param of params) {
      const match = /^\s*q\s*=\s*(\S*)\s*$/i.exec(param)
      if (!match) continue
      // RFC 9110 §12.4.2: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ).
      q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(match[1]!) ? Number(match[1]) : Number.NaN
    }
    if (!(q > 0)) continue
    ranges.push({ tag, q, order })
  }
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order).map((range) => range.tag)
}

/**
 * The locale one language range asks for, or undefined. Lookup by language (RFC 4647 §3.4 in
 * spirit): `de-AT` → de, `pt`/`pt-PT` → pt-BR (our only Portuguese); Chinese only when the range is
 * Simplified (`zh`, `zh-CN`, `zh-SG`, `zh-Hans…`), never for Traditional (`zh-TW`, `zh-HK`,
 * `zh-Hant…`), whose readers are better served by their next choice.
 */
export function localeForRange(range: string): Locale | undefined {
  const subtags = range.toLowerCase().split('-')
  const language = subtags[0]
  if (language === 'zh') {
    const rest = subtags.slice(1)
    if (rest.includes('hant') || rest.some((subtag) => subtag === 'tw' || subtag === 'hk' || subtag === 'mo')) return undefined
    return 'zh-CN'
  }
  if (language === 'pt') return 'pt-BR'
  return isLocale(language) ? language : undefined
}

export type LocaleRequest = {
  /** The switcher's cookie (`LOCALE_COOKIE`), if any; an unknown value is ignored. */
  cookie?: string | null | undefined
  /** The request's `Accept-Language` header. */
  acceptLanguage?: string | null | undefined
}

/** The locale to render: the switcher's choice, else the browser's best supported range, else English. */
export function negotiateLocale({ cookie, acceptLanguage }: LocaleRequest): Locale {
  if (isLocale(cookie)) return cookie
  for (const range of parseAcceptLanguage(acceptLanguage)) {
    // "Any language" before any we speak: the default is as welcome as the ranges after it.
    if (range === '*') return defaultLocale
    const locale = localeForRange(range)
    if (locale) return locale
  }
  return defaultLocale
}
