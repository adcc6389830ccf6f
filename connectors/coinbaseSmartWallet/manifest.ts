import { coinbaseSmartWallet } from './messages'
import type { FamilyManifest } from '../shared/manifest'
import { coinbaseSmartWalletEgress } from './egress'
import { coinbaseSmartWalletSettings, type CoinbaseSmartWalletSettings } from './settings'
import { COINBASE_SMART_WALLET_ID } from './id'

declare module '@sigil/lib/i18n/familyCatalogues' {
  interface FamilyCatalogues {
    coinbaseSmartWallet: typeof coinbaseSmartWallet
  }
}

declare module '@sigil/lib/config/familySettings' {
  interface FamilySettings extends CoinbaseSmartWalletSettings {}
}

/** The Coinbase Smart Wallet, as the server sees it (connectors/shared/manifest.ts). */
export const coinbaseSmartWalletManifest = {
  id: COINBASE_SMART_WALLET_ID,
  messages: { sections: { coinbaseSmartWallet }, taglines: ['connect.tagline.coinbaseSmartWallet'] },
  egress: coinbaseSmartWalletEgress,
  settings: coinbaseSmartWalletSettings,
} as const satisfies FamilyManifest
