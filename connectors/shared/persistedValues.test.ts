import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChainNotSupportedError, InvalidAddressError } from '@sigil/lib/errors/wallet'
import { createPersistedValues } from './persistedValues'
import { browserStorage, createMemoryStorage } from './storage'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function setup(initial: Record<string, string> = {}) {
  const storage = createMemoryStorage(initial)
  return { storage, values: createPersistedValues('trustwallet', storage) }
}

describe('persisted values: formats', () => {
  it('stores the active account as a bare checksummed 0x address', () => {
    const { storage, values } = setup()
    values.setActiveAccount(ADDRESS.toLowerCase() as `0x${string}`)
    expect(storage.getItem('sigil.activeAccount.trustwallet')).toBe(ADDRESS)
    expect(values.getActiveAccount()).toBe(ADDRESS)
  })
  it('stores the session topic as given', () => {
    const { storage, values } = setup()
    const topic = 'a'.repeat(64)
    values.setSessionTopic(topic)
    expect(storage.getItem('sigil.sessionTopic.trustwallet')).toBe(topic)
    expect(values.getSessionTopic()).toBe(topic)
  })
  it('stores the switched flag as "true" and removes the key when false', () => {
    const { storage, values } = setup()
    values.setSwitchedNetwork(true)
    expect(storage.getItem('sigil.switchedNetwork.trustwallet')).toBe('true')
    expect(values.getSwitchedNetwork()).toBe(true)
    values.setSwitchedNetwork(false)
    expect(storage.getItem('sigil.switchedNetwork.trustwallet')).toBeNull()
    expect(values.getSwitchedNetwork()).toBe(false)
  })
  it('stores the current chain as a decimal string and removes the key when unset', () => {
    const { storage, values } = setup()
    values.setCurrentChain(8453)
    expect(storage.getItem('sigil.currentChain.trustwallet')).toBe('8453')
    expect(values.getCurrentChain()).toBe(8453)
    values.setCurrentChain(undefined)
    expect(storage.getItem('sigil.currentChain.trustwallet')).toBeNull()
    expect(values.getCurrentChain()).toBeUndefined()
  })
  it('reads absent values as undefined / false', () => {
    const { values } = setup()
    expect(values.getActiveAccount()).toBeUndefined()
    expect(values.getSessionTopic()).toBeUndefined()
    expect(values.getSwitchedNetwork()).toBe(false)
    expect(values.getCurrentChain()).toBeUndefined()
  })
})

describe('persisted values: corrupt stored values are discarded and removed', () => {
  it.each([
    ['a non-numeric chain', 'sigil.currentChain.trustwallet', 'base'],
    ['a hex chain', 'sigil.currentChain.trustwallet', '0x2105'],
    ['a zero chain', 'sigil.currentChain.trustwallet', '0'],
    ['a malformed address', 'sigil.activeAccount.trustwallet', '0x1234'],
    ['a CAIP-10 account', 'sigil.activeAccount.trustwallet', `eip155:1:${ADDRESS}`],
    ['a "false" flag', 'sigil.switchedNetwork.trustwallet', 'false'],
    ['an empty topic', 'sigil.sessionTopic.trustwallet', ''],
    ['a topic with whitespace', 'sigil.sessionTopic.trustwallet', 'a b'],
  ])('%s', (_label, key, raw) => {
    const { storage, values } = setup({ [key]: raw })
    expect(() => [values.getCurrentChain(), values.getActiveAccount(), values.getSwitchedNetwork(), values.getSessionTopic()]).not.toThrow()
    expect(values.getCurrentChain()).toBeUndefined()
    expect(values.getActiveAccount()).toBeUndefined()
    expect(values.getSwitchedNetwork()).toBe(false)
    expect(values.getSessionTopic()).toBeUndefined()
    expect(storage.getItem(key)).toBeNull()
  })
})

describe('persisted values: bad input', () => {
  it('refuses to store a malformed address with InvalidAddressError', () => {
    const { storage, values } = setup()
    expect(() => values.setActiveAccount('0xnope' as `0x${string}`)).toThrow(InvalidAddressError)
    expect(storage.size).toBe(0)
  })
  it('refuses to store a chain id that is not a positive integer', () => {
    const { values } = setup()
    expect(() => values.setCurrentChain(-5)).toThrow(ChainNotSupportedError)
    expect(() => values.setCurrentChain(Number.NaN)).toThrow(ChainNotSupportedError)
  })
})

describe('persisted values: clear', () => {
  it('removes all four values and nothing else', () => {
    const { storage, values } = setup({ 'sigil.activeAccount.metamask': ADDRESS, unrelated: 'x' })
    values.setActiveAccount(ADDRESS)
    values.setSessionTopic('topic')
    values.setSwitchedNetwork(true)
    values.setCurrentChain(10)
    expect(storage.size).toBe(6)
    values.clear()
    expect(storage.size).toBe(2)
    expect(storage.getItem('sigil.activeAccount.metamask')).toBe(ADDRESS)
    expect(storage.getItem('unrelated')).toBe('x')
  })
})

describe('browserStorage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('reads and writes the browser localStorage', () => {
    const backing = createMemoryStorage()
    vi.stubGlobal('localStorage', backing)
    const values = createPersistedValues('rabby', browserStorage)
    values.setCurrentChain(137)
    expect(backing.getItem('sigil.currentChain.rabby')).toBe('137')
  })
  it('reads as empty and drops writes where there is no localStorage (server)', () => {
    vi.stubGlobal('localStorage', undefined)
    const values = createPersistedValues('rabby', browserStorage)
    expect(() => values.setCurrentChain(137)).not.toThrow()
    expect(values.getCurrentChain()).toBeUndefined()
  })
  it('never throws when the browser denies storage access (private mode, full quota)', () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    vi.stubGlobal('localStorage', { getItem: denied, setItem: denied, removeItem: denied })
    const values = createPersistedValues('rabby', browserStorage)
    expect(() => {
      values.setActiveAccount(ADDRESS)
      values.getActiveAccount()
      values.clear()
    }).not.toThrow()
    expect(values.getActiveAccount()).toBeUndefined()
  })
})
