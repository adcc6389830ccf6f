import type { Metadata, Viewport } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { familySettings } from '@sigil/connectors/settings'
import { getPublicConfig } from '@sigil/server/config/server'
import { loadCatalogue } from '@sigil/lib/i18n/loadCatalogue'
import type { Translate } from '@sigil/lib/i18n/t'
import { getRequestLocale, getServerT } from '@sigil/server/i18n/requestLocale'
import { initialStateFromCookie } from '@sigil/react/wagmi/initialState'
import { appSigilConfig, withSigilChoices } from './_config/sigilConfig'
import { EarlyTapScript } from './_components/EarlyTapScript'
import { ThemeStyle } from './_components/ThemeStyle'
import { SigilProvider } from '@sigil/react/SigilProvider'
import '@sigil/react/styles.css'
import './globals.css'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getServerT()
  return {
    title: t('app.title'),
    description: t('app.tagline'),
    // No favicon request to guess at: the page loads nothing it does not ship.
    icons: { icon: 'data:,' },
  }
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  colorScheme: 'light dark',
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#101217' },
  ],
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Read first: it makes the page dynamic, so the configuration below is read per request from the
  // environment (one build serves any deployment) and never at build time.
  const cookie = (await headers()).get('cookie')
  // The families' settings are parsed here, by their manifests' parsers (connectors/settings.ts): the
  // page gets the values, never a parser.
  // The deployment's own choices (sigil.config.ts), checked at build and at boot: the families and
  // the wallet list go to the page with the rest of its configuration, the theme into its HTML.
  const sigil = appSigilConfig()
  const publicConfig = withSigilChoices(getPublicConfig(familySettings), sigil)
  // The wagmi cookie: the server renders the connected view when the browser was connected.
  const initialState = initialStateFromCookie(cookie)
  // Negotiated here, on the server, so the first byte is in the visitor's language: `lang`, the
  // server-rendered text and the strings the client hydrates with all agree.
  const locale = await getRequestLocale()
  const messages = await loadCatalogue(locale)
  const t = await getServerT()
  return (
    <html lang={locale} data-theme={sigil.theme.mode === 'system' ? undefined : sigil.theme.mode} {...errorPageWords(t)}>
      <body>
        <ThemeStyle theme={sigil.theme} />
        {/* Before anything it listens for: a tap on "Connect wallet" before hydration is kept. */}
        <EarlyTapScript />
        <SigilProvider publicConfig={publicConfig} initialState={initialState} locale={locale} messages={messages} copy={sigil.copy[locale]}>
          {children}
        </SigilProvider>
      </body>
    </html>
  )
}

/**
 * The words of the page's last resort (app/global-error.tsx), in the page's language: it replaces
 * the whole page, this layout and its catalogue with it, so it reads them from `<html>` as it appears.
 */
function errorPageWords(t: Translate) {
  return { 'data-error-title': t('error.page.title'), 'data-error-body': t('error.page.body'), 'data-error-reload': t('error.page.reload') }
}
