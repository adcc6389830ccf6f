import type { EgressEntry } from '@sigil/lib/config/egress'
import type { FamilySettings, FamilySettingsSlot } from '@sigil/lib/config/familySettings'
import type { DeploymentConfig } from '@sigil/lib/config/public'
import type { FamilyCatalogueSection } from '@sigil/lib/i18n/familyCatalogues'
import type { UiKey } from '@sigil/lib/i18n/en'

/** The deployment settings the families' egress declarations read: the families' own, and the vault's origin. */
export type EgressConfig = Pick<DeploymentConfig, 'vaultOrigin'> & FamilySettings

/**
 * What a wallet family states about itself that the server needs too, in its folder's `manifest.ts`:
 * pure data and pure functions, with no SDK, no React and no browser global, so the server's
 * composition roots (proxy.ts, route handlers) can read it. `connectors/manifests.ts` lists them, one
 * line each. Its `id` is the constant of the folder's `id.ts`, which the browser's declaration
 * (`family.ts`) imports too: the identity is written once, and the page never imports a manifest
 * (nor its parsers and what they import). docs/families/README.md says why the manifests sit in connectors/ and how the server
 * is handed them.
 */
export type FamilyManifest = {
  /** The family's id: its browser declaration's, its rows' view id, the egress manifest's key. */
  readonly id: string
  readonly messages: {
    /**
     * Its catalogue sections by name (errors by code, view strings), the same objects its modules
     * read. Their types are registered in the same file (`declare module '@sigil/lib/i18n/familyCatalogues'`),
     * so the error-code union and every locale follow the family.
     */
    readonly sections: Readonly<Record<string, FamilyCatalogueSection>>
    /** The keys of the page's `ui` its rows show as taglines (the page's first load carries them). */
    readonly taglines: readonly UiKey[]
  }
  /**
   * Every origin its code reaches from the page (`connect`), frames (`frame`) or opens (`popup`), for
   * the configuration given: nothing when the family is not configured, never an RPC host. The
   * Content-Security-Policy and `/.well-known/sigil-egress.json` are built from these only.
   */
  egress(config: EgressConfig): EgressEntry[]
  /**
   * Its deployment settings, when it has any: the environment variables it reads and a pure parser
   * from their values (and the deployment's context) to the fields it adds to the page's
   * `PublicConfig`, registered in the same file (`declare module '@sigil/lib/config/familySettings'`). A bad
   * value throws `EnvError` naming the variable. The composition roots hand every family's parser to
   * the server (connectors/settings.ts), which hands each its own variables.
   */
  readonly settings?: FamilySettingsSlot
}
