import type { Locale } from './locales'
import type { Messages } from './messages'

/**
 * Each language's catalogue as its own chunk, imported only when something asks for that language:
 * the server for a request's locale (server/i18n/requestLocale.ts), the page for the vault's
 * blocked-popup prompt (connectors/embedded/vaultClient.ts). English is the source (`en.ts`) and is
 * never loaded this way. Its own module, so the page's first load, which imports `locales.ts`,
 * carries no reference to the other languages' chunks.
 */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  de: () => import('./locales/de'),
  ja: () => import('./locales/ja'),
  'zh-CN': () => import('./locales/zh-CN'),
  'pt-BR': () => import('./locales/pt-BR'),
  ko: () => import('./locales/ko'),
}

/** The catalogue of `locale`; English (the source) has none to load and gives undefined. */
export async function loadCatalogue(locale: Locale): Promise<Messages | undefined> {
  return locale === 'en' ? undefined : (await loaders[locale]()).messages
}
