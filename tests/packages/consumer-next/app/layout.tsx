// Sigil's provider around the app: the public configuration, the connection the cookie remembers
// (so the first render matches the browser's), and the visitor's language with its strings.
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { familySettings } from '@sigil/connectors/settings'
import { loadCatalogue } from '@sigil/lib/i18n/loadCatalogue'
import { SigilProvider } from '@sigil/react/SigilProvider'
import { initialStateFromCookie } from '@sigil/react/wagmi/initialState'
import { getPublicConfig } from '@sigil/server/config/server'
import { getRequestLocale } from '@sigil/server/i18n/requestLocale'
import '@sigil/react/styles.css'

export default async function RootLayout({ children }: { children: ReactNode }) {
  const cookie = (await headers()).get('cookie')
  const locale = await getRequestLocale()
  return (
    <html lang={locale}>
      <body>
        <SigilProvider publicConfig={getPublicConfig(familySettings)} initialState={initialStateFromCookie(cookie)} locale={locale} messages={await loadCatalogue(locale)}>
          {children}
        </SigilProvider>
      </body>
    </html>
  )
}
