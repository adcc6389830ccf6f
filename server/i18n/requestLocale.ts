import { cookies, headers } from 'next/headers'
import { cache } from 'react'
import { LOCALE_COOKIE } from '@/lib/storageNames'
import { type Locale } from '@/lib/i18n/locales'
import type { Messages } from '@/lib/i18n/messages'
import { negotiateLocale } from './negotiateLocale'
import { createT, type Translate } from '@/lib/i18n/t'

/** Each locale's catalogue, imported on the server only when a request asks for it. */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  es: () => import('@/lib/i18n/locales/es'),
  fr: () => import('@/lib/i18n/locales/fr'),
  de: () => import('@/lib/i18n/locales/de'),
  ja: () => import('@/lib/i18n/locales/ja'),
  'zh-CN': () => import('@/lib/i18n/locales/zh-CN'),
  'pt-BR': () => import('@/lib/i18n/locales/pt-BR'),
  ko: () => import('@/lib/i18n/locales/ko'),
}

/** The locale of the request being rendered: the switcher's cookie, else `Accept-Language`, else English. */
export const getRequestLocale = cache(async (): Promise<Locale> => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()])
  return negotiateLocale({ cookie: cookieStore.get(LOCALE_COOKIE)?.value, acceptLanguage: headerList.get('accept-language') })
})

/** The strings of a locale other than English (English is the source catalogue, `en.ts`). */
export async function loadMessages(locale: Locale): Promise<Messages | undefined> {
  return locale === 'en' ? undefined : (await loaders[locale]()).messages
}

/** `t` for server components, in the request's locale. */
export const getServerT = cache(async (): Promise<Translate> => createT((await loadMessages(await getRequestLocale()))?.ui))
