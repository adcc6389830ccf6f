import { auth } from './auth'
import { errors } from './errors'
import { ui } from './ui'

/**
 * The English catalogue: every user-facing string lives here (STYLE.md habit 10), one section per
 * module so each part of the app loads only the strings it shows.
 * - `errors`: the message of every error code; SPEC.md section 8 verbatim.
 * - `ui`: the page's own strings, read through `t()`.
 * - `auth`: the sign-in statement and the sign-in API's error messages.
 * A second language is a second catalogue of the same type.
 */
export const en = { errors, ui, auth } as const

export type Catalogue = typeof en
export type ErrorCode = keyof Catalogue['errors']
export type UiKey = keyof Catalogue['ui']
