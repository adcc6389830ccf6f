import { headers } from 'next/headers'
import { familySettings } from '@sigil/connectors/settings'
import { loadCatalogue } from '@sigil/lib/i18n/loadCatalogue'
import { ConnectDialogFrame } from '@sigil/react/components/ConnectDialogFrame'
import { initialStateFromCookie } from '@sigil/react/wagmi/initialState'
import { Wallet } from '@sigil/react/components/Wallet'
import { getPublicConfig } from '@sigil/server/config/server'
import { getRequestLocale, getServerT } from '@sigil/server/i18n/requestLocale'
import { readServerSession } from '@sigil/server/session/readServerSession'
import { appSigilConfig, withSigilChoices } from './_config/sigilConfig'
import { LocaleSwitcher } from './_components/LocaleSwitcher'

export default async function Home() {
  // The sign-in state is rendered on the server too: a reload shows it from the first byte.
  const requestHeaders = await headers()
  const cookie = requestHeaders.get('cookie')
  const session = await readServerSession(cookie)
  const t = await getServerT()
  // The connect dialog's frame, in the HTML from the first byte (docs/first-tap.md): the list as the
  // layout's provider gives it to the page, for this request's device and language.
  const publicConfig = withSigilChoices(getPublicConfig(familySettings), appSigilConfig())
  const messages = await loadCatalogue(await getRequestLocale())
  return (
    <main className="page">
      <header className="masthead">
        <h1>{t('app.title')}</h1>
        <p className="muted">{t('app.tagline')}</p>
        <LocaleSwitcher label={t('locale.label')} />
      </header>
      <Wallet
        initialSession={session}
        connectLabel={t('connect.button')}
        createLabel={t('start.createWallet')}
        dialogFrame={
          // Not where the cookie holds a connection: the account is drawn, and by a disconnect the dialog's code is here.
          initialStateFromCookie(cookie)?.current == null ? <ConnectDialogFrame publicConfig={publicConfig} userAgent={requestHeaders.get('user-agent')} t={t} messages={messages} /> : undefined
        }
        intro={
          <>
            <h2>{t('start.heading')}</h2>
            <p className="muted">{t('start.body')}</p>
          </>
        }
      />
    </main>
  )
}
