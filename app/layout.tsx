import { cookieToInitialState } from '@wagmi/core'
import type { Metadata, Viewport } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { getPublicConfig } from '@/lib/config/server'
import { t } from '@/lib/i18n/t'
import { createSigilConfig } from '@/lib/wagmi/createSigilConfig'
import { Providers } from './providers'
import './globals.css'

export const metadata: Metadata = {
  title: t('app.title'),
  description: t('app.tagline'),
  // No favicon request to guess at: the page loads nothing it does not ship.
  icons: { icon: 'data:,' },
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
  const publicConfig = getPublicConfig()
  // The same config shape as the browser's, only to read the wagmi cookie: the server renders the
  // connected view when the browser was connected, so a reload shows no disconnected flash and
  // hydration finds the same markup.
  const config = createSigilConfig(publicConfig)
  const initialState = cookieToInitialState(config, cookie)
  return (
    <html lang="en">
      <body>
        <Providers publicConfig={publicConfig} initialState={initialState}>
          {children}
        </Providers>
      </body>
    </html>
  )
}
