import type { CreateConnectorFn } from '@wagmi/core'
import type { PublicConfig } from '@/lib/config/public'
import type { walletConnect as walletConnectCatalogue } from '@/lib/i18n/walletConnect'
import { monogramIcon } from '@/wallet-book/icons/monogramIcon'
import { injectedIndex } from '@/wallet-book/injectedIndex'
import type { SigilFamily } from '../shared/family'
import { lazyConnector } from '../shared/lazyConnector'
import { WALLETCONNECT_PANEL, WALLETCONNECT_TYPE, walletConnectConnectorId } from './constants'

declare module '@/lib/i18n/familyCatalogues' {
  interface FamilyCatalogues {
    walletConnect: typeof walletConnectCatalogue
  }
}

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
/**
 * The deployment settings the family reads: the project id and relay (`WALLETCONNECT_*`), the chains
 * and their RPCs, and the site's origin (the metadata wallets show): the whole public configuration.
 */
export type WalletConnectOptions = PublicConfig

export function walletConnectConnectors(publicConfig: WalletConnectOptions): CreateConnectorFn[] {
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
      panel: WALLETCONNECT_PANEL,
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

/**
 * WalletConnect v2: a QR code on desktop, a deep link on phones, through the configured relay. Its
 * view (QR code, links, retry) is `panel/WalletConnectPanel.tsx`; a book wallet that is not
 * installed is reached through its WalletConnect connector (`reachWallet.ts`).
 */
export const walletConnectFamily = {
  id: WALLETCONNECT_PANEL,
  connectors: walletConnectConnectors,
  panel: () => import('./panel/WalletConnectPanel').then((module) => module.WalletConnectPanel),
  reachWallet: () => import('./reachWallet').then((module) => module.reachWalletOverWalletConnect),
} satisfies SigilFamily
