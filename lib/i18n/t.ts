import { format } from './format'
import { ui } from './ui'
import type { UiKey } from './en'

/**
 * The page's one way to a user-facing string: a typed key into the catalogue's `ui` section, with
 * `{name}` placeholders filled. A second language becomes a second catalogue of the same shape.
 */
export function t(key: UiKey, values?: Record<string, string | number>): string {
  return format(ui[key], values)
}
