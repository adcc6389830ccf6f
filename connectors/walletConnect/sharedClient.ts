import type { PublicConfig } from '@/lib/config/public'
import { walletConnectProviderOptions } from './providerOptions'
import { createWalletConnectClient, type WalletConnectClient } from './walletConnectClient'

let shared: WalletConnectClient | undefined

/**
 * The page's one WalletConnect client (docs/families/walletConnect.md#what-it-does: one provider per
 * app), created on first use (never at module scope: nothing here runs on the server). Every
 * WalletConnect connector of the config uses it.
 */
export function sharedWalletConnectClient(publicConfig: PublicConfig): WalletConnectClient {
  shared ??= createWalletConnectClient({
    // Preferred chains first (docs/families/walletConnect.md#what-it-does): every connector registers
    // its own with the client.
    getOptions: ({ preferredChains }) => walletConnectProviderOptions({ publicConfig, preferredChains }),
  })
  return shared
}
