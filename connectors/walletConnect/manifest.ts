import { walletConnect } from './messages'
import type { FamilyManifest } from '../shared/manifest'
import { walletConnectEgress } from './egress'
import { walletConnectSettings, type WalletConnectSettings } from './settings'
import { WALLETCONNECT_ID } from './id'

declare module '@sigil/lib/i18n/familyCatalogues' {
  interface FamilyCatalogues {
    walletConnect: typeof walletConnect
  }
}

declare module '@sigil/lib/config/familySettings' {
  interface FamilySettings extends WalletConnectSettings {}
}

/** WalletConnect v2, as the server sees it (connectors/shared/manifest.ts). */
export const walletConnectManifest = {
  id: WALLETCONNECT_ID,
  messages: { sections: { walletConnect }, taglines: ['connect.tagline.walletConnect', 'connect.tagline.walletConnectMobile'] },
  egress: walletConnectEgress,
  settings: walletConnectSettings,
} as const satisfies FamilyManifest
