import { cookies, headers } from 'next/headers'
import { cache } from 'react'
import { LOCALE_COOKIE } from '@sigil/lib/storageNames'
import { type Locale } from '@sigil/lib/i18n/locales'
import type { Messages } from '@sigil/lib/i18n/messages'
import { negotiateLocale } from './negotiateLocale'
import { createT, type Translate } from '@sigil/lib/i18n/t'
import { loadCatalogue } from '@sigil/lib/i18n/loadCatalogue'
import { serverSigilConfig } from '@/server/config/sigilConfig'

/** The locale of the request being rendered: the switcher's cookie, else `Accept-Language`, else English. */
export const getRequestLocale = cache(async (): Promise<Locale> => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()])
  return negotiateLocale({ cookie: cookieStore.get(LOCALE_COOKIE)?.value, acceptLanguage: headerList.get('accept-language') })
})

/** `t` for server components, in the request's locale. */
export const getServerT = cache(async (): Promise<Translate> => {
  const locale = await getRequestLocale()
  return createT((await loadCatalogue(locale))?.ui, serverSigilConfig().copy[locale])
})
