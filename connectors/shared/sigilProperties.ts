import { connectorKey } from './connectorKey'
import type { PersistedValues } from './persistedValues'
import type { ChainFamily, DeepLinkPreference, PeerMetadata, SigilConnectorProperties } from './types'

export type SigilPropertiesOptions = {
  name: string
  overrideKey?: string | undefined
  /**
   * The connector key, when the family already knows it (a book wallet's key, a WalletConnect
   * wallet's): `overrideKey` is then set only where it differs from the key the name gives.
   */
  key?: string | undefined
  supportedChains?: readonly ChainFamily[] | undefined
  canConnectViaQrCode?: boolean | undefined
  canConnectViaCustodialService?: boolean | undefined
  walletConnectFallback?: boolean | undefined
  deepLinkPreference?: DeepLinkPreference | undefined
  preferredChains?: readonly number[] | undefined
  persisted: PersistedValues
  /**
   * For families with a wallet-side session (WalletConnect): the peer's metadata, looked up live.
   * Families without one leave it out and their `session` is always undefined.
   */
  getPeerMetadata?: (() => PeerMetadata | undefined) | undefined
}

/**
 * Builds `connector.sigil`: fixed identity plus live getters over the persisted values, so what the
 * UI reads is what survives a reload. Frozen: the view is read-only, changes go through the connector.
 */
export function createSigilProperties(options: SigilPropertiesOptions): SigilConnectorProperties {
  const { persisted, getPeerMetadata } = options
  const key = options.key ?? connectorKey(options.name, options.overrideKey)
  const overrideKey = options.key === undefined ? options.overrideKey || undefined : key === connectorKey(options.name) ? undefined : key
  const supportedChains = Object.freeze([...(options.supportedChains ?? ['evm'])])
  const preferredChains = Object.freeze([...(options.preferredChains ?? [])])
  return Object.freeze({
    name: options.name,
    overrideKey,
    key,
    supportedChains,
    get connectedChain() {
      return persisted.getActiveAccount() ? supportedChains[0] : undefined
    },
    canConnectViaQrCode: options.canConnectViaQrCode ?? false,
    canConnectViaCustodialService: options.canConnectViaCustodialService ?? false,
    walletConnectFallback: options.walletConnectFallback ?? false,
    deepLinkPreference: options.deepLinkPreference ?? 'native',
    preferredChains,
    get currentChainId() {
      return persisted.getCurrentChain()
    },
    get hasSwitchedNetwork() {
      return persisted.getSwitchedNetwork()
    },
    get activeAccount() {
      const address = persisted.getActiveAccount()
      return address ? Object.freeze({ address }) : undefined
    },
    get session() {
      if (!getPeerMetadata) return undefined
      const topic = persisted.getSessionTopic()
      return topic ? Object.freeze({ topic, peerMetadata: getPeerMetadata() }) : undefined
    },
  })
}
