import { describe, expect, it } from 'vitest'
import type { WalletBookEntry } from './types'
import { validateWalletBookEntry } from './validateWalletBookEntry'

const valid: WalletBookEntry = {
  name: 'Example Wallet',
  shortName: 'Example',
  brand: { primaryColor: '#123456', icon: 'data:image/svg+xml,%3Csvg%2F%3E' },
  eip6963Config: { rdns: ['com.example.wallet'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isExample', value: true }], windowLocations: ['example.ethereum'] }],
  walletConnect: { sdks: ['sign_v2'] },
  mobile: {
    native: 'example://wc',
    universal: 'https://example.com/wc',
    inAppBrowser: 'https://example.com/dapp',
    browseLink: { universal: 'https://example.com/browse/{url}?ref={ref}', native: 'example://browse/{url}', nativeOnlyIn: ['samsung'] },
    iosId: 'id123456',
    androidId: 'com.example.wallet',
  },
  desktop: { chromeId: 'abcdefghijklmnopabcdefghijklmnop', edgeId: 'abcdefghijklmnopqrstuvwxyzabcdef', firefoxId: 'example-wallet', extensionUrl: 'https://example.com/' },
  mobileExperience: 'redirect',
  sources: ['https://docs.example.com/'],
}

/** The problems found after changing one part of the valid entry. */
const problemsWith = (change: Record<string, unknown>, key = 'example') => validateWalletBookEntry(key, { ...valid, ...change })

describe('validateWalletBookEntry', () => {
  it('finds nothing wrong with a complete entry', () => {
    expect(validateWalletBookEntry('example', valid)).toEqual([])
  })

  it('requires a shortName that normalises to the key', () => {
    expect(problemsWith({}, 'other')).toEqual([expect.stringContaining('shortName must normalise to the key "other"')])
    expect(problemsWith({ shortName: '' })[0]).toContain('shortName must be a non-empty string')
  })

  it('requires a name and sources', () => {
    expect(problemsWith({ name: 42 })[0]).toContain('name must be a non-empty string (got 42)')
    expect(problemsWith({ sources: [] })[0]).toContain('sources must list the public docs')
    expect(problemsWith({ sources: ['http://docs.example.com'] })[0]).toContain('sources must be an https URL')
  })

  it('rejects links that are not https', () => {
    expect(problemsWith({ mobile: { ...valid.mobile, universal: 'http://example.com/wc' } })[0]).toContain('mobile.universal must be an https URL')
    expect(problemsWith({ mobile: { ...valid.mobile, inAppBrowser: 'example://dapp' } })[0]).toContain('mobile.inAppBrowser must be an https URL')
    expect(problemsWith({ desktop: { extensionUrl: 'ftp://example.com' } })[0]).toContain('desktop.extensionUrl must be an https URL')
  })

  it('rejects an in-app browser base or universal link with a trailing slash', () => {
    expect(problemsWith({ mobile: { inAppBrowser: 'https://example.com/dapp/' } })[0]).toContain('must have no trailing slash')
  })

  it('requires native links of the form scheme://path without a trailing slash', () => {
    for (const bad of ['example://', 'example://wc/', 'https//x', 'example:wc', 'example://wc?x=1']) {
      expect(problemsWith({ mobile: { native: bad } }), bad).toEqual([expect.stringContaining('mobile.native must be scheme://path')])
    }
    expect(problemsWith({ mobile: { native: 'okex://main/wc' } })).toEqual([])
  })

  it("refuses a native link in a scheme that runs or shows something in the page's own context (javascript:, data:, the web's and the browser's own)", () => {
    for (const bad of ['javascript://x%0Aalert(document.domain)%0A%2F%2F', 'JavaScript://x/y', 'data://text/html', 'vbscript://x/y', 'file://etc/passwd', 'blob://x/y', 'http://example.com/wc', 'https://example.com/wc', 'about://blank/x', 'chrome://settings/x', 'intent://x/y']) {
      expect(problemsWith({ mobile: { native: bad } }), bad).toEqual([expect.stringContaining('mobile.native')])
    }
  })

  it('checks rdns format', () => {
    expect(problemsWith({ eip6963Config: { rdns: ['metamask'] } })[0]).toContain('reverse-DNS')
    expect(problemsWith({ eip6963Config: { rdns: [] } })[0]).toContain('eip6963Config.rdns must be a non-empty list')
  })

  it('checks the injected config: chain, locators and window paths', () => {
    const config = (change: Record<string, unknown>) => problemsWith({ injectedConfig: [{ ...valid.injectedConfig?.[0], ...change }] })
    expect(config({ chain: 'sol' })[0]).toContain('injectedConfig[0].chain must be "evm"')
    expect(config({ extensionLocators: [] })[0]).toContain('must be a non-empty list')
    expect(config({ extensionLocators: [{ flag: 'isMetaMask', value: false }] })[0]).toContain('at least one flag that must be true')
    expect(config({ extensionLocators: [{ flag: 'isX', value: 'yes' }] })[0]).toContain('{ flag: identifier, value: boolean }')
    expect(config({ extensionLocators: [{ flag: 'isX', value: true }, { flag: 'isX', value: false }] })[0]).toContain('must not name a flag twice')
    expect(config({ windowLocations: ['ethereum..x'] })[0]).toContain('dotted property paths')
    expect(config({ windowLocations: ['__proto__.x'] })[0]).toContain('dotted property paths')
  })

  it('checks browse-link templates', () => {
    expect(problemsWith({ mobile: { browseLink: {} } })[0]).toContain('needs a universal or a native template')
    expect(problemsWith({ mobile: { browseLink: { universal: 'https://example.com/browse' } } })[0]).toContain('{url} placeholder')
    expect(problemsWith({ mobile: { browseLink: { universal: 'https://example.com/b/{url}?x={foo}' } } })[0]).toContain('{url} and {ref}')
    expect(problemsWith({ mobile: { browseLink: { universal: 'https://example.com/b/{url}', nativeOnlyIn: ['samsung'] } } })[0]).toContain(
      'with a native template',
    )
  })

  it('checks store ids', () => {
    expect(problemsWith({ mobile: { iosId: '1438144202' } })[0]).toContain('mobile.iosId')
    expect(problemsWith({ mobile: { androidId: 'metamask' } })[0]).toContain('mobile.androidId')
    expect(problemsWith({ desktop: { chromeId: 'short' } })[0]).toContain('desktop.chromeId')
  })

  it('requires data: icons so nothing loads from a third-party host', () => {
    expect(problemsWith({ brand: { icon: 'https://cdn.example.com/icon.png' } })[0]).toContain('brand.icon must be a data:image/ URI')
    expect(problemsWith({ brand: { primaryColor: 'blue' } })[0]).toContain('brand.primaryColor')
  })

  it('checks the logo id, the desktop app page and the WalletConnect switch flag', () => {
    expect(problemsWith({ brand: { logo: 'token-pocket' } })).toEqual([])
    expect(problemsWith({ brand: { logo: 'https://cdn.example.com/logo.svg' } })[0]).toContain('brand.logo must be an icon id')
    expect(problemsWith({ desktop: { appUrl: 'https://example.com/download/' } })).toEqual([])
    expect(problemsWith({ desktop: { appUrl: 'http://example.com/download' } })[0]).toContain('desktop.appUrl must be an https URL')
    expect(problemsWith({ walletConnect: { sdks: ['sign_v2'], switchNetworkOnlyFromWallet: true } })).toEqual([])
    expect(problemsWith({ walletConnect: { sdks: ['sign_v2'], switchNetworkOnlyFromWallet: 'yes' } })[0]).toContain(
      'walletConnect.switchNetworkOnlyFromWallet must be a boolean',
    )
  })

  it('checks flags and the mobile experience', () => {
    expect(problemsWith({ showOnlyIfInstalled: 'yes' })[0]).toContain('showOnlyIfInstalled must be a boolean')
    expect(problemsWith({ mobileExperience: 'popup' })[0]).toContain('mobileExperience must be')
    expect(problemsWith({ walletConnect: { sdks: 'sign_v2' } })[0]).toContain('walletConnect.sdks')
  })

  it('reports a non-object entry instead of throwing', () => {
    expect(validateWalletBookEntry('x', null)).toEqual(['x: entry must be an object (got null)'])
    expect(validateWalletBookEntry('x', 'MetaMask')).toEqual(['x: entry must be an object (got "MetaMask")'])
  })
})
