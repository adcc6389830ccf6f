/**
 * The languages the page speaks. English is the source catalogue (`en.ts`) and the default when
 * nothing the browser asks for matches; each other locale is one file under `locales/`, typed by
 * `Messages` so a missing key is a type error.
 */
export const locales = ['en', 'es', 'fr', 'de', 'ja', 'zh-CN', 'pt-BR', 'ko'] as const
export type Locale = (typeof locales)[number]

export const defaultLocale: Locale = 'en'

/** Each language's name in itself, as the switcher lists it. */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
  'zh-CN': '简体中文',
  'pt-BR': 'Português (Brasil)',
  ko: '한국어',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}
