import { connect, createConfig } from '@wagmi/core'
import { type Hex, http, numberToHex, recoverMessageAddress, stringToHex } from 'viem'
import { base, mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createDiscoveryStore } from '@/connectors/injected/discovery'
import { injected } from '@/connectors/injected/injected'
import { createMemoryStorage } from '@/connectors/shared/storage'
import { createFakeProvider, type FakeProvider, fakeWalletAccount, providerError } from '@/connectors/testing/fakeProvider'
import { SessionNotFoundError, UserRejectedError } from '@/lib/errors/wallet'
import { signPersonalMessage } from './signPersonalMessage'

const ADDRESS = fakeWalletAccount.address

async function connectedConfig(provider: FakeProvider) {
  const win = Object.assign(new EventTarget(), { ethereum: provider })
  const discovery = createDiscoveryStore(win)
  const config = createConfig({
    chains: [mainnet, base],
    transports: { [mainnet.id]: http(), [base.id]: http() },
    connectors: [injected({ storage: createMemoryStorage(), getWindow: () => win, discovery: () => discovery })],
    storage: null,
  })
  await connect(config, { connector: config.connectors[0]! })
  return config
}

describe('signPersonalMessage', () => {
  it('signs with the connected account through personal_sign [hex, lowercased address]', async () => {
    const provider = createFakeProvider()
    const config = await connectedConfig(provider)
    const signature = await signPersonalMessage(config, { message: 'Sign in to Sigil' })
    expect(provider.callsOf('personal_sign')).toEqual([[stringToHex('Sign in to Sigil'), ADDRESS.toLowerCase()]])
    expect(await recoverMessageAddress({ message: 'Sign in to Sigil', signature })).toBe(ADDRESS)
  })

  it('fails with "No session found" when nothing is connected', async () => {
    const config = createConfig({ chains: [mainnet], transports: { [mainnet.id]: http() }, connectors: [], storage: null })
    await expect(signPersonalMessage(config, { message: 'x' })).rejects.toThrow(SessionNotFoundError)
  })

  it('asks the wallet exactly twice when it switches chain while the signature is pending', async () => {
    let pending = 0
    const provider = createFakeProvider({
      handlers: {
        personal_sign: async (params, self) => {
          pending++
          if (pending === 1) {
            // The wallet switches network before the user approves the first prompt, which it drops.
            self.state.chainId = base.id
            self.emit('chainChanged', numberToHex(base.id))
            return new Promise(() => {})
          }
          return fakeWalletAccount.signMessage({ message: { raw: (params as [Hex])[0] } })
        },
      },
    })
    const config = await connectedConfig(provider)
    const signature = await signPersonalMessage(config, { message: 'hello' })
    expect(provider.callsOf('personal_sign')).toHaveLength(2)
    expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(ADDRESS)
  })

  it('maps a rejected signature to UserRejectedError and stays connected', async () => {
    const provider = createFakeProvider({ handlers: { personal_sign: () => Promise.reject(providerError(4001)) } })
    const config = await connectedConfig(provider)
    await expect(signPersonalMessage(config, { message: 'x' })).rejects.toThrow(UserRejectedError)
    expect(config.state.status).toBe('connected')
  })

  it('does not re-sign on a chainChanged with the same chain id', async () => {
    const provider = createFakeProvider({
      handlers: {
        personal_sign: async (params, self) => {
          self.emit('chainChanged', '0x1')
          return fakeWalletAccount.signMessage({ message: { raw: (params as [Hex])[0] } })
        },
      },
    })
    const config = await connectedConfig(provider)
    await signPersonalMessage(config, { message: 'x' })
    expect(provider.callsOf('personal_sign')).toHaveLength(1)
  })
})
