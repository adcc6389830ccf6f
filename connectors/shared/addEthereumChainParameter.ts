import { type AddEthereumChainParameter, type Chain, numberToHex } from 'viem'

export type AddEthereumChainOverrides = Partial<Omit<AddEthereumChainParameter, 'chainId'>>

/**
 * The EIP-3085 `wallet_addEthereumChain` parameter for a chain (https://eips.ethereum.org/EIPS/eip-3085):
 * hex chain id at the RPC edge, the chain's own RPC and explorer addresses unless the caller
 * overrides them. Empty lists are left out: several wallets reject `blockExplorerUrls: []`.
 */
export function addEthereumChainParameter(chain: Chain, overrides: AddEthereumChainOverrides = {}): AddEthereumChainParameter {
  const rpcUrls = overrides.rpcUrls?.length ? overrides.rpcUrls : chain.rpcUrls.default.http
  const explorer = chain.blockExplorers?.default.url
  const blockExplorerUrls = overrides.blockExplorerUrls?.length ? overrides.blockExplorerUrls : explorer ? [explorer] : undefined
  return {
    chainId: numberToHex(chain.id),
    chainName: overrides.chainName ?? chain.name,
    nativeCurrency: overrides.nativeCurrency ?? chain.nativeCurrency,
    rpcUrls: [...rpcUrls],
    ...(blockExplorerUrls ? { blockExplorerUrls: [...blockExplorerUrls] } : {}),
    ...(overrides.iconUrls?.length ? { iconUrls: [...overrides.iconUrls] } : {}),
  }
}
