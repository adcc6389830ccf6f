import { EXCLUDED_CHAIN_IDS } from '@sigil/lib/chains'
import type { PublicConfig } from '@sigil/lib/config/public'
import { WalletConnectNotConfiguredError } from './errors'

/**
 * docs/families/walletConnect.md#what-it-does: the methods every session is asked for (and the relay
 * test checks are approved).
 */
export const REQUIRED_METHODS = ['eth_sendTransaction', 'personal_sign'] as const

/** docs/families/walletConnect.md#what-it-does: the other methods the app may send over a session. */
export const OPTIONAL_METHODS = [
  'eth_chainId',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sign',
  'personal_sign',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'eth_accounts',
  'eth_requestAccounts',
] as const

/** docs/families/walletConnect.md#what-it-does: the default events. */
export const EVENTS = ['chainChanged', 'accountsChanged'] as const

/** What `EthereumProvider.init` gets from us (its own option type stays inside the SDK's chunk). */
export type WalletConnectProviderOptions = {
  projectId: string
  relayUrl?: string | undefined
  showQrModal: false
  /** Never `chains`: see `walletConnectProviderOptions`. */
  optionalChains: [number, ...number[]]
  methods: string[]
  optionalMethods: string[]
  events: string[]
  optionalEvents: string[]
  rpcMap: Record<string, string>
  metadata: { name: string; description: string; url: string; icons: string[]; redirect: { universal: string } }
  telemetryEnabled: false
}

export type WalletConnectProviderOptionsParameters = {
  publicConfig: PublicConfig
  /** Chain ids offered first, in this order (the connector's `preferredChains`). */
  preferredChains?: readonly number[] | undefined
}

/**
 * The order chains are offered in: the preferred chains first, then the configuration's other chains,
 * each once, 11297108109 never (docs/families/walletConnect.md#what-it-does: it crashed a popular
 * wallet).
 */
export function orderChains(chainIds: readonly number[], preferred: readonly number[] = []): number[] {
  const ordered = [...preferred.filter((id) => chainIds.includes(id)), ...chainIds]
  return [...new Set(ordered)].filter((id) => !EXCLUDED_CHAIN_IDS.includes(id))
}

/**
 * The `EthereumProvider.init` options of a deployment (docs/families/walletConnect.md#what-it-does).
 *
 * Namespaces, decided per CAIP-25 (https://github.com/ChainAgnostic/CAIPs/blob/main/CAIPs/caip-25.md):
 * every chain goes in `optionalChains` and nothing in `chains`. Sign 2.x already moves required
 * namespaces into optional ones before proposing (wallets reject a proposal whose required chains they
 * lack, so "required" only ever turned users away), and the SDK merges `chains` with `optionalChains`
 * by array index, silently dropping a required chain (docs/families/walletConnect.md#quirks-handled).
 * The required methods and events are still sent as `methods`/`events`: the SDK puts them first in the
 * optional namespace, so a wallet sees them requested, and the relay test checks the approved session
 * carries them. The other methods and the events follow as optional.
 *
 * @throws WalletConnectNotConfiguredError when the deployment has no project id.
 */
export function walletConnectProviderOptions({ publicConfig, preferredChains }: WalletConnectProviderOptionsParameters): WalletConnectProviderOptions {
  const projectId = publicConfig.walletConnectProjectId.trim()
  if (!projectId) throw new WalletConnectNotConfiguredError({ details: 'WALLETCONNECT_PROJECT_ID is empty' })
  const chains = orderChains(publicConfig.chainIds, preferredChains)
  const [first, ...rest] = chains
  if (first === undefined) throw new WalletConnectNotConfiguredError({ details: 'no chain to offer' })
  const origin = publicConfig.appOrigins[0] ?? ''
  return {
    projectId,
    relayUrl: publicConfig.walletConnectRelayUrl,
    showQrModal: false,
    optionalChains: [first, ...rest],
    methods: [...REQUIRED_METHODS],
    optionalMethods: [...OPTIONAL_METHODS],
    events: [...EVENTS],
    optionalEvents: [...EVENTS],
    // The configured RPC per chain; the configuration already holds the WalletConnect endpoint (chain
    // id + project id, docs/families/walletConnect.md#what-it-does) for chains without one of their
    // own.
    rpcMap: Object.fromEntries(chains.flatMap((id) => (publicConfig.rpcUrls[id] ? [[String(id), publicConfig.rpcUrls[id]]] : []))),
    metadata: {
      name: 'Sigil',
      description: 'Connect any EVM wallet and prove you own it.',
      url: origin,
      // The app's own icon (app/icon.svg), served from this origin.
      icons: [`${origin}/icon.svg`],
      // Wallets that honour it send the user back here after approving
      // (docs/families/walletConnect.md#deep-links).
      redirect: { universal: origin },
    },
    telemetryEnabled: false,
  }
}
