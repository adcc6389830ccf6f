import { headers } from 'next/headers'
import { t } from '@/lib/i18n/t'
import { Wallet } from './_components/Wallet'
import { readServerSession } from './_lib/readServerSession'

export default async function Home() {
  // The sign-in state is rendered on the server too: a reload shows it from the first byte.
  const session = await readServerSession((await headers()).get('cookie'))
  return (
    <main className="page">
      <header className="masthead">
        <h1>{t('app.title')}</h1>
        <p className="muted">{t('app.tagline')}</p>
      </header>
      <Wallet
        initialSession={session}
        connectLabel={t('connect.button')}
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
