// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { createFakeProvider } from '@/tests/fixtures/connectors/fakeProvider'
import { familiesWithDiscovery } from '@/tests/fixtures/connectors/familiesWithDiscovery'
import { createWalletEnvironment } from '@/react/wagmi/walletEnvironment'

function announce(target: EventTarget, name: string, rdns: string) {
  const detail = { info: { uuid: crypto.randomUUID(), name, icon: 'data:image/svg+xml,<svg/>', rdns }, provider: createFakeProvider() }
  target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
}

/** The store over the registry, its injected family watching a test's discovery store and window. */
function environmentOnTestPage() {
  const target = new EventTarget()
  const win = new EventTarget()
  return { target, win, environment: createWalletEnvironment(familiesWithDiscovery(target, win)) }
}

describe('the wallet list’s environment, from the families’ watchers', () => {
  it('reads the announcements, with one snapshot until something changes', () => {
    const { target, environment } = environmentOnTestPage()
    announce(target, 'Rabby', 'io.rabby')
    const first = environment.getSnapshot()
    expect(first.announced.map((detail) => detail.info.rdns)).toEqual(['io.rabby'])
    expect(first.win).toBe(window)
    expect(first.platform).toBeDefined()
    expect(environment.getSnapshot()).toBe(first)
    announce(target, 'Spike Test Wallet', 'dev.test.wallet')
    expect(environment.getSnapshot().announced).toHaveLength(2)
  })

  it('tells its subscribers of an announcement and of a late injection (`ethereum#initialized`), which gives a new snapshot', () => {
    const { target, win, environment } = environmentOnTestPage()
    const listener = vi.fn()
    const stop = environment.subscribe(listener)
    const before = environment.getSnapshot()
    announce(target, 'Rabby', 'io.rabby')
    expect(listener).toHaveBeenCalledTimes(1)
    const announced = environment.getSnapshot()
    expect(announced).not.toBe(before)

    win.dispatchEvent(new Event('ethereum#initialized'))
    expect(listener).toHaveBeenCalledTimes(2)
    const injected = environment.getSnapshot()
    expect(injected).not.toBe(announced)
    expect(injected.announced).toBe(announced.announced)
    stop()
  })

  it('subscribes and unsubscribes cleanly twice over (StrictMode runs effects twice)', () => {
    const { target, win, environment } = environmentOnTestPage()
    const first = vi.fn()
    environment.subscribe(first)()
    const second = vi.fn()
    const stop = environment.subscribe(second)
    announce(target, 'Rabby', 'io.rabby')
    win.dispatchEvent(new Event('ethereum#initialized'))
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledTimes(2)
    stop()
    win.dispatchEvent(new Event('ethereum#initialized'))
    expect(second).toHaveBeenCalledTimes(2)
  })

  it('has an empty server snapshot', () => {
    const { environment } = environmentOnTestPage()
    expect(environment.getServerSnapshot()).toEqual({ announced: [], win: undefined, platform: undefined, changes: 0 })
  })
})
