import type { PublicConfig } from '@sigil/lib/config/public'
import { egressEntry, type EgressEntry } from '@sigil/lib/config/egress'

/**
 * The hosts the embedded wallet reaches from the page: its vault (`VAULT_ORIGIN`), framed, or in a
 * window the page opens where the frame cannot run a passkey ceremony. The page talks to it by
 * `postMessage` only; chain reads and broadcasts go to the app's own origin. Pure data
 * (connectors/egress.ts). docs/security/egress.md.
 */
export function embeddedEgress(config: Pick<PublicConfig, 'vaultOrigin'>): EgressEntry[] {
  return [
    ...egressEntry(config.vaultOrigin, 'frame', 'the vault: keys, passkeys and the confirmation sheet'),
    ...egressEntry(config.vaultOrigin, 'popup', 'the vault in its own window, when the frame cannot ask the passkey'),
  ]
}
