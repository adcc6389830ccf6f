import type { CreateConnectorFn } from '@wagmi/core'
import type { PublicConfig } from '@sigil/lib/config/public'
import { svgDataUri } from '@sigil/wallet-book/icons/svgDataUri'
import type { SigilFamily } from '../shared/family'
import { lazyConnector } from '../shared/lazyConnector'
import { EMBEDDED_ID } from './id'

/**
 * The embedded wallet's own mark: an envelope (the email that makes and recovers it) on the
 * wallet's teal, drawn here rather than a letter tile.
 */
const EMBEDDED_MARK = svgDataUri(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0F766E"/>' +
    '<g fill="none" stroke="#fff" stroke-width="3.5" stroke-linejoin="round"><rect x="13" y="19" width="38" height="27" rx="4"/><path d="M15 22l17 12.5L49 22"/></g></svg>',
)

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
      icon: EMBEDDED_MARK,
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

/**
 * What the family lists in the connect dialog, without its views (connectors/familyRows.ts): its
 * one row's connector.
 */
export const embeddedRows = {
  id: EMBEDDED_ID,
  connectors: embeddedConnectors,
} satisfies SigilFamily
