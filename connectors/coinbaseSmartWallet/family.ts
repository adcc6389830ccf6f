import type { CreateConnectorFn } from '@wagmi/core'
import type { PublicConfig } from '@sigil/lib/config/public'
import { monogramIcon } from '@sigil/wallet-book/icons/monogramIcon'
import type { SigilFamily } from '../shared/family'
import { lazyConnector } from '../shared/lazyConnector'
import { COINBASE_SMART_WALLET_ID } from './id'
import { createPopupSlot } from './popupWindow'
import { preferredChainOrder } from './preferredChainOrder'
import type { CoinbaseSmartWalletIdentity } from './properties'

/**
 * The wallet behind Coinbase's hosted popup: it connects through a custodial service, never through
 * a QR code (docs/families/coinbaseSmartWallet.md#what-it-does); its chains come 84532 first, then 8453.
 * Its key, `connectorKey(name)`, is `coinbasesmartwallet` (the dialog row `wallet-option-coinbasesmartwallet`).
 */
export function coinbaseSmartWalletProperties(chainIds: readonly number[]): CoinbaseSmartWalletIdentity {
  return {
    name: 'Coinbase Smart Wallet',
    canConnectViaCustodialService: true,
    canConnectViaQrCode: false,
    preferredChains: preferredChainOrder(chainIds),
  }
}

/**
 * The connectors of the Coinbase Smart Wallet as they sit in the first load: `lazyConnector` proxies only (see
 * connectors/shared/lazyConnector.ts); the family module and its SDK load when needed.
 *
 * The popup must open inside the click handler: Safari blocks a popup opened after an await
 * (docs/connectors/lifecycle.md#acting-inside-the-tap). The dialog warms the family up when the user
 * reaches for its row (on a phone, when it opens), so the SDK usually exists before the tap and opens
 * its popup itself; a tap that comes first (no hover, a fast Enter) opens the popup's window at once
 * (`actInTap`) and the connector hands it to the SDK once loaded (popupWindow.ts, popupHandOver.ts). No
 * panel: the dialog's own "Opening…" view waits for the popup.
 */
/** The deployment settings the family reads: the chains, `COINBASE_PREFERENCE` and (tests only) `COINBASE_KEYS_URL`. */
export type CoinbaseSmartWalletOptions = Pick<PublicConfig, 'chainIds' | 'coinbasePreference' | 'coinbaseKeysUrl'>

export function coinbaseSmartWalletConnectors(publicConfig: CoinbaseSmartWalletOptions): CreateConnectorFn[] {
  const properties = coinbaseSmartWalletProperties(publicConfig.chainIds)
  // One slot for the proxy and the connector it loads: the window opened in the tap waits there.
  const popups = createPopupSlot()
  return [
    lazyConnector({
      id: 'coinbasesmartwallet',
      type: 'coinbaseSmartWallet',
      // A self-made data URI, like the wallet-book's icons: no third-party request.
      icon: monogramIcon('CS', '#0052FF'),
      properties,
      load: () =>
        import('./coinbaseSmartWalletFor').then(
          (module) => module.coinbaseSmartWalletFor(publicConfig, properties, { popups }),
          (error: unknown) => {
            // The module did not arrive (offline, a new deployment): no window left open for nothing.
            popups.discard()
            throw error
          },
        ),
      actInTap: () => popups.open(window),
      // Coinbase's own mark (the icon package's `coinbase`), not a letter tile.
      listing: { order: 2, tagline: { desktop: 'connect.tagline.coinbaseSmartWallet' }, logo: 'coinbase' },
      warmUpWithDialog: true,
    }),
  ]
}

/**
 * The Coinbase Smart Wallet: a passkey account in Coinbase's hosted popup, no app or extension.
 * No view of its own: the dialog's "Opening…" view waits for the popup.
 */
export const coinbaseSmartWalletFamily = {
  id: COINBASE_SMART_WALLET_ID,
  connectors: coinbaseSmartWalletConnectors,
} satisfies SigilFamily
