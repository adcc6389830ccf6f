import { egressEntries, type EgressConfig } from './egress'
import { familySettings } from './settings'

/**
 * What the composition roots (proxy.ts, the self-guarding route handlers) hand the server's request
 * guard of the wallet families (server/http/requestGuard.ts `ServerFamilies`): their settings'
 * parsers, for the public configuration, and their egress, for the Content-Security-Policy. Built
 * from the registry (connectors/manifests.ts); the server never imports connectors/ (README "Layout").
 */
export const serverFamilies = { settings: familySettings, egress: (config: EgressConfig) => egressEntries(config) }
