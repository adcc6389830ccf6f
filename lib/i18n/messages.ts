import type { UiKey } from './en'
import type { FamilyMessages } from './familyCatalogues'

/**
 * What a locale other than English translates: the page's `ui` and the families' view strings.
 * Typed by the English keys, so a locale missing a key (or carrying a stale one) does not compile;
 * the families' sections are those their declarations register (familyCatalogues.ts).
 *
 * Not here, so the same in every locale: the error messages (`errors`, `auth`, and the families'
 * `errors`). SPEC.md section 8's messages are requirements verbatim; the others are raised as
 * `Error.message` by connectors and sent by the API, outside any request's locale, and every one
 * keeps its code (`data-code`).
 */
export type Messages = { ui: Record<UiKey, string> } & FamilyMessages

/** A section of `Messages` other than `ui`: the strings of one lazily loaded family view. */
export type FamilySection = Exclude<keyof Messages, 'ui'>
