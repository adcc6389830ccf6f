import { format } from '@sigil/lib/i18n/format'
import type { MailText } from '@/server/i18n/mailLocales'
import { readUserAgent } from '@/server/session/device'

/**
 * What the owner is told about the browser that started a recovery: a browser name and a system
 * ("Chrome on Linux"), and a country when a proxy in front of the app gave one. Never the raw
 * User-Agent (a fingerprint) and never an IP address: only these coarse words are stored.
 */

/**
 * "Chrome on Linux", "Safari on iOS"; "a browser on Android" or "an unknown browser" when the browser
 * is not recognised (the sessions list's reader, server/session/device.ts, in the notice's wording).
 */
export function browserName(userAgent: string | null): string {
  const { browser, system } = readUserAgent(userAgent)
  if (browser && system) return `${browser} on ${system}`
  return browser ?? (system ? `a browser on ${system}` : 'an unknown browser')
}

/** {@link browserName} in the words of a mail's locale (the browser and the system stay product names). */
export function localBrowserName(userAgent: string | null, text: Pick<MailText, 'browserOn' | 'browserOnly' | 'browserUnknown'>): string {
  return localizeBrowserLabel(browserName(userAgent), text)
}

/**
 * A stored {@link browserName} label ("Chrome on Linux", "a browser on Android", "an unknown
 * browser") in another locale's words, for the vault's screens, which show what the API answers:
 * the browser and the system stay product names. A label of another shape is returned as it is.
 */
export function localizeBrowserLabel(label: string, text: Pick<MailText, 'browserOn' | 'browserOnly' | 'browserUnknown'>): string {
  if (label === 'an unknown browser') return text.browserUnknown
  const some = /^a browser on (.+)$/.exec(label)
  if (some) return format(text.browserOnly, { system: some[1]! })
  const known = /^(.+?) on (.+)$/.exec(label)
  return known ? format(text.browserOn, { browser: known[1]!, system: known[2]! }) : label
}

/**
 * A two-letter country code from the edge's header (`CF-IPCountry`, `X-Vercel-IP-Country`), only
 * when the app is behind a proxy (`TRUSTED_PROXY_HOPS` > 0) — without one, the header is the
 * client's own word. Else null.
 */
export function coarsePlace(headers: Headers, trustedProxyHops = 0): string | null {
  if (trustedProxyHops === 0) return null
  const value = (headers.get('cf-ipcountry') ?? headers.get('x-vercel-ip-country') ?? '').trim().toUpperCase()
  return /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1' ? value : null
}
