import { auth } from './auth'
import { coinbaseSmartWallet } from './coinbaseSmartWallet'
import { embedded } from './embedded'
import { errors } from './errors'
import { ui } from './ui'
import { walletConnect } from './walletConnect'

/**
 * The English catalogue: every user-facing string lives here (STYLE.md habit 10), one section per
 * module so each part of the app loads only the strings it shows.
 * - `errors`: the message of every error code; SPEC.md section 8 verbatim.
 * - `ui`: the page's own strings, read through `t()`.
 * - `auth`: the sign-in statement and the sign-in API's error messages.
 * - `walletConnect`, `coinbaseSmartWallet`, `embedded`: each lazily loaded family's own errors and
 *   view strings, loaded with that family.
 * Other languages translate `ui` and the families' view strings (lib/i18n/messages.ts, locales/);
 * the error messages are the same in every locale.
 */
export const en = { errors, ui, auth, walletConnect, coinbaseSmartWallet, embedded } as const

export type Catalogue = typeof en
/** Codes of the shared wallet errors (`errors`), then the families' own. */
export type ErrorCode =
  | keyof Catalogue['errors']
  | keyof Catalogue['walletConnect']['errors']
  | keyof Catalogue['coinbaseSmartWallet']['errors']
  | keyof Catalogue['embedded']['errors']
export type UiKey = keyof Catalogue['ui']
