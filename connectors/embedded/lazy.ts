import type { CreateConnectorFn } from '@wagmi/core'
import type { PublicConfig } from '@/lib/config/public'
import { monogramIcon } from '@/wallet-book/icons/monogramIcon'
import { lazyConnector } from '../shared/lazyConnector'

/** The embedded wallet's connector key (wagmi id, persisted values' suffix) and display name. */
export const EMBEDDED_KEY = 'embedded'
export const EMBEDDED_NAME = 'Email & passkey wallet'

/**
 * The connectors of the embedded wallet as they sit in the first load: one `lazyConnector` proxy (see
 * connectors/shared/lazyConnector.ts). The connector, its keys code (BIP-39, HD accounts, WebCrypto,
 * WebAuthn) and its view load when the row is chosen, or when a reload finds the wallet connected.
 * Email recovery is custodial (the server can restore the key): `canConnectViaCustodialService`.
 */
export function embeddedConnectors(publicConfig: PublicConfig): CreateConnectorFn[] {
  return [
    lazyConnector({
      id: EMBEDDED_KEY,
      type: 'embedded',
      icon: monogramIcon('@', '#0F766E'),
      properties: { name: EMBEDDED_NAME, overrideKey: EMBEDDED_KEY, canConnectViaCustodialService: true, canConnectViaQrCode: false },
      load: () => import('./embedded').then((module) => module.embeddedConnector({ rpcUrls: publicConfig.rpcUrls })),
      listing: { order: 3, panel: 'embedded' },
    }),
  ]
}
