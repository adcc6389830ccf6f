import { embedded } from '@sigil/lib/i18n/embedded'
import { embeddedConfirmation } from '@sigil/lib/i18n/embeddedConfirmation'
import type { FamilyManifest } from '../shared/manifest'
import { embeddedEgress } from './egress'
import { EMBEDDED_ID } from './id'

declare module '@sigil/lib/i18n/familyCatalogues' {
  interface FamilyCatalogues {
    embedded: typeof embedded
    /** The confirmation sheet's strings, loaded with the sheet while the wallet is connected. */
    embeddedConfirmation: { ui: typeof embeddedConfirmation }
  }
}

/** The embedded wallet, as the server sees it (connectors/shared/manifest.ts). */
export const embeddedManifest = {
  id: EMBEDDED_ID,
  messages: {
    sections: { embedded, embeddedConfirmation: { ui: embeddedConfirmation } },
    taglines: ['connect.tagline.embedded', 'connect.tagline.embeddedUnavailable'],
  },
  egress: embeddedEgress,
} as const satisfies FamilyManifest
