import type { FamilySettings, FamilySettingsSlot, SettingsVariables } from '@sigil/lib/config/familySettings'
import { manifests } from './manifests'
import type { FamilyManifest } from './shared/manifest'

/**
 * Every family's settings parser, read from its manifest (connectors/manifests.ts), as one slot: the
 * variables of them all, and a parser that hands each family its own variables and merges what they
 * return. The composition roots (app/layout.tsx, proxy.ts, the route handlers) hand it to the server
 * (server/config/server.ts `getPublicConfig`), which never imports connectors/ (README "Layout").
 * Server-safe, like the manifests; the page gets the parsed values from the layout, never a parser.
 *
 * `Settings` is what `list` adds up to: the registered families' `FamilySettings` by default; a test
 * with one more family names its fields too.
 */
export function familySettingsOf<Settings extends object = FamilySettings>(list: readonly FamilyManifest[] = manifests): FamilySettingsSlot<Settings> {
  const slots = list.flatMap((manifest) => (manifest.settings ? [manifest.settings] : []))
  return {
    variables: [...new Set(slots.flatMap((slot) => slot.variables))],
    parse: (variables, context) => Object.assign({}, ...slots.map((slot) => slot.parse(own(variables, slot.variables), context))) as Settings,
  }
}

/** The values of `names` alone: a parser is never handed another family's variables. */
function own(variables: SettingsVariables, names: readonly string[]): SettingsVariables {
  return Object.freeze(Object.fromEntries(names.map((name) => [name, variables[name]])))
}

/** The registered families' settings (the composition roots hand this to the server). */
export const familySettings = familySettingsOf()
