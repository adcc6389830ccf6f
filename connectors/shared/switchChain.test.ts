import { type Hex, numberToHex } from 'viem'
import { arbitrum, base, mainnet, optimism } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import {
  AddChainRejectedError,
  NetworkSwitchNotSupportedError,
  NetworkSwitchOnlyInWalletError,
  NetworkSwitchOnlyThroughWalletError,
  SwitchChainRejectedError,
  UnknownWalletError,
} from '@sigil/lib/errors/wallet'
import { createFakeProvider, type FakeProvider, providerError } from '@/tests/fixtures/connectors/fakeProvider'
import { createPersistedValues } from './persistedValues'
import { createMemoryStorage } from './storage'
import { type SwitchChainContext, switchChain } from './switchChain'

const supportedChains = [mainnet, base, optimism]

function setup(provider: FakeProvider, overrides: Partial<SwitchChainContext> = {}) {
  const persisted = createPersistedValues('metamask', createMemoryStorage())
  const context: SwitchChainContext = {
    request: (args) => provider.request(args),
    chainId: base.id,
    supportedChains,
    canSwitch: true,
    persisted,
    ...overrides,
  }
  return { persisted, run: () => switchChain(context) }
}

describe('switchChain: checks before asking the wallet, in order', () => {
  it('refuses a target outside the supported networks with the exact spec message and code', async () => {
    const provider = createFakeProvider()
    // Also flagged "only from wallet" and unable to switch: the first check still decides.
    const { run } = setup(provider, { chainId: arbitrum.id, switchNetworkOnlyFromWallet: true, canSwitch: false })
    const error = await run().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NetworkSwitchOnlyInWalletError)
    expect((error as NetworkSwitchOnlyInWalletError).message).toBe(
      'Network switching is not available at this time. The user should manually switch network in their wallet',
    )
    expect((error as NetworkSwitchOnlyInWalletError).code).toBe('network_switching_only_available_in_wallet')
    expect(provider.calls).toEqual([])
  })

  it('then refuses for a wallet-book wallet that switches only from the wallet', async () => {
    const provider = createFakeProvider()
    const { run } = setup(provider, { switchNetworkOnlyFromWallet: true, canSwitch: false })
    await expect(run()).rejects.toThrow(NetworkSwitchOnlyThroughWalletError)
    await expect(run()).rejects.toThrow('Network switching is only supported through the wallet')
    expect(provider.calls).toEqual([])
  })

  it('then refuses for a connector that cannot switch', async () => {
    const provider = createFakeProvider()
    const { run } = setup(provider, { canSwitch: false })
    await expect(run()).rejects.toThrow(NetworkSwitchNotSupportedError)
    await expect(run()).rejects.toThrow('Network switching not supported')
    expect(provider.calls).toEqual([])
  })
})

describe('switchChain: asking the wallet', () => {
  it('switches with wallet_switchEthereumChain, confirms by re-reading eth_chainId, then marks the network switched', async () => {
    const provider = createFakeProvider({ chainId: mainnet.id })
    const { run, persisted } = setup(provider)
    await expect(run()).resolves.toBe(base)
    expect(provider.calls.map((call) => call.method)).toEqual(['wallet_switchEthereumChain', 'eth_chainId'])
    expect(provider.callsOf('wallet_switchEthereumChain')).toEqual([[{ chainId: '0x2105' }]])
    expect(persisted.getCurrentChain()).toBe(base.id)
    expect(persisted.getSwitchedNetwork()).toBe(true)
  })

  it.each([
    ['4902', () => providerError(4902)],
    ['4902 wrapped in data.originalError (MetaMask Mobile)', () => providerError(-32603, 'Unrecognized chain ID', { originalError: { code: 4902 } })],
    ['-32603 "Unrecognized chain ID"', () => providerError(-32603, 'Unrecognized chain ID "0x2105". Try adding the chain using wallet_addEthereumChain first.')],
    ['null', () => null],
  ])('treats %s as "chain not added": adds the chain, then confirms', async (_label, makeError) => {
    let added = false
    const provider = createFakeProvider({
      chainId: mainnet.id,
      handlers: {
        wallet_switchEthereumChain: () => {
          throw makeError()
        },
        // Like MetaMask: adding the chain also switches to it.
        wallet_addEthereumChain: (params, self) => {
          added = true
          self.state.chainId = Number.parseInt((params as [{ chainId: Hex }])[0].chainId, 16)
          return null
        },
      },
    })
    const { run, persisted } = setup(provider)
    await expect(run()).resolves.toBe(base)
    expect(added).toBe(true)
    expect(provider.callsOf('wallet_addEthereumChain')).toEqual([
      [
        {
          chainId: '0x2105',
          chainName: 'Base',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: ['https://mainnet.base.org'],
          blockExplorerUrls: ['https://basescan.org'],
        },
      ],
    ])
    expect(provider.calls.at(-1)?.method).toBe('eth_chainId')
    expect(persisted.getCurrentChain()).toBe(base.id)
  })

  it('asks to switch once more when the wallet adds the chain without switching to it', async () => {
    const provider = createFakeProvider({ chainId: mainnet.id, knownChains: [mainnet.id] })
    const { run } = setup(provider)
    await expect(run()).resolves.toBe(base)
    expect(provider.calls.map((call) => call.method)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'eth_chainId',
    ])
  })

  it('reports a rejected switch (4001) as SwitchChainRejectedError and leaves the persisted values alone', async () => {
    const provider = createFakeProvider({
      handlers: {
        wallet_switchEthereumChain: () => {
          throw providerError(4001, 'User rejected the request.')
        },
      },
    })
    const { run, persisted } = setup(provider)
    await expect(run()).rejects.toThrow(SwitchChainRejectedError)
    expect(persisted.getSwitchedNetwork()).toBe(false)
    expect(persisted.getCurrentChain()).toBeUndefined()
  })

  it('reports a rejected add (4001) as AddChainRejectedError', async () => {
    const provider = createFakeProvider({
      knownChains: [mainnet.id],
      handlers: {
        wallet_addEthereumChain: () => {
          throw providerError(4001, 'User rejected the request.')
        },
      },
    })
    const { run } = setup(provider)
    await expect(run()).rejects.toThrow(AddChainRejectedError)
  })

  it('does not count a switch the wallet answered but did not make', async () => {
    const provider = createFakeProvider({ chainId: mainnet.id, handlers: { wallet_switchEthereumChain: () => null } })
    const { run, persisted } = setup(provider)
    const error = await run().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SwitchChainRejectedError)
    expect((error as SwitchChainRejectedError).details).toBe('wallet reports chain 1 after switching to 8453')
    expect(persisted.getSwitchedNetwork()).toBe(false)
  })

  it('maps other wallet failures to typed errors', async () => {
    const provider = createFakeProvider({
      handlers: {
        wallet_switchEthereumChain: () => {
          throw providerError(-32603, 'Internal error')
        },
      },
    })
    const { run } = setup(provider)
    await expect(run()).rejects.toThrow(UnknownWalletError)
  })

  it('uses the hex chain id only at the RPC edge', async () => {
    const provider = createFakeProvider({ chainId: mainnet.id })
    const { run } = setup(provider, { chainId: optimism.id })
    await run()
    expect(provider.callsOf('wallet_switchEthereumChain')).toEqual([[{ chainId: numberToHex(10) }]])
  })
})
