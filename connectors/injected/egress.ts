import type { EgressEntry } from '@sigil/lib/config/egress'

/**
 * Browser extensions reach nothing from the page: the extension talks to its own servers from its
 * own context, and the page's chain reads go to the app's own origin. docs/security/egress.md.
 */
export function injectedEgress(): EgressEntry[] {
  return []
}
