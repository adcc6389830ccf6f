import { format } from './format'
import { ui } from './ui'
import type { UiKey } from './en'

export type Translate = (key: UiKey, values?: Record<string, string | number>) => string

/** The deployment's own sentences for one locale (`copy` of sigil.config.ts), by key. */
export type CopyOverrides = Readonly<Partial<Record<UiKey, string>>>

/**
 * A `t` over one locale's `ui` catalogue (English by default), with `{name}` placeholders filled;
 * the deployment's own sentence for a key, when it wrote one, before the catalogue's.
 */
export function createT(catalogue: Record<UiKey, string> = ui, overrides?: CopyOverrides): Translate {
  return (key, values) => format(overrides?.[key] ?? catalogue[key] ?? ui[key], values)
}

/**
 * English, for code outside a request's rendering (tests, connector set-up). Components read the
 * request's locale instead: `useT()` (client, lib/i18n/LocaleProvider.tsx) or `getServerT()`
 * (server components, server/i18n/requestLocale.ts).
 */
export const t: Translate = createT()
