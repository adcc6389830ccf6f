import { type Chain, numberToHex } from 'viem'
import {
  NetworkSwitchNotSupportedError,
  NetworkSwitchOnlyInWalletError,
  NetworkSwitchOnlyThroughWalletError,
  SwitchChainRejectedError,
} from '@sigil/lib/errors/wallet'
import { type AddEthereumChainOverrides, addEthereumChainParameter } from './addEthereumChainParameter'
import { parseChainId } from './parseChainId'
import type { PersistedValues } from './persistedValues'
import { isChainNotAddedError, mapProviderError } from './providerErrors'
import { requestChainId } from './timeouts'
import type { RequestFn } from './types'

/** What a family tells the shared switch rules about itself and its wallet. */
export type SwitchChainContext = {
  request: RequestFn
  /** Target chain id. */
  chainId: number
  /** The networks a switch may target: the app's chains, or a WalletConnect session's. */
  supportedChains: readonly Chain[]
  /** Wallet-book `switchNetworkOnlyFromWallet`: the wallet switches only by itself. */
  switchNetworkOnlyFromWallet?: boolean | undefined
  /** Whether this connector can ask its wallet to switch at all. */
  canSwitch: boolean
  addEthereumChainParameter?: AddEthereumChainOverrides | undefined
  persisted: Pick<PersistedValues, 'setSwitchedNetwork' | 'setCurrentChain'>
}

/**
 * The checks of docs/connectors/chain-switching.md#the-three-checks-before-the-wallet-is-asked, in that
 * order, before the wallet is asked anything.
 */
export function assertCanSwitchChain(context: Omit<SwitchChainContext, 'request' | 'persisted'>): Chain {
  const chain = context.supportedChains.find((candidate) => candidate.id === context.chainId)
  const meta = { metaMessages: [`Target chain id: ${context.chainId}`] }
  if (!chain) throw new NetworkSwitchOnlyInWalletError(meta)
  if (context.switchNetworkOnlyFromWallet) throw new NetworkSwitchOnlyThroughWalletError(meta)
  if (!context.canSwitch) throw new NetworkSwitchNotSupportedError(meta)
  return chain
}

async function readChainId(request: RequestFn): Promise<number> {
  return parseChainId(await requestChainId(request))
}

async function requestSwitch(request: RequestFn, chainId: number): Promise<void> {
  await request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(chainId) }] })
}

/**
 * Switches the wallet to a supported chain: EIP-3326 `wallet_switchEthereumChain`; when the wallet
 * does not know the chain (every variant of "chain not added", see `isChainNotAddedError`),
 * EIP-3085 `wallet_addEthereumChain` with the chain's data, then — for wallets that add without
 * switching — one more switch request. The switch counts only once a fresh `eth_chainId` read
 * confirms it (MetaMask may switch without emitting `chainChanged`:
 * https://github.com/MetaMask/metamask-extension/issues/24247). Success marks the network as
 * switched and stores the current chain.
 */
export async function switchChain(context: SwitchChainContext): Promise<Chain> {
  const chain = assertCanSwitchChain(context)
  const { request, chainId } = context

  try {
    await requestSwitch(request, chainId)
  } catch (error) {
    if (!isChainNotAddedError(error)) throw mapProviderError(error, 'switchChain')
    try {
      await request({ method: 'wallet_addEthereumChain', params: [addEthereumChainParameter(chain, context.addEthereumChainParameter)] })
    } catch (addError) {
      throw mapProviderError(addError, 'addChain')
    }
    // EIP-3085 leaves switching after an add to the wallet; ask again if it did not.
    if ((await readChainId(request)) !== chainId) {
      try {
        await requestSwitch(request, chainId)
      } catch (retryError) {
        throw mapProviderError(retryError, 'switchChain')
      }
    }
  }

  const confirmed = await readChainId(request)
  if (confirmed !== chainId) {
    throw new SwitchChainRejectedError({
      details: `wallet reports chain ${confirmed} after switching to ${chainId}`,
      metaMessages: [`Target chain id: ${chainId}`, `Wallet chain id: ${confirmed}`],
    })
  }
  context.persisted.setCurrentChain(chainId)
  context.persisted.setSwitchedNetwork(true)
  return chain
}
