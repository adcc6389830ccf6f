/**
 * The site of an origin, as browsers judge "same site" (scheme and registrable domain, the port
 * ignored), for the boot check that the vault (VAULT_ORIGIN) is the same site as the app: a frame of
 * another site keeps no data in browsers that partition or block third-party storage, and the
 * embedded wallet then always opens in a window of its own. The registrable domain comes from the
 * public suffix list, private entries included (`a.github.io` and `b.github.io` are two sites), via
 * tldts; a name with no registrable domain (`localhost`, an IP address) is its own site.
 * Plain JavaScript so that next.config.mjs checks it at boot; types in originSite.d.mts.
 */
import { getDomain } from 'tldts'

/** `https://sigil.example` for `https://wallet.sigil.example:8443`; undefined for what is no origin. */
export function siteOf(origin) {
  let url
  try {
    url = new URL(origin)
  } catch {
    return undefined
  }
  const host = url.hostname
  const domain = host.startsWith('[') || /^\d+(\.\d+){3}$/.test(host) ? null : getDomain(host, { allowPrivateDomains: true })
  return `${url.protocol}//${domain ?? host}`
}

/** Whether two origins are the same site. */
export function sameSite(a, b) {
  const site = siteOf(a)
  return site !== undefined && site === siteOf(b)
}
