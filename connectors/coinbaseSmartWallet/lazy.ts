import type { CreateConnectorFn } from '@wagmi/core'
import type { PublicConfig } from '@/lib/config/public'
import { monogramIcon } from '@/wallet-book/icons/monogramIcon'
import { lazyConnector } from '../shared/lazyConnector'
import { COINBASE_SMART_WALLET_ID, coinbaseSmartWalletProperties } from './properties'

/**
 * The connectors of the Coinbase Smart Wallet as they sit in the first load: `lazyConnector` proxies only (see
 * connectors/shared/lazyConnector.ts); the family module and its SDK load when needed.
 *
 * The connect dialog warms the family up when it opens, so the SDK's provider exists before the tap
 * and the popup opens inside the click handler: Safari blocks a popup opened after an await
 * (REFERENCE.md §2). No panel: the dialog's own "Opening…" view waits for the popup.
 */
export function coinbaseSmartWalletConnectors(publicConfig: PublicConfig): CreateConnectorFn[] {
  return [
    lazyConnector({
      id: COINBASE_SMART_WALLET_ID,
      type: 'coinbaseSmartWallet',
      // A self-made data URI, like the wallet-book's icons: no third-party request.
      icon: monogramIcon('CS', '#0052FF'),
      properties: coinbaseSmartWalletProperties(publicConfig.chainIds),
      load: () => import('./family').then((family) => family.coinbaseSmartWalletFor(publicConfig)),
      listing: { order: 2 },
      warmUpWithDialog: true,
    }),
  ]
}
