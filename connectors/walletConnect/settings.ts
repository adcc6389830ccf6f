import { EnvError, isLoopbackHost } from '@sigil/lib/config/envError'
import type { FamilySettingsSlot } from '@sigil/lib/config/familySettings'

/** WalletConnect's deployment settings, as the page gets them (`PublicConfig`). */
export type WalletConnectSettings = {
  /** WalletConnect Cloud project id; empty when not configured (extension wallets still work). */
  walletConnectProjectId: string
  /** A self-hosted WalletConnect relay (`wss://…`; `ws://` on loopback); the SDK's default relay when unset. */
  walletConnectRelayUrl?: string | undefined
}

/**
 * WalletConnect's settings slot (docs/families/walletConnect.md): `WALLETCONNECT_PROJECT_ID` (its
 * older name `NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID` when unset) and `WALLETCONNECT_RELAY_URL`. Pure:
 * the server hands it these variables' values (server/config/server.ts). The server also reads the
 * project id itself, for its own RPC upstreams (server/config/env.ts).
 */
export const walletConnectSettings = {
  variables: ['WALLETCONNECT_PROJECT_ID', 'NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID', 'WALLETCONNECT_RELAY_URL'],
  parse(env) {
    return { walletConnectProjectId: env.WALLETCONNECT_PROJECT_ID ?? env.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID ?? '', walletConnectRelayUrl: relayUrl(env.WALLETCONNECT_RELAY_URL) }
  },
} as const satisfies FamilySettingsSlot<WalletConnectSettings>

/** `WALLETCONNECT_RELAY_URL`: wss://, or ws:// on loopback (tests); unset or blank is the SDK's relay. */
function relayUrl(value: string | undefined): string | undefined {
  const raw = value?.trim()
  if (!raw) return undefined
  const url = new URL(raw)
  if (url.protocol === 'wss:' || (url.protocol === 'ws:' && isLoopbackHost(url.hostname))) return raw
  throw new EnvError('WALLETCONNECT_RELAY_URL', `WALLETCONNECT_RELAY_URL must be a wss:// address (ws:// only on loopback), got "${raw}".`)
}
