import { envOf, type EnvInput } from '@/server/config/env'
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

/**
 * A two-letter country code from the edge's header (`CF-IPCountry`, `X-Vercel-IP-Country`), only
 * when the app is behind a proxy (`TRUSTED_PROXY_HOPS` > 0) — without one, the header is the
 * client's own word. Else null.
 */
export function coarsePlace(headers: Headers, input?: EnvInput): string | null {
  let hops = 0
  try {
    hops = envOf(input).trustedProxyHops
  } catch {
    return null
  }
  if (hops === 0) return null
  const value = (headers.get('cf-ipcountry') ?? headers.get('x-vercel-ip-country') ?? '').trim().toUpperCase()
  return /^[A-Z]{2}$/.test(value) && value !== 'XX' && value !== 'T1' ? value : null
}
