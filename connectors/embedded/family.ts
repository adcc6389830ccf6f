import type { CreateConnectorFn } from '@wagmi/core'
import type { PublicConfig } from '@/lib/config/public'
import { monogramIcon } from '@/wallet-book/icons/monogramIcon'
import type { SigilFamily } from '../shared/family'
import { lazyConnector } from '../shared/lazyConnector'
import { EMBEDDED_ID } from './id'

/** The deployment settings the family reads: the RPC of each chain and the vault's origin (`VAULT_ORIGIN`). */
export type EmbeddedOptions = Pick<PublicConfig, 'rpcUrls' | 'vaultOrigin'>

/**
 * The connectors of the embedded wallet as they sit in the first load: one `lazyConnector` proxy (see
 * connectors/shared/lazyConnector.ts). The connector (which holds no key: the vault does, in its own
 * origin) and its view load when the row is chosen, or when a reload finds the wallet connected.
 * Email recovery is custodial (the server can restore the key): `canConnectViaCustodialService`.
 */
export function embeddedConnectors(publicConfig: EmbeddedOptions): CreateConnectorFn[] {
  return [
    lazyConnector({
      // The key and name of identity.ts, written out: an import would add a module to the first load.
      id: 'embedded',
      type: 'embedded',
      icon: monogramIcon('@', '#0F766E'),
      // canConnectViaQrCode stays at its default, false: there is nothing to scan.
      properties: { name: 'Email & passkey wallet', overrideKey: 'embedded', canConnectViaCustodialService: true },
      load: () =>
        import('./embedded').then((module) =>
          module.embeddedConnector({ rpcUrls: publicConfig.rpcUrls, vaultOrigin: publicConfig.vaultOrigin, locale: () => document.documentElement.lang || undefined }),
        ),
      // Without a vault origin (a deployment that has none, server/config/vaultOrigin.mjs) the row says so
      // before it is chosen; choosing it says why.
      listing: {
        order: 3,
        panel: EMBEDDED_ID,
        tagline: { desktop: publicConfig.vaultOrigin ? 'connect.tagline.embedded' : 'connect.tagline.embeddedUnavailable' },
        // The view's title is the wallet's name ("Email & passkey wallet"), translated in every locale.
        name: { section: 'embedded', key: 'title' },
        // "No wallet?" on the landing card, and the help panel's "create one", open this row.
        createsWallet: true,
      },
    }),
  ]
}

/** The embedded HD wallet: a passkey locks it on this device, email recovers it. */
export const embeddedFamily = {
  id: EMBEDDED_ID,
  connectors: embeddedConnectors,
  panel: () => import('./panel/EmbeddedPanel').then((module) => module.EmbeddedPanel),
  accountActions: () => import('./panel/ManageWallet').then((module) => module.ManageWallet),
} satisfies SigilFamily
