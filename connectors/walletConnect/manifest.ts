import { walletConnect } from './messages'
import type { FamilyManifest } from '../shared/manifest'
import { walletConnectEgress } from './egress'
import { walletConnectSettings, type WalletConnectSettings } from './settings'

declare module '@/lib/i18n/familyCatalogues' {
  interface FamilyCatalogues {
    walletConnect: typeof walletConnect
  }
}

declare module '@/lib/config/familySettings' {
  interface FamilySettings extends WalletConnectSettings {}
}

/** The family's id, which its rows open its view (QR code, links) by; family.ts takes it from here. */
export const WALLETCONNECT_ID = 'walletconnect'

/** WalletConnect v2, as the server sees it (connectors/shared/manifest.ts). */
export const walletConnectManifest = {
  id: WALLETCONNECT_ID,
  messages: { sections: { walletConnect }, taglines: ['connect.tagline.walletConnect', 'connect.tagline.walletConnectMobile'] },
  egress: walletConnectEgress,
  settings: walletConnectSettings,
} as const satisfies FamilyManifest
