import { describe, expect, it, vi } from 'vitest'
import { createFakeProvider } from '@/tests/fixtures/connectors/fakeProvider'
import { createDiscoveryStore, getDiscoveryStore } from './discovery'

function announcement(rdns: string, name = rdns) {
  return { info: { uuid: crypto.randomUUID(), name, icon: 'data:image/svg+xml,<svg/>', rdns }, provider: createFakeProvider() }
}

function announce(target: EventTarget, detail: unknown) {
  target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
}

describe('EIP-6963 discovery store', () => {
  it('asks wallets to announce (eip6963:requestProvider) after it starts listening', () => {
    const target = new EventTarget()
    const wallet = announcement('io.metamask', 'MetaMask')
    // A wallet answers every request synchronously, as the EIP describes.
    target.addEventListener('eip6963:requestProvider', () => announce(target, wallet))
    const store = createDiscoveryStore(target)
    expect(store.getProviders()).toEqual([wallet])
  })

  it('keeps announcements in order and deduplicates them by rdns (first one wins)', () => {
    const target = new EventTarget()
    const store = createDiscoveryStore(target)
    const first = announcement('io.rabby', 'Rabby')
    const second = announcement('app.phantom', 'Phantom')
    announce(target, first)
    announce(target, second)
    announce(target, announcement('io.rabby', 'Rabby (again)'))
    expect(store.getProviders()).toEqual([first, second])
  })

  it('drops malformed announcements without throwing', () => {
    const target = new EventTarget()
    const store = createDiscoveryStore(target)
    for (const detail of [undefined, null, 'x', {}, { info: { rdns: 'a.b', name: 'A' } }, { info: {}, provider: createFakeProvider() }]) {
      expect(() => announce(target, detail)).not.toThrow()
    }
    expect(store.getProviders()).toEqual([])
  })

  it('notifies subscribers on change only, with a stable array between changes', () => {
    const target = new EventTarget()
    const store = createDiscoveryStore(target)
    const listener = vi.fn()
    const stop = store.subscribe(listener)
    const snapshot = store.getProviders()
    const wallet = announcement('io.zerion')
    announce(target, wallet)
    announce(target, wallet)
    expect(listener).toHaveBeenCalledTimes(1)
    expect(listener).toHaveBeenCalledWith([wallet])
    expect(store.getProviders()).not.toBe(snapshot)
    expect(store.getProviders()).toBe(store.getProviders())
    stop()
    announce(target, announcement('io.other'))
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('request() makes wallets announce again; destroy() stops listening', () => {
    const target = new EventTarget()
    const requests = vi.fn()
    target.addEventListener('eip6963:requestProvider', requests)
    const store = createDiscoveryStore(target)
    store.request()
    expect(requests).toHaveBeenCalledTimes(2)
    store.destroy()
    announce(target, announcement('io.late'))
    expect(store.getProviders()).toEqual([])
  })

  it('is not created on the server', () => {
    expect(typeof window).toBe('undefined')
    expect(getDiscoveryStore()).toBeUndefined()
  })
})
