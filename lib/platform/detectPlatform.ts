import { walletBrowserTokens } from './walletBrowserTokens'

export type OperatingSystem = 'ios' | 'android' | 'macos' | 'windows' | 'linux' | 'other'
export type Browser = 'safari' | 'chrome' | 'firefox' | 'edge' | 'samsung' | 'opera' | 'other'

export type Platform = {
  os: OperatingSystem
  /** Phones and tablets (an iPad counts): wallets are reached by deep link, not by extension. */
  isMobile: boolean
  browser: Browser
  /** Wallet-book key when the user agent says the page runs inside that wallet's browser. */
  inWalletBrowser?: string | undefined
}

export type DetectPlatformParameters = {
  /** `navigator.userAgent`. */
  userAgent: string
  /** `navigator.maxTouchPoints`; tells an iPad in desktop mode from a Mac. */
  maxTouchPoints?: number | undefined
  /** `navigator.vendor`; `Apple Computer, Inc.` in Safari and every iOS browser. */
  vendor?: string | undefined
}

/**
 * The platform the page runs on, from the inputs alone (no `navigator` access here, so it is the
 * same on the server and in tests). Call it with `navigator`'s values after hydration.
 */
export function detectPlatform({ userAgent, maxTouchPoints, vendor }: DetectPlatformParameters): Platform {
  const ua = typeof userAgent === 'string' ? userAgent : ''
  const touchPoints = typeof maxTouchPoints === 'number' && Number.isFinite(maxTouchPoints) ? maxTouchPoints : 0
  const os = detectOs(ua, touchPoints)
  const isMobile = os === 'ios' || os === 'android' || /Mobi|Windows Phone/i.test(ua)
  const browser = detectBrowser(ua, typeof vendor === 'string' ? vendor : undefined)
  const inWalletBrowser = walletBrowserTokens.find(([, token]) => token.test(ua))?.[0]
  return inWalletBrowser === undefined ? { os, isMobile, browser } : { os, isMobile, browser, inWalletBrowser }
}

function detectOs(ua: string, maxTouchPoints: number): OperatingSystem {
  if (/\b(?:iPhone|iPad|iPod)\b/.test(ua)) return 'ios'
  // Windows Phone user agents also claim "Android"; they are neither.
  if (/Windows Phone/i.test(ua)) return 'other'
  if (/Android/i.test(ua)) return 'android'
  // iPadOS 13+ asks for desktop sites with a Mac user agent; only touch support tells them apart
  // (no Mac has a touch screen). https://developer.apple.com/forums/thread/119186
  if (/Macintosh|Mac OS X/.test(ua)) return maxTouchPoints > 1 ? 'ios' : 'macos'
  if (/Windows/.test(ua)) return 'windows'
  if (/CrOS/.test(ua)) return 'other'
  if (/Linux|X11/.test(ua)) return 'linux'
  return 'other'
}

function detectBrowser(ua: string, vendor: string | undefined): Browser {
  // Order matters: Samsung Internet, Edge and Opera also carry "Chrome/" and "Safari/".
  if (/\bSamsungBrowser\//.test(ua)) return 'samsung'
  if (/\bEdg(?:e|A|iOS)?\//.test(ua)) return 'edge'
  if (/\b(?:OPR|OPT|OPiOS)\/|\bOpera\b/.test(ua)) return 'opera'
  if (/\b(?:Firefox|FxiOS)\//.test(ua)) return 'firefox'
  // An Android WebView (`; wv)`) is an app's embedded browser, not Chrome: no extensions, and
  // links are handled by the host app.
  if (/;\s*wv\)/.test(ua)) return 'other'
  if (/\b(?:CriOS|Chrome|Chromium)\//.test(ua)) return 'chrome'
  // An iOS WKWebView (wallet in-app browsers) lacks the "Safari/" token.
  if (/\bVersion\/[\d.]+.*\bSafari\//.test(ua) && (vendor === undefined || /Apple/.test(vendor))) return 'safari'
  return 'other'
}
