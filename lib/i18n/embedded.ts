import { format } from './format'

/**
 * The catalogue section of the embedded wallet: its error messages (`errors`, keyed by error code) and its
 * view's strings (`ui`). Its own module, so these strings load with the family, not with the page.
 */
export const embedded = {
  errors: {},
  ui: {},
} as const

export type EmbeddedErrorCode = keyof (typeof embedded)['errors']
export type EmbeddedUiKey = keyof (typeof embedded)['ui']

/** A string of this section's `ui`, with `{name}` placeholders filled. */
export function tEmbedded(key: EmbeddedUiKey, values?: Record<string, string | number>): string {
  return format((embedded.ui as Record<string, string>)[key] ?? key, values)
}
