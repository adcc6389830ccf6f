import { describe, expect, it, vi } from 'vitest'
import { createFakeProvider } from '@/tests/fixtures/connectors/fakeProvider'
import { createProviderListeners, eip1193Listeners } from './providerListeners'

function handlers() {
  return { onAccountsChanged: vi.fn(), onChainChanged: vi.fn(), onDisconnect: vi.fn() }
}

describe('createProviderListeners', () => {
  it('attaches EIP-1193 listeners once per provider and forwards events to the connector', () => {
    const provider = createFakeProvider()
    const connector = handlers()
    const listeners = createProviderListeners()
    listeners.attach(provider, eip1193Listeners(connector))
    listeners.attach(provider, eip1193Listeners(connector))
    expect(provider.listenerCount('accountsChanged')).toBe(1)
    provider.emit('chainChanged', '0x1')
    provider.emit('accountsChanged', ['0xabc'])
    expect(connector.onChainChanged).toHaveBeenCalledWith('0x1')
    expect(connector.onAccountsChanged).toHaveBeenCalledWith(['0xabc'])
  })

  it('moves to a new provider and detaches symmetrically, any number of times', () => {
    const first = createFakeProvider()
    const second = createFakeProvider()
    const listeners = createProviderListeners()
    listeners.attach(first, eip1193Listeners(handlers()))
    listeners.attach(second, eip1193Listeners(handlers()))
    expect(first.listenerCount('disconnect')).toBe(0)
    expect(second.listenerCount('disconnect')).toBe(1)
    listeners.detach()
    listeners.detach()
    expect(second.listenerCount('disconnect')).toBe(0)
  })

  it('detaches through `off` when the provider has no removeListener, and tolerates neither', () => {
    const off = vi.fn()
    const withOff = { on: vi.fn(), off }
    const listeners = createProviderListeners()
    listeners.attach(withOff, { accountsChanged: () => {} })
    listeners.detach()
    expect(off).toHaveBeenCalledWith('accountsChanged', expect.any(Function))
    listeners.attach({ on: vi.fn() }, { accountsChanged: () => {} })
    expect(() => listeners.detach()).not.toThrow()
  })
})
