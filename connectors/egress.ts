import { coinbaseSmartWalletEgress } from './coinbaseSmartWallet/egress'
import { embeddedEgress } from './embedded/egress'
import { injectedEgress } from './injected/egress'
import { walletConnectEgress } from './walletConnect/egress'
import type { PublicConfig } from '@/lib/config/public'
import type { EgressEntry } from '@/lib/config/egress'

/**
 * Every family's egress declaration, one line each, keyed by the family's id (connectors/families.ts
 * lists the same ids; families.test.ts checks the two agree). Server-safe: each declaration is pure
 * data, no SDK and no connector is imported here. The Content-Security-Policy (`proxy.ts` →
 * server/http/securityHeaders.ts) and `/.well-known/sigil-egress.json` are built from this one list.
 * docs/security/egress.md.
 */
export const familyEgress = {
  injected: injectedEgress,
  walletconnect: walletConnectEgress,
  coinbasesmartwallet: coinbaseSmartWalletEgress,
  embedded: embeddedEgress,
} as const satisfies Record<string, (config: EgressConfig) => EgressEntry[]>

/** The deployment settings the declarations read. */
export type EgressConfig = Pick<PublicConfig, 'walletConnectProjectId' | 'walletConnectRelayUrl' | 'coinbasePreference' | 'coinbaseKeysUrl' | 'vaultOrigin'>

export type FamilyId = keyof typeof familyEgress

/** Each family's entries for this deployment. */
export function egressByFamily(config: EgressConfig): Record<FamilyId, EgressEntry[]> {
  return Object.fromEntries(Object.entries(familyEgress).map(([id, declare]) => [id, declare(config)])) as Record<FamilyId, EgressEntry[]>
}

/** Every family's entries, in registry order (the policy's input). */
export function egressEntries(config: EgressConfig): EgressEntry[] {
  return Object.values(egressByFamily(config)).flat()
}

/** `GET /.well-known/sigil-egress.json`: per family, the origins its page may reach, how and why. */
export type EgressManifest = {
  version: 1
  /** The app's own origin is always allowed (`'self'`); it is not repeated per family. */
  self: 'self'
  families: Record<FamilyId, { hosts: EgressEntry[] }>
}

export function egressManifest(config: EgressConfig): EgressManifest {
  const byFamily = egressByFamily(config)
  return {
    version: 1,
    self: 'self',
    families: Object.fromEntries(Object.entries(byFamily).map(([id, hosts]) => [id, { hosts }])) as EgressManifest['families'],
  }
}
