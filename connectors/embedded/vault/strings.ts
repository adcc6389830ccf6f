import { format } from '@sigil/lib/i18n/format'
import type { VaultPageConfig } from '@sigil/lib/embedded/vaultPageConfig'
import type { embedded } from '@sigil/lib/i18n/embedded'
import type { embeddedConfirmation } from '@sigil/lib/i18n/embeddedConfirmation'

/** A key of the English catalogue: one the catalogue lacks fails the type check, not the screen. */
export type VaultUiKey = keyof typeof embedded.ui
type VaultSheetKey = keyof typeof embeddedConfirmation

/** The vault's strings, from its page (in the page's language), with `{name}` placeholders filled. */
export type VaultStrings = {
  ui(key: VaultUiKey, values?: Record<string, string | number>): string
  sheet(key: VaultSheetKey, values?: Record<string, string | number>): string
  /** The catalogue message of a wallet error code, if it is one. */
  error(code: string, values?: Record<string, string | number>): string | undefined
}

export function createStrings(strings: VaultPageConfig['strings']): VaultStrings {
  return {
    ui: (key, values) => format(strings.ui[key] ?? key, values),
    sheet: (key, values) => format(strings.sheet[key] ?? key, values),
    error: (code, values) => (Object.hasOwn(strings.errors, code) ? format(strings.errors[code]!, values) : undefined),
  }
}
