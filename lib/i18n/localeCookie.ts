import { LOCALE_COOKIE } from '@/lib/storageNames'
import { type Locale } from './locales'

/** One year, in seconds. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

/**
 * The `document.cookie` assignment that remembers the switcher's choice: one year, whole site,
 * SameSite=Lax (sent when arriving from a link, so the page opens in the chosen language), Secure
 * on HTTPS pages.
 */
export function localeCookie(locale: Locale, secure: boolean): string {
  // A locale tag is cookie-safe as it is (letters and hyphens); this runs in the first load, so no
  // general-purpose serializer (server/http/cookies.ts) rides along.
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/${secure ? '; Secure' : ''}; SameSite=Lax`
}
