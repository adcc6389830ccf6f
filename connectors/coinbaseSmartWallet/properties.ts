/**
 * `connector.sigil`'s fixed part for the Coinbase Smart Wallet (see `coinbaseSmartWalletProperties`
 * in family.ts): one object, built by the first-load proxy and handed to the loaded connector, so both
 * read and write the same persisted values and the SDK's `appChainIds` are its `preferredChains`.
 */
export type CoinbaseSmartWalletIdentity = {
  readonly name: string
  readonly canConnectViaCustodialService: boolean
  readonly canConnectViaQrCode: boolean
  /** The deployment's chains in the smart wallet's order (`preferredChainOrder`). */
  readonly preferredChains: readonly number[]
}
