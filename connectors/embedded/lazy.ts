import type { CreateConnectorFn } from '@wagmi/core'
import type { PublicConfig } from '@/lib/config/public'
import { monogramIcon } from '@/wallet-book/icons/monogramIcon'
import { lazyConnector } from '../shared/lazyConnector'

/**
 * The connectors of the embedded wallet as they sit in the first load: one `lazyConnector` proxy (see
 * connectors/shared/lazyConnector.ts). The connector, its keys code (BIP-39, HD accounts, WebCrypto,
 * WebAuthn) and its view load when the row is chosen, or when a reload finds the wallet connected.
 * Email recovery is custodial (the server can restore the key): `canConnectViaCustodialService`.
 */
export function embeddedConnectors(publicConfig: PublicConfig): CreateConnectorFn[] {
  return [
    lazyConnector({
      // The key and name of identity.ts, written out: an import would add a module to the first load.
      id: 'embedded',
      type: 'embedded',
      icon: monogramIcon('@', '#0F766E'),
      // canConnectViaQrCode stays at its default, false: there is nothing to scan.
      properties: { name: 'Email & passkey wallet', overrideKey: 'embedded', canConnectViaCustodialService: true },
      load: () => import('./embedded').then((module) => module.embeddedConnector({ rpcUrls: publicConfig.rpcUrls })),
      listing: { order: 3, panel: 'embedded', tagline: { desktop: 'connect.tagline.embedded' } },
    }),
  ]
}
