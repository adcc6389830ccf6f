import { VAULT_CONFIG_ELEMENT_ID, type VaultPageConfig } from '@sigil/lib/embedded/vaultPageConfig'

/**
 * The vault's bundle takes the error catalogues (`@sigil/lib/i18n/embedded`, `@sigil/lib/i18n/errors`) from its
 * page instead of carrying them a second time: the page already holds them, as JSON, for the screens
 * (server/embedded/vaultPage.ts writes both). connectors/scripts/vaultBundle.mjs points those two imports here; the
 * names and shapes are theirs.
 */
function pageErrors(): Record<string, string> {
  try {
    const config = JSON.parse(document.getElementById(VAULT_CONFIG_ELEMENT_ID)?.textContent ?? '{}') as Partial<VaultPageConfig>
    return config.strings?.errors ?? {}
  } catch {
    return {}
  }
}

const messages = pageErrors()

export const errors: Record<string, string> = messages
export const embedded = { errors: messages, ui: {} as Record<string, string> }

export function isEmbeddedErrorCode(value: unknown): boolean {
  return typeof value === 'string' && Object.hasOwn(messages, value) && value.startsWith('embedded_')
}
