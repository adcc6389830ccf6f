import { cookieToInitialState, serialize } from '@wagmi/core'
import { describe, expect, it } from 'vitest'
import { createSigilConfig } from '@/react/wagmi/createSigilConfig'
import type { PublicConfig } from '@sigil/lib/config/public'
import { initialStateFromCookie } from './initialState'

const publicConfig: PublicConfig = { chainIds: [1], rpcUrls: {}, walletConnectProjectId: '', appOrigins: ['http://localhost:3000'] }
const connected = {
  state: {
    chainId: 1,
    current: 'io.metamask',
    connections: new Map([['io.metamask', { accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], chainId: 1, connector: { id: 'io.metamask', name: 'MetaMask', type: 'injected', uid: 'u1' } }]]),
  },
  version: 2,
}

describe('initialStateFromCookie', () => {
  it('reads what cookieToInitialState reads with the whole config', () => {
    const cookie = `other=1; sigil.store=${serialize(connected)}; sigil.locale=de`
    const state = initialStateFromCookie(cookie)
    expect(state).toEqual(cookieToInitialState(createSigilConfig(publicConfig, { watchWallets: false }), cookie))
    expect(state?.current).toBe('io.metamask')
    expect(state?.connections.get('io.metamask')?.accounts).toEqual(['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
  })

  it('reads no state from no cookie, another cookie or a damaged one', () => {
    expect(initialStateFromCookie(null)).toBeUndefined()
    expect(initialStateFromCookie('sigil.locale=de')).toBeUndefined()
    expect(initialStateFromCookie('sigil.store=%7Bnot-json')).toBeUndefined()
  })
})
