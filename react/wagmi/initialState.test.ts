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

  it('reads no state from well-formed JSON that is not a connection: a junk or mis-checksummed account, a chain that is no chain, no map', () => {
    // The cookie is not __Host- (wagmi's): a sibling subdomain or a plain-http response can plant one.
    const withConnection = (connection: Record<string, unknown>, state: Record<string, unknown> = {}) =>
      `sigil.store=${serialize({ state: { chainId: 1, current: 'io.metamask', connections: new Map([['io.metamask', { ...connected.state.connections.get('io.metamask'), ...connection }]]), ...state }, version: 2 })}`
    for (const cookie of [
      withConnection({ accounts: ['not-an-address'] }),
      withConnection({ accounts: ['0x70997970c51812dc3A010C7d01b50e0d17dc79C8'] }),
      withConnection({ accounts: [] }),
      withConnection({ accounts: 'x' }),
      withConnection({ chainId: -1 }),
      withConnection({ chainId: '1' }),
      withConnection({ connector: null }),
      withConnection({}, { chainId: 'x' }),
      withConnection({}, { current: 'elsewhere' }),
      `sigil.store=${serialize({ state: { chainId: 1, current: null, connections: [] }, version: 2 })}`,
      `sigil.store=${serialize({ state: null, version: 2 })}`,
    ]) {
      expect(initialStateFromCookie(cookie), cookie).toBeUndefined()
    }
    // A disconnected state is a state.
    expect(initialStateFromCookie(`sigil.store=${serialize({ state: { chainId: 1, current: null, connections: new Map() }, version: 2 })}`)?.connections.size).toBe(0)
  })
})
