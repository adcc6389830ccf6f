import type { CreateConnectorFn } from '@wagmi/core'
import { monogramIcon } from '@sigil/wallet-book/icons/monogramIcon'
import { entryForKey } from '@sigil/wallet-book/entryForKey'
import { deploymentInjectedIndex } from '@sigil/wallet-book/customWallets'
import type { SigilFamily } from '../shared/family'
import { lazyConnector } from '../shared/lazyConnector'
import { WALLETCONNECT_TYPE, walletConnectConnectorId } from './constants'
import { WALLETCONNECT_ID } from './id'
import { hasWalletConnect, type WalletConnectOptions } from './options'

/** Only a stored session topic makes a reload load the family (and its SDK) to restore it. */
const hasStoredConnection = (persisted: { getSessionTopic(): string | undefined }) => persisted.getSessionTopic() !== undefined

const loader = (publicConfig: WalletConnectOptions, wallet?: string) => () =>
  import('./walletConnect').then(({ walletConnect }) => walletConnect({ publicConfig, wallet }) as never)

/**
 * WalletConnect's connectors are `lazyConnector` proxies only (see connectors/shared/lazyConnector.ts):
 * the family module and its SDK load when needed. This is the generic "WalletConnect" row (QR code),
 * which lists itself. Every proxy warms up with the dialog on a phone: the pairing URI must exist
 * before the tap.
 */
export function walletConnectConnectors(publicConfig: WalletConnectOptions): CreateConnectorFn[] {
  if (!hasWalletConnect(publicConfig)) return []
  return [
    lazyConnector({
      id: walletConnectConnectorId(),
      type: WALLETCONNECT_TYPE,
      icon: monogramIcon('WC', '#3B99FC'),
      properties: { name: 'WalletConnect', canConnectViaQrCode: true },
      load: loader(publicConfig),
      hasStoredConnection,
      listing: {
        order: 1,
        panel: WALLETCONNECT_ID,
        tagline: { desktop: 'connect.tagline.walletConnect', mobile: 'connect.tagline.walletConnectMobile' },
        logo: 'wallet-connect',
      },
      warmUpWithDialog: true,
    }),
  ]
}

/**
 * The per-wallet connectors, one for each of `keys` that is a book wallet with WalletConnect (not
 * `filterFromWalletConnect`), reached through the wallet's own row. Names, keys and icons come from
 * the injected index the first load already carries (no book data added).
 */
export function walletConnectWalletConnectors(publicConfig: WalletConnectOptions, keys: readonly string[]): CreateConnectorFn[] {
  if (!hasWalletConnect(publicConfig)) return []
  const index = deploymentInjectedIndex()
  return keys.flatMap((key) => {
    const entry = entryForKey(index, key)
    if (!entry?.walletConnect || entry.filterFromWalletConnect) return []
    return [
      lazyConnector({
        id: walletConnectConnectorId(key),
        type: WALLETCONNECT_TYPE,
        icon: entry.brand?.icon,
        properties: { name: entry.name, overrideKey: key, canConnectViaQrCode: true },
        load: loader(publicConfig, key),
        hasStoredConnection,
        warmUpWithDialog: true,
      }),
    ]
  })
}

/**
 * What the family lists in the connect dialog, without its views (connectors/familyRows.ts): the
 * generic row, the book wallets' proxies and the way to reach a wallet that is not installed.
 */
export const walletConnectRows = {
  id: WALLETCONNECT_ID,
  connectors: walletConnectConnectors,
  walletConnectors: walletConnectWalletConnectors,
  reachWallet: () => import('./reachWallet').then((module) => module.reachWalletOverWalletConnect),
} satisfies SigilFamily
