import type { FamilyManifest } from '../shared/manifest'
import { injectedEgress } from './egress'
import { INJECTED_ID } from './id'

/**
 * Browser extensions and in-app browsers, as the server sees them (connectors/shared/manifest.ts): no
 * catalogue section (their errors are the shared ones), no tagline, no host.
 */
export const injectedManifest = {
  id: INJECTED_ID,
  messages: { sections: {}, taglines: [] },
  egress: injectedEgress,
} as const satisfies FamilyManifest
