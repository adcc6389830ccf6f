import { describe, expect, it } from 'vitest'
import { detectPlatform, type Platform } from './detectPlatform'
import { userAgents, type UserAgentName } from '@/tests/fixtures/platformUserAgents'

const cases: readonly [name: UserAgentName, expected: Platform, maxTouchPoints?: number][] = [
  ['iphoneSafari', { os: 'ios', isMobile: true, browser: 'safari' }, 5],
  ['iphoneChrome', { os: 'ios', isMobile: true, browser: 'chrome' }, 5],
  ['iphoneFirefox', { os: 'ios', isMobile: true, browser: 'firefox' }, 5],
  ['ipadSafari', { os: 'ios', isMobile: true, browser: 'safari' }, 5],
  ['ipadDesktopMode', { os: 'ios', isMobile: true, browser: 'safari' }, 5],
  ['androidChrome', { os: 'android', isMobile: true, browser: 'chrome' }, 5],
  ['androidFirefox', { os: 'android', isMobile: true, browser: 'firefox' }, 5],
  ['samsungInternet', { os: 'android', isMobile: true, browser: 'samsung' }, 5],
  ['desktopChromeWindows', { os: 'windows', isMobile: false, browser: 'chrome' }, 0],
  ['desktopChromeMac', { os: 'macos', isMobile: false, browser: 'chrome' }, 0],
  ['desktopChromeLinux', { os: 'linux', isMobile: false, browser: 'chrome' }, 0],
  ['desktopFirefoxLinux', { os: 'linux', isMobile: false, browser: 'firefox' }, 0],
  ['desktopFirefoxWindows', { os: 'windows', isMobile: false, browser: 'firefox' }, 0],
  ['desktopEdgeWindows', { os: 'windows', isMobile: false, browser: 'edge' }, 0],
  ['desktopOperaWindows', { os: 'windows', isMobile: false, browser: 'opera' }, 0],
  ['desktopSafariMac', { os: 'macos', isMobile: false, browser: 'safari' }, 0],
  ['chromebook', { os: 'other', isMobile: false, browser: 'chrome' }, 0],
  ['metamaskIos', { os: 'ios', isMobile: true, browser: 'other', inWalletBrowser: 'metamask' }, 5],
  ['metamaskAndroid', { os: 'android', isMobile: true, browser: 'other', inWalletBrowser: 'metamask' }, 5],
  ['trustIos', { os: 'ios', isMobile: true, browser: 'other', inWalletBrowser: 'trust' }, 5],
  ['coinbaseWalletIos', { os: 'ios', isMobile: true, browser: 'other', inWalletBrowser: 'coinbase' }, 5],
  ['coinbaseWalletAndroid', { os: 'android', isMobile: true, browser: 'chrome', inWalletBrowser: 'coinbase' }, 5],
]

describe('detectPlatform', () => {
  it.each(cases)('recognises %s', (name, expected, maxTouchPoints) => {
    expect(detectPlatform({ userAgent: userAgents[name], maxTouchPoints })).toEqual(expected)
  })

  it('treats a Mac user agent without touch support as a Mac', () => {
    expect(detectPlatform({ userAgent: userAgents.ipadDesktopMode })).toEqual({ os: 'macos', isMobile: false, browser: 'safari' })
    expect(detectPlatform({ userAgent: userAgents.ipadDesktopMode, maxTouchPoints: 1 }).os).toBe('macos')
  })

  it('treats a Mac user agent with more than one touch point as an iPad', () => {
    expect(detectPlatform({ userAgent: userAgents.ipadDesktopMode, maxTouchPoints: 2 })).toMatchObject({ os: 'ios', isMobile: true })
  })

  it('does not call a browser Safari when the vendor is not Apple', () => {
    expect(detectPlatform({ userAgent: userAgents.desktopSafariMac, vendor: 'Google Inc.' }).browser).toBe('other')
    expect(detectPlatform({ userAgent: userAgents.desktopSafariMac, vendor: 'Apple Computer, Inc.' }).browser).toBe('safari')
  })

  it('names the wallet for other wallets\u2019 user-agent tokens', () => {
    const base = 'Mozilla/5.0 (Linux; Android 13; Pixel 7; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.0.0 Mobile Safari/537.36'
    expect(detectPlatform({ userAgent: `${base} OKApp/(OKEx/6.68.0)` }).inWalletBrowser).toBe('okx')
    expect(detectPlatform({ userAgent: `${base} TokenPocket/2.0` }).inWalletBrowser).toBe('tokenpocket')
  })

  it('reports no wallet browser for ordinary browsers', () => {
    for (const name of ['iphoneSafari', 'androidChrome', 'desktopChromeWindows', 'samsungInternet'] as const) {
      expect(detectPlatform({ userAgent: userAgents[name] })).not.toHaveProperty('inWalletBrowser')
    }
  })

  it('does not read "Trust" in an unrelated word as Trust Wallet', () => {
    expect(detectPlatform({ userAgent: `${userAgents.androidChrome} TrustedBrowser/1.0` }).inWalletBrowser).toBeUndefined()
  })

  it('returns a safe default for an empty or malformed input', () => {
    expect(detectPlatform({ userAgent: '' })).toEqual({ os: 'other', isMobile: false, browser: 'other' })
    expect(detectPlatform({ userAgent: undefined as unknown as string, maxTouchPoints: Number.NaN })).toEqual({
      os: 'other',
      isMobile: false,
      browser: 'other',
    })
  })
})
