import { t } from '@/lib/i18n/t'
import { Wallet } from './_components/Wallet'

export default function Home() {
  return (
    <main className="page">
      <header className="masthead">
        <h1>{t('app.title')}</h1>
        <p className="muted">{t('app.tagline')}</p>
      </header>
      <Wallet />
    </main>
  )
}
