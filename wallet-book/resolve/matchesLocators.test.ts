import { describe, expect, it } from 'vitest'
import { walletBook } from '../index'
import { matchesLocators } from './matchesLocators'
import { fakeProvider } from './testProviders'

const metamaskLocators = walletBook.metamask?.injectedConfig?.[0]?.extensionLocators ?? []

describe('matchesLocators', () => {
  it('matches a provider on which every locator holds', () => {
    expect(matchesLocators(fakeProvider({ isMetaMask: true }), metamaskLocators)).toBe(true)
  })

  it('rejects a provider that impersonates MetaMask', () => {
    for (const flag of ['isRabby', 'isBraveWallet', 'isTrust', 'isPhantom', 'isOkxWallet', 'isCoinbaseWallet', 'isZerion']) {
      expect(matchesLocators(fakeProvider({ isMetaMask: true, [flag]: true }), metamaskLocators), flag).toBe(false)
    }
  })

  it('treats a false or missing flag alike for a false locator', () => {
    expect(matchesLocators(fakeProvider({ isMetaMask: true, isRabby: false }), metamaskLocators)).toBe(true)
  })

  it('rejects a provider without the required flag', () => {
    expect(matchesLocators(fakeProvider({}), [{ flag: 'isRabby', value: true }])).toBe(false)
  })

  it('matches nothing with an empty locator list', () => {
    expect(matchesLocators(fakeProvider({ isMetaMask: true }), [])).toBe(false)
  })

  it('does not crash on a provider whose flags throw, or on non-objects', () => {
    const hostile = new Proxy(fakeProvider(), {
      get: () => {
        throw new Error('blocked')
      },
    })
    expect(matchesLocators(hostile, [{ flag: 'isMetaMask', value: true }])).toBe(false)
    expect(matchesLocators(null, [{ flag: 'isMetaMask', value: true }])).toBe(false)
    expect(matchesLocators('ethereum', [{ flag: 'isMetaMask', value: true }])).toBe(false)
  })
})
