import { describe, expect, it } from 'vitest'
import { createPersistedValues } from './persistedValues'
import { createSigilProperties } from './sigilProperties'
import { createMemoryStorage } from './storage'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('connector properties (connector.sigil)', () => {
  it('has the spec defaults: EVM family, native deep links, no QR, no custodial service, no fallback', () => {
    const persisted = createPersistedValues('trustwallet', createMemoryStorage())
    const sigil = createSigilProperties({ name: 'Trust Wallet', persisted })
    expect(sigil).toMatchObject({
      name: 'Trust Wallet',
      overrideKey: undefined,
      key: 'trustwallet',
      supportedChains: ['evm'],
      connectedChain: undefined,
      canConnectViaQrCode: false,
      canConnectViaCustodialService: false,
      walletConnectFallback: false,
      deepLinkPreference: 'native',
      preferredChains: [],
      currentChainId: undefined,
      hasSwitchedNetwork: false,
      activeAccount: undefined,
      session: undefined,
    })
  })

  it('uses the override key when one is set', () => {
    const persisted = createPersistedValues('trust', createMemoryStorage())
    expect(createSigilProperties({ name: 'Trust Wallet', overrideKey: 'trust', persisted }).key).toBe('trust')
  })

  it('takes a key the family knows, naming it the override only where the name gives another', () => {
    const persisted = createPersistedValues('trust', createMemoryStorage())
    expect(createSigilProperties({ name: 'Trust Wallet', key: 'trust', persisted })).toMatchObject({ key: 'trust', overrideKey: 'trust' })
    expect(createSigilProperties({ name: 'MetaMask', key: 'metamask', persisted })).toMatchObject({ key: 'metamask', overrideKey: undefined })
  })

  it('reads connection values live from the persisted values', () => {
    const persisted = createPersistedValues('metamask', createMemoryStorage())
    const sigil = createSigilProperties({ name: 'MetaMask', persisted })
    persisted.setActiveAccount(ADDRESS)
    persisted.setCurrentChain(8453)
    persisted.setSwitchedNetwork(true)
    expect(sigil.activeAccount).toEqual({ address: ADDRESS })
    expect(sigil.connectedChain).toBe('evm')
    expect(sigil.currentChainId).toBe(8453)
    expect(sigil.hasSwitchedNetwork).toBe(true)
    persisted.clear()
    expect(sigil.activeAccount).toBeUndefined()
    expect(sigil.currentChainId).toBeUndefined()
  })

  it('exposes a session (topic + peer metadata) only for families that have one', () => {
    const persisted = createPersistedValues('walletconnect', createMemoryStorage())
    persisted.setSessionTopic('f'.repeat(64))
    const peerMetadata = { name: 'Rainbow', url: 'https://rainbow.me', icons: [] }
    expect(createSigilProperties({ name: 'WalletConnect', persisted, getPeerMetadata: () => peerMetadata }).session).toEqual({
      topic: 'f'.repeat(64),
      peerMetadata,
    })
    expect(createSigilProperties({ name: 'WalletConnect', persisted }).session).toBeUndefined()
  })

  it('is read-only', () => {
    const persisted = createPersistedValues('metamask', createMemoryStorage())
    const sigil = createSigilProperties({ name: 'MetaMask', persisted, preferredChains: [84532, 8453] })
    expect(() => {
      ;(sigil as { name: string }).name = 'x'
    }).toThrow(TypeError)
    expect(() => (sigil.preferredChains as number[]).push(1)).toThrow(TypeError)
  })
})
