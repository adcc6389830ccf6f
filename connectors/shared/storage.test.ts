import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserStorage, createMemoryStorage } from './storage'

afterEach(() => vi.unstubAllGlobals())

describe('storage names', () => {
  it('lists the browser’s names in its order', () => {
    const items = new Map([['sigil.lastUsedWallet', 'metamask'], ['wc@2:core', '{}']])
    vi.stubGlobal('localStorage', { length: items.size, key: (index: number) => [...items.keys()][index] ?? null })
    expect(browserStorage.names()).toEqual(['sigil.lastUsedWallet', 'wc@2:core'])
  })

  it('reads as empty where access throws or there is no storage', () => {
    vi.stubGlobal('localStorage', {
      get length(): number {
        throw new DOMException('denied', 'SecurityError')
      },
    })
    expect(browserStorage.names()).toEqual([])
    vi.stubGlobal('localStorage', undefined)
    expect(browserStorage.names()).toEqual([])
  })

  it('lists a memory storage’s names', () => {
    const storage = createMemoryStorage({ a: '1' })
    storage.setItem('b', '2')
    storage.removeItem('a')
    expect(storage.names()).toEqual(['b'])
  })
})
