import type { UiKey } from './en'
import type { FamilyMessages } from './familyCatalogues'
import type { PlainErrorKey } from './plainErrors'

/**
 * What a locale other than English translates: the page's `ui`, the families' view strings, and
 * `errors`, what the page shows for each error code. Typed by the English keys, so a locale missing a
 * key (or carrying a stale one) does not compile; the families' sections are those their declarations
 * register (familyCatalogues.ts), and `errors` covers every code a user can see (plainErrors.ts).
 *
 * An error has two texts. Its `Error.message` is the catalogue's English, the same in every locale:
 * the messages docs/errors.md requires verbatim, the others ours, raised by connectors and sent by the APIs
 * (`auth`, the embedded wallet's) outside any request's locale, and read by logs and developers. The
 * page shows, by the error's code, the plain words of `errors` in the page's language with the next
 * step, and the English message and the code beneath them as a detail (`data-code`; ErrorAlert.tsx).
 */
export type Messages = { ui: Record<UiKey, string> } & FamilyMessages & { errors: Record<PlainErrorKey, string> }

/** A section of `Messages` for one lazily loaded family view (not the page's `ui`, not `errors`). */
export type FamilySection = Exclude<keyof Messages, 'ui' | 'errors'>
