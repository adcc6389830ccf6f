import { errors } from './errors'
import { ui } from './ui'

/**
 * The English catalogue: every user-facing string lives here (STYLE.md habit 10), one section per
 * module so each part of the app loads only the strings it shows.
 * - `errors`: the message of every error code; SPEC.md section 8 verbatim.
 * - `ui`: the page's own strings, read through `t()`.
 * A second language is a second catalogue of the same type.
 */
export const en = { errors, ui } as const

export type Catalogue = typeof en
export type ErrorCode = keyof Catalogue['errors']
export type UiKey = keyof Catalogue['ui']
