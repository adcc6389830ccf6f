import { auth } from './auth'
import { errors } from './errors'
import type { FamilyErrorCode } from './familyCatalogues'
import { ui } from './ui'

/**
 * The English catalogue: every user-facing string lives here (docs/style.md#user-facing-strings), one section per
 * module so each part of the app loads only the strings it shows.
 * - `errors`: the message of every error code; verbatim where docs/errors.md says so.
 * - `ui`: the page's own strings, read through `t()`.
 * - `auth`: the sign-in statement and the sign-in API's error messages.
 * Each lazily loaded family has a section of its own (its errors and view strings, loaded with the
 * family: connectors/walletConnect/messages.ts, …), which its manifest registers (familyCatalogues.ts).
 * Other languages translate `ui` and the families' view strings (lib/i18n/messages.ts, locales/).
 * The error messages here are the raised English, the same in every locale; what the page shows for
 * each code, in every language, is the `errors` of messages.ts (English: plainErrors.ts).
 */
export const en = { errors, ui, auth } as const

export type Catalogue = typeof en
/** Codes of the shared wallet errors (`errors`), then the families' own (as their declarations register them). */
export type ErrorCode = keyof Catalogue['errors'] | FamilyErrorCode
export type UiKey = keyof Catalogue['ui']
