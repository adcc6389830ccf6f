import { describe, expect, it } from 'vitest'
import { storageKeys } from '@sigil/lib/storageNames'
import type { KeyValueStorage } from '../shared/storage'
import { isNameTheSdkMigrates, keepOwnValuesThroughSdkStart } from './keepOwnValues'

/** A Web Storage with names in insertion order, like a browser's. */
function webStorage(initial: Record<string, string>): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial))
  return {
    items,
    names: () => [...items.keys()],
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => void items.set(name, value),
    removeItem: (name) => void items.delete(name),
  }
}

/** What @walletconnect/keyvaluestorage does on its first start: names it recognises leave localStorage. */
function sdkFirstStart(storage: ReturnType<typeof webStorage>) {
  return async () => {
    for (const name of [...storage.items.keys()]) if (isNameTheSdkMigrates(name)) storage.removeItem(name)
    return 'provider'
  }
}

const generic = storageKeys('walletconnect')
const stored = {
  [generic.activeAccount]: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  [generic.sessionTopic]: 'ab'.repeat(32),
  [generic.currentChain]: '1',
  'sigil.lastUsedWallet': 'walletconnect',
  'wc@2:core:0.3:keychain': '{}',
}

describe('keepOwnValuesThroughSdkStart', () => {
  it('recognises the names the SDK migrates: the generic connector’s, not a per-wallet one’s', () => {
    expect(isNameTheSdkMigrates(generic.sessionTopic)).toBe(true)
    expect(isNameTheSdkMigrates('sigil.sessionTopic.WalletConnect')).toBe(true)
    expect(isNameTheSdkMigrates(storageKeys('metamask').sessionTopic)).toBe(false)
    expect(isNameTheSdkMigrates('sigil.lastUsedWallet')).toBe(false)
  })

  it('the generic connector’s values survive the SDK’s first start; the SDK’s own names are left to it', async () => {
    const storage = webStorage(stored)
    await expect(keepOwnValuesThroughSdkStart(sdkFirstStart(storage), storage)).resolves.toBe('provider')
    expect(storage.getItem(generic.sessionTopic)).toBe('ab'.repeat(32))
    expect(storage.getItem(generic.activeAccount)).toBe(stored[generic.activeAccount])
    expect(storage.getItem(generic.currentChain)).toBe('1')
    expect(storage.getItem('wc@2:core:0.3:keychain')).toBeNull()
  })

  it('without the guard the same start loses the session topic (the bug it exists for)', async () => {
    const storage = webStorage(stored)
    await sdkFirstStart(storage)()
    expect(storage.getItem(generic.sessionTopic)).toBeNull()
  })

  it('puts the values back when the start fails too, and rethrows', async () => {
    const storage = webStorage(stored)
    const failing = async () => {
      await sdkFirstStart(storage)()
      throw new Error('relay unreachable')
    }
    await expect(keepOwnValuesThroughSdkStart(failing, storage)).rejects.toThrow('relay unreachable')
    expect(storage.getItem(generic.sessionTopic)).toBe('ab'.repeat(32))
  })

  it('does not bring back a value that was not there, nor overwrite one written during the start', async () => {
    const storage = webStorage({ [generic.activeAccount]: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    await keepOwnValuesThroughSdkStart(async () => storage.setItem(generic.activeAccount, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'), storage)
    expect(storage.getItem(generic.activeAccount)).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
    expect(storage.getItem(generic.sessionTopic)).toBeNull()
  })

  it('a value another tab removed while the SDK started (the user disconnected there) is not brought back', async () => {
    const storage = webStorage(stored)
    const otherTabs = new EventTarget()
    await keepOwnValuesThroughSdkStart(
      async () => {
        // The other tab's Disconnect clears the shared localStorage, and this tab hears of it.
        for (const name of [generic.activeAccount, generic.sessionTopic, generic.currentChain]) {
          storage.removeItem(name)
          otherTabs.dispatchEvent(Object.assign(new Event('storage'), { key: name, newValue: null }))
        }
        return 'provider'
      },
      storage,
      otherTabs,
    )
    for (const name of [generic.activeAccount, generic.sessionTopic, generic.currentChain]) expect(storage.getItem(name), name).toBeNull()
    // A storage.clear() in another tab (key null) counts for every name.
    const cleared = webStorage(stored)
    await keepOwnValuesThroughSdkStart(
      async () => {
        cleared.items.clear()
        otherTabs.dispatchEvent(Object.assign(new Event('storage'), { key: null, newValue: null }))
      },
      cleared,
      otherTabs,
    )
    expect(cleared.getItem(generic.sessionTopic)).toBeNull()
    // The listener is gone afterwards: a later start keeps its values as before.
    const later = webStorage(stored)
    await keepOwnValuesThroughSdkStart(sdkFirstStart(later), later, otherTabs)
    expect(later.getItem(generic.sessionTopic)).toBe(stored[generic.sessionTopic])
  })

  it('a storage that throws on access neither breaks the start nor is written', async () => {
    const denied: KeyValueStorage = {
      names: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    await expect(keepOwnValuesThroughSdkStart(async () => 'provider', denied)).resolves.toBe('provider')
  })
})
