import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { fakeWalletAccount } from '@/tests/fixtures/connectors/fakeProvider'
import { setLogSink } from './logger'
import { createPersistedValues } from './persistedValues'
import { createMemoryStorage } from './storage'
import { applyAccountsChanged, applyChainChanged, type WalletEventTarget } from './walletEvents'

const ADDRESS = fakeWalletAccount.address
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function target() {
  const persisted = createPersistedValues('wallet', createMemoryStorage())
  const emitChange = vi.fn<WalletEventTarget['emitChange']>()
  return { persisted, emitChange, connectorKey: 'wallet' }
}

describe('applyAccountsChanged', () => {
  it('makes the first account active, checksummed, and reports every account', () => {
    const t = target()
    expect(applyAccountsChanged(t, [OTHER.toLowerCase(), ADDRESS])).toBe('changed')
    expect(t.persisted.getActiveAccount()).toBe(OTHER)
    expect(t.emitChange).toHaveBeenCalledWith({ accounts: [OTHER, ADDRESS] })
  })

  it('reads an empty list as the wallet disconnecting the site, unless the family says otherwise', () => {
    const t = target()
    expect(applyAccountsChanged(t, [])).toBe('disconnect')
    expect(applyAccountsChanged(t, [], { emptyMeansDisconnect: false })).toBe('ignored')
    expect(t.emitChange).not.toHaveBeenCalled()
  })

  it('ignores and logs a list with an invalid address, keeping the active account', () => {
    const logs: string[] = []
    const restore = setLogSink((_level, event) => void logs.push(event))
    try {
      const t = target()
      t.persisted.setActiveAccount(ADDRESS)
      expect(applyAccountsChanged(t, [OTHER, '0x123'])).toBe('ignored')
      expect(applyAccountsChanged(t, 'not a list')).toBe('ignored')
      expect(t.persisted.getActiveAccount()).toBe(ADDRESS)
      expect(t.emitChange).not.toHaveBeenCalled()
      expect(logs).toEqual(['invalid_accounts_from_wallet', 'invalid_accounts_from_wallet'])
    } finally {
      restore()
    }
  })
})

describe('applyChainChanged', () => {
  it('updates the chain, marks the switch and reports it for a different id (hex or decimal)', () => {
    const t = target()
    t.persisted.setCurrentChain(1)
    expect(applyChainChanged(t, '0x2105')).toBe(true)
    expect(t.persisted.getCurrentChain()).toBe(8453)
    expect(t.persisted.getSwitchedNetwork()).toBe(true)
    expect(t.emitChange).toHaveBeenCalledWith({ chainId: 8453 })
  })

  it('ignores the same id and an invalid one', () => {
    const restore = setLogSink(() => {})
    onTestFinished(restore)
    const t = target()
    t.persisted.setCurrentChain(8453)
    expect(applyChainChanged(t, 8453)).toBe(false)
    expect(applyChainChanged(t, 'not a chain')).toBe(false)
    expect(t.persisted.getSwitchedNetwork()).toBe(false)
    expect(t.emitChange).not.toHaveBeenCalled()
  })
})
