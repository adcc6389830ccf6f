import type { CreateConnectorFn } from '@wagmi/core'
import type { PublicConfig } from '@/lib/config/public'
import { monogramIcon } from '@/wallet-book/icons/monogramIcon'
import { injectedIndex } from '@/wallet-book/injectedIndex'
import { lazyConnector } from '../shared/lazyConnector'
import { WALLETCONNECT_TYPE, walletConnectConnectorId } from './constants'

/** Only a stored session topic makes a reload load the family (and its SDK) to restore it. */
const hasStoredConnection = (persisted: { getSessionTopic(): string | undefined }) => persisted.getSessionTopic() !== undefined

/**
 * The connectors of WalletConnect as they sit in the first load: `lazyConnector` proxies only (see
 * connectors/shared/lazyConnector.ts); the family module and its SDK load when needed. The generic
 * "WalletConnect" row (QR code) lists itself; the per-wallet connectors (one per book wallet with
 * WalletConnect, not `filterFromWalletConnect`) are reached through the wallets' own rows. Names,
 * keys and icons come from the injected index the first load already carries (no book data added).
 * Every proxy warms up with the dialog: on a phone the pairing URI must exist before the tap.
 */
export function walletConnectConnectors(publicConfig: PublicConfig): CreateConnectorFn[] {
  const load = (wallet?: string) => () =>
    import('./walletConnect').then(({ walletConnect }) => walletConnect({ publicConfig, wallet }) as never)
  const generic = lazyConnector({
    id: walletConnectConnectorId(),
    type: WALLETCONNECT_TYPE,
    icon: monogramIcon('WC', '#3B99FC'),
    properties: { name: 'WalletConnect', canConnectViaQrCode: true },
    load: load(),
    hasStoredConnection,
    listing: {
      order: 1,
      panel: 'walletconnect',
      tagline: { desktop: 'connect.tagline.walletConnect', mobile: 'connect.tagline.walletConnectMobile' },
    },
    warmUpWithDialog: true,
  })
  const wallets = Object.entries(injectedIndex)
    .filter(([, entry]) => entry.walletConnect && !entry.filterFromWalletConnect)
    .map(([key, entry]) =>
      lazyConnector({
        id: walletConnectConnectorId(key),
        type: WALLETCONNECT_TYPE,
        icon: entry.brand?.icon,
        properties: { name: entry.name, overrideKey: key, canConnectViaQrCode: true },
        load: load(key),
        hasStoredConnection,
        warmUpWithDialog: true,
      }),
    )
  return [generic, ...wallets]
}
