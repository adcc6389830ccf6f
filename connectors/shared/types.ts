import type { Address } from 'viem'

/**
 * Chain families a connector can serve. The EVM and Ethereum itself are one family here
 * (docs/connectors/lifecycle.md#what-every-connector-exposes).
 */
export type ChainFamily = 'evm'

/** Which wallet link to try first on a phone (docs/families/walletConnect.md#deep-links). */
export type DeepLinkPreference = 'native' | 'universal'

/** Metadata a WalletConnect peer publishes about itself (name, url, icons). */
export type PeerMetadata = {
  name: string
  description?: string | undefined
  url: string
  icons: readonly string[]
}

/** The wallet-side session of families that have one (WalletConnect). */
type ConnectorSession = {
  topic: string
  peerMetadata: PeerMetadata | undefined
}

/**
 * The connector properties of docs/connectors/lifecycle.md#what-every-connector-exposes, exposed on
 * every Sigil connector as `connector.sigil`. A live, read-only view: values that change with the
 * connection (current chain, switched flag, active account, session) are read from the persisted values
 * each time, so the view never drifts from what survives a reload.
 */
export type SigilConnectorProperties = {
  readonly name: string
  /** Replaces the name-derived key when set (e.g. two connectors for one wallet). */
  readonly overrideKey: string | undefined
  /** `connectorKey(name, overrideKey)`: suffix of every persisted value, wallet-book key. */
  readonly key: string
  readonly supportedChains: readonly ChainFamily[]
  /** Family of the chain the wallet is connected on; undefined while disconnected. */
  readonly connectedChain: ChainFamily | undefined
  readonly canConnectViaQrCode: boolean
  readonly canConnectViaCustodialService: boolean
  /** The wallet can also be reached over WalletConnect when its extension is missing. */
  readonly walletConnectFallback: boolean
  /** Default `native`. */
  readonly deepLinkPreference: DeepLinkPreference
  /** Chain ids offered first, in order (e.g. the smart wallet's 84532, 8453). */
  readonly preferredChains: readonly number[]
  readonly currentChainId: number | undefined
  readonly hasSwitchedNetwork: boolean
  readonly activeAccount: { readonly address: Address } | undefined
  /** Only for families with a wallet-side session; undefined otherwise. */
  readonly session: ConnectorSession | undefined
}

/** The minimal EIP-1193 surface the shared machinery needs: one `request` function. */
export type RequestFn = (args: { method: string; params?: unknown }) => Promise<unknown>

/**
 * Why the app cannot ask the wallet for a chain: the code of the check that stops it
 * (docs/connectors/chain-switching.md#the-three-checks-before-the-wallet-is-asked).
 */
export type ChainSwitchBlock = 'network_switching_only_available_in_wallet' | 'network_switching_only_through_wallet' | 'network_switching_not_supported'

/**
 * Which of the app's chains the connected wallet can be asked to switch to, before anyone asks: the
 * chains the switch checks would stop, with the check's code (a chain not in the map can be asked for).
 * Each family says it through its switch target: the session's approved chains (WalletConnect), the
 * chains the smart wallet listed (Coinbase), a wallet-book "switch only from the wallet" rule.
 */
export type ChainSwitchOptions = {
  chainSwitchOptions(): Promise<ReadonlyMap<number, ChainSwitchBlock>>
}

/**
 * The `type` of the wagmi `message` a connector emits when its `chainSwitchOptions` answer may have
 * changed without the chain or the accounts changing: the wallet added or dropped chains of a
 * WalletConnect session (`session_update`). The chain menu asks again on it, open or not
 * (docs/connectors/chain-switching.md#when-the-wallet-changes-the-sessions-chains).
 */
export const chainSwitchOptionsChanged = 'sigil:chainSwitchOptionsChanged'
