import type { EgressEntry } from '@sigil/lib/config/egress'
import { manifests } from './manifests'
import type { EgressConfig, FamilyManifest } from './shared/manifest'

/**
 * Every family's egress declaration, read from its manifest (connectors/manifests.ts, keyed by the
 * family's id). Server-safe: each declaration is pure data, no SDK and no connector is imported here.
 * The Content-Security-Policy (`proxy.ts` → server/http/securityHeaders.ts) and
 * `/.well-known/sigil-egress.json` are built from this one list. docs/security/egress.md.
 */
export type { EgressConfig } from './shared/manifest'

type FamilyId = (typeof manifests)[number]['id']

/** Each family's entries for this deployment (`list`: the registry, or a test's). */
export function egressByFamily<const List extends readonly FamilyManifest[] = typeof manifests>(
  config: EgressConfig,
  list: List = manifests as unknown as List,
): Record<List[number]['id'], EgressEntry[]> {
  return Object.fromEntries(list.map((manifest) => [manifest.id, manifest.egress(config)])) as Record<List[number]['id'], EgressEntry[]>
}

/** Every family's entries, in registry order (the policy's input). */
export function egressEntries(config: EgressConfig, list: readonly FamilyManifest[] = manifests): EgressEntry[] {
  return Object.values<EgressEntry[]>(egressByFamily(config, list)).flat()
}

/** `GET /.well-known/sigil-egress.json`: per family, the origins its page may reach, how and why. */
export type EgressManifest = {
  version: 1
  /** The app's own origin is always allowed (`'self'`); it is not repeated per family. */
  self: 'self'
  families: Record<FamilyId, { hosts: EgressEntry[] }>
}

export function egressManifest(config: EgressConfig, list: readonly FamilyManifest[] = manifests): EgressManifest {
  const byFamily = egressByFamily(config, list)
  return {
    version: 1,
    self: 'self',
    families: Object.fromEntries(Object.entries<EgressEntry[]>(byFamily).map(([id, hosts]) => [id, { hosts }])) as EgressManifest['families'],
  }
}
