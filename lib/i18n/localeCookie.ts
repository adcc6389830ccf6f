import { serializeCookie } from '@/lib/http/cookies'
import { LOCALE_COOKIE, type Locale } from './locales'

/** One year, in seconds. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

/**
 * The `document.cookie` assignment that remembers the switcher's choice: one year, whole site,
 * SameSite=Lax (sent when arriving from a link, so the page opens in the chosen language), Secure
 * on HTTPS pages.
 */
export function localeCookie(locale: Locale, secure: boolean): string {
  return serializeCookie(LOCALE_COOKIE, locale, { maxAge: LOCALE_COOKIE_MAX_AGE, path: '/', secure, sameSite: 'Lax' })
}
