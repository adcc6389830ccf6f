import { preferredChainOrder } from './preferredChainOrder'

/** wagmi id and connector key (`connectorKey('Coinbase Smart Wallet')`): the dialog row is `wallet-option-coinbasesmartwallet`. */
export const COINBASE_SMART_WALLET_ID = 'coinbasesmartwallet'

/**
 * `connector.sigil`'s fixed part, shared by the first-load proxy and the loaded connector so both
 * read and write the same persisted values. The wallet lives behind Coinbase's hosted popup: it
 * connects through a custodial service, never through a QR code (REFERENCE.md §1, last "Deep links" bullet).
 */
export function coinbaseSmartWalletProperties(chainIds: readonly number[]) {
  return {
    name: 'Coinbase Smart Wallet',
    canConnectViaCustodialService: true,
    canConnectViaQrCode: false,
    preferredChains: preferredChainOrder(chainIds),
  }
}
