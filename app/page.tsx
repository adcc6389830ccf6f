import { headers } from 'next/headers'
import { getServerT } from '@sigil/server/i18n/requestLocale'
import { LocaleSwitcher } from './_components/LocaleSwitcher'
import { Wallet } from '@sigil/react/components/Wallet'
import { readServerSession } from '@sigil/server/session/readServerSession'

export default async function Home() {
  // The sign-in state is rendered on the server too: a reload shows it from the first byte.
  const session = await readServerSession((await headers()).get('cookie'))
  const t = await getServerT()
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
