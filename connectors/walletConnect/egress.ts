import { egressEntry, type EgressEntry } from '@sigil/lib/config/egress'
import type { WalletConnectSettings } from './settings'

/**
 * The hosts the WalletConnect SDK (`@walletconnect/core` 2.25) reaches from the page. Pure data:
 * no SDK import, safe on the server (connectors/egress.ts). docs/security/egress.md.
 */

/** The SDK's relay when `WALLETCONNECT_RELAY_URL` is unset, and `.com`, its documented fallback. */
const WALLETCONNECT_DEFAULT_RELAYS = ['wss://relay.walletconnect.org', 'wss://relay.walletconnect.com'] as const
/** Verify: an attestation iframe before each proposal and request, and the key it is checked with. */
const WALLETCONNECT_VERIFY_ORIGINS = ['https://verify.walletconnect.org', 'https://verify.walletconnect.com'] as const
/** The Blockchain API (the universal provider's fallback RPC and bundler) and Pulse (the SDK's event batches). */
const WALLETCONNECT_API_ORIGINS = ['https://rpc.walletconnect.org', 'https://pulse.walletconnect.org'] as const

export type WalletConnectEgressOptions = Pick<WalletConnectSettings, 'walletConnectProjectId' | 'walletConnectRelayUrl'>

/**
 * Nothing without a project id (the row refuses before its SDK loads: no socket, no request); with
 * one, the relay (the configured one, else the SDK's defaults), Verify (fetched and framed) and the
 * API and Pulse hosts. Chain reads never go to WalletConnect from the page: its `rpcMap` is the
 * app's own proxy.
 */
export function walletConnectEgress(config: WalletConnectEgressOptions): EgressEntry[] {
  if (!config.walletConnectProjectId.trim()) return []
  const relayPurpose = 'relay: pairing proposals and session messages'
  const relays = config.walletConnectRelayUrl ? egressEntry(config.walletConnectRelayUrl, 'connect', relayPurpose) : WALLETCONNECT_DEFAULT_RELAYS.flatMap((relay) => egressEntry(relay, 'connect', relayPurpose))
  return [
    ...relays,
    ...WALLETCONNECT_VERIFY_ORIGINS.flatMap((origin) => egressEntry(origin, 'connect', 'Verify: the public key attestations are checked with')),
    ...WALLETCONNECT_VERIFY_ORIGINS.flatMap((origin) => egressEntry(origin, 'frame', 'Verify: the attestation iframe before each proposal and request')),
    ...egressEntry(WALLETCONNECT_API_ORIGINS[0], 'connect', "Blockchain API: the SDK's fallback RPC and bundler"),
    ...egressEntry(WALLETCONNECT_API_ORIGINS[1], 'connect', "Pulse: the SDK's event batches"),
  ]
}
