import type { PublicConfig } from '@sigil/lib/config/public'
import { fetchNonce } from '@sigil/lib/siwe/client'
import { linkWhileConnecting, registerSignInSource } from '../shared/signInHandOff'
import { walletConnectProviderOptions } from './providerOptions'
import { createWalletConnectClient, type WalletConnectClient } from './walletConnectClient'

let shared: WalletConnectClient | undefined

/**
 * The page's one WalletConnect client (docs/families/walletConnect.md#what-it-does: one provider per
 * app), created on first use (never at module scope: nothing here runs on the server). Every
 * WalletConnect connector of the config uses it.
 */
export function sharedWalletConnectClient(publicConfig: PublicConfig): WalletConnectClient {
  if (shared) return shared
  shared = createWalletConnectClient({
    // Preferred chains first (docs/families/walletConnect.md#what-it-does): every connector registers
    // its own with the client.
    getOptions: ({ preferredChains }) => walletConnectProviderOptions({ publicConfig, preferredChains }),
  })
  // One-tap sign-in (docs/sign-in.md#one-tap-sign-in-over-walletconnect): each pairing carries a
  // sign-in with a nonce the server issued to this browser; the sign-in panel takes what the wallet
  // signed and verifies it. While the signed-in user links another wallet, the pairing carries the
  // link message instead, and the linked-wallets panel takes it. No nonce (the server did not
  // answer): a plain pairing.
  shared.offerSignIn(async () => {
    const chainIds = publicConfig.chainIds
    const origin = window.location.origin
    const link = linkWhileConnecting()
    if (link) return { purpose: 'link', ...(await link()), origin, chainIds }
    return { purpose: 'sign-in', nonce: await fetchNonce(), origin, chainIds, statement: publicConfig.signInStatement }
  })
  registerSignInSource(shared.takeSignedIn)
  return shared
}
