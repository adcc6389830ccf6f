import { describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '@sigil/connectors/shared/storage'
import { createPersistedValues } from '@sigil/connectors/shared/persistedValues'
import { storageKeys } from '@sigil/lib/storageNames'
import { createLastUsedWallet } from './lastUsedWallet'

describe('lastUsedWallet', () => {
  it('remembers the row key under sigil.lastUsedWallet and reads it back', () => {
    const storage = createMemoryStorage()
    const lastUsed = createLastUsedWallet(storage)
    expect(lastUsed.get()).toBeUndefined()
    lastUsed.remember('secondtestwallet')
    expect(storage.getItem('sigil.lastUsedWallet')).toBe('secondtestwallet')
    expect(createLastUsedWallet(storage).get()).toBe('secondtestwallet')
    lastUsed.remember('embedded')
    expect(lastUsed.get()).toBe('embedded')
    expect(storage.size).toBe(1)
  })

  it('forgets it', () => {
    const storage = createMemoryStorage({ 'sigil.lastUsedWallet': 'metamask', unrelated: 'x' })
    createLastUsedWallet(storage).forget()
    expect(storage.getItem('sigil.lastUsedWallet')).toBeNull()
    expect(storage.getItem('unrelated')).toBe('x')
    expect(createLastUsedWallet(storage).get()).toBeUndefined()
  })

  it('outlives the end of the session of the wallet it names', () => {
    const storage = createMemoryStorage()
    createLastUsedWallet(storage).remember('metamask')
    const persisted = createPersistedValues('metamask', storage)
    persisted.setCurrentChain(1)
    persisted.clear()
    expect(Object.values(storageKeys('metamask')).map((name) => storage.getItem(name))).toEqual([null, null, null, null])
    expect(createLastUsedWallet(storage).get()).toBe('metamask')
  })

  it.each([
    ['an empty value', ''],
    ['markup', '<img src=x>'],
    ['a value with spaces', 'meta mask'],
    ['an overlong value', 'x'.repeat(101)],
  ])('reads %s as nothing remembered, and removes it', (_, raw) => {
    const storage = createMemoryStorage({ 'sigil.lastUsedWallet': raw })
    expect(createLastUsedWallet(storage).get()).toBeUndefined()
    expect(storage.getItem('sigil.lastUsedWallet')).toBeNull()
  })

  it('does not write a key that no row could have', () => {
    const storage = createMemoryStorage()
    createLastUsedWallet(storage).remember('not a key')
    expect(storage.size).toBe(0)
  })

  it('uses the browser localStorage by default, and does nothing where it throws', () => {
    const backing = createMemoryStorage()
    vi.stubGlobal('localStorage', backing)
    createLastUsedWallet().remember('rabby')
    expect(backing.getItem('sigil.lastUsedWallet')).toBe('rabby')
    const denied = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    vi.stubGlobal('localStorage', { getItem: denied, setItem: denied, removeItem: denied })
    const lastUsed = createLastUsedWallet()
    expect(() => lastUsed.remember('rabby')).not.toThrow()
    expect(lastUsed.get()).toBeUndefined()
    expect(() => lastUsed.forget()).not.toThrow()
  })
})
