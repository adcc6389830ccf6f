/**
 * What the sessions list says about where a session was signed in: a short label of the browser and
 * system from the User-Agent ("Chrome on macOS"), and the rough place a trusted proxy in front of the
 * app named (a country or city header), never the address itself. Only the label and the place are
 * stored (`sigil_sessions.device`, `.place`), not the raw header: they are what the owner needs to
 * recognise a session, and no more.
 */

/** Longest label or place kept; longer input is cut there. */
const MAX_DEVICE_LABEL = 64

// Checked in order: the first match names the browser. Wallets' in-app browsers and Chromium's
// derivatives announce themselves next to "Chrome" or "Safari", so they come first.
const browsers: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bMetaMaskMobile\b/, 'MetaMask'],
  [/\bCoinbaseWallet\b|\bCoinbaseBrowser\b/, 'Coinbase Wallet'],
  [/\bTrust\/|\bTrustWallet\b/, 'Trust Wallet'],
  [/\bRainbow\b/, 'Rainbow'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  // Headless Chromium (automation, and this project's own end-to-end tests) says "HeadlessChrome/".
  [/(\b|Headless)Chrom(e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const systems: readonly (readonly [RegExp, string])[] = [
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bLinux\b/, 'Linux'],
]

/**
 * "Chrome on macOS", "Safari on iOS", "Firefox", "Android", or null when the User-Agent says
 * nothing we know. Plain ASCII from a fixed list: nothing of the header itself reaches the page.
 */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  const { browser, system } = readUserAgent(userAgent)
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? null
}

/**
 * The browser and the system a User-Agent names, from the fixed lists above (its first 512
 * characters only). The one reader of User-Agents on the server: the sessions list and the embedded
 * wallet's recovery notice both word their labels from it.
 */
export function readUserAgent(userAgent: string | null | undefined): { browser: string | undefined; system: string | undefined } {
  const head = (userAgent ?? '').slice(0, 512)
  return { browser: browsers.find(([pattern]) => pattern.test(head))?.[1], system: systems.find(([pattern]) => pattern.test(head))?.[1] }
}

/**
 * The place a trusted proxy put in `header` (`SESSION_PLACE_HEADER`, e.g. `cf-ipcountry`), or null:
 * letters, digits, spaces and `,.-'` only (a proxy's country code or city name), at most
 * `MAX_DEVICE_LABEL` characters; anything else is dropped rather than cleaned.
 */
export function placeFrom(headers: Headers, header: string | undefined): string | null {
  if (!header) return null
  const value = headers.get(header)?.trim()
  if (!value || value.length > MAX_DEVICE_LABEL || !/^[\p{L}\p{N} ,.'-]+$/u.test(value)) return null
  // Cloudflare's "unknown" and "Tor" codes say nothing about a place.
  if (value === 'XX' || value === 'T1') return null
  return value
}
