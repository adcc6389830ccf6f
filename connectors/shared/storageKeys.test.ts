import { describe, expect, it } from 'vitest'
import { APP_VALUES, appStorageKey, PERSISTED_VALUES, storageKey, storageKeys } from './storageKeys'

describe('storageKeys', () => {
  it('names the four persisted values sigil.<value>.<connectorKey>', () => {
    expect(storageKeys('trustwallet')).toEqual({
      activeAccount: 'sigil.activeAccount.trustwallet',
      sessionTopic: 'sigil.sessionTopic.trustwallet',
      switchedNetwork: 'sigil.switchedNetwork.trustwallet',
      currentChain: 'sigil.currentChain.trustwallet',
    })
  })
  it('declares exactly the four values of the spec', () => {
    expect([...PERSISTED_VALUES].sort()).toEqual(['activeAccount', 'currentChain', 'sessionTopic', 'switchedNetwork'])
  })
  it('gives two connectors disjoint key sets', () => {
    const a = Object.values(storageKeys('metamask'))
    const b = Object.values(storageKeys('rabby'))
    expect(a.filter((key) => b.includes(key))).toEqual([])
    expect(storageKey('currentChain', 'rabby')).toBe('sigil.currentChain.rabby')
  })
  it('names the app values sigil.<value>, apart from every connector name', () => {
    expect(appStorageKey('lastUsedWallet')).toBe('sigil.lastUsedWallet')
    const connectorNames = ['metamask', 'lastusedwallet', 'embedded'].flatMap((key) => Object.values(storageKeys(key)))
    for (const value of APP_VALUES) {
      expect(connectorNames).not.toContain(appStorageKey(value))
      // Ending a session clears the names ending with the connector key; an app value is not one of them.
      expect(appStorageKey(value).split('.')).toHaveLength(2)
    }
  })
})
