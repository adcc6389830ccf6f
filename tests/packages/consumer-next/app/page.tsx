// Sigil's button: "Connect wallet", its dialog, then the account with sign-in.
import { headers } from 'next/headers'
import { Wallet } from '@sigil/react/components/Wallet'
import { getServerT } from '@sigil/server/i18n/requestLocale'
import { readServerSession } from '@sigil/server/session/readServerSession'

export default async function Page() {
  const t = await getServerT()
  const session = await readServerSession((await headers()).get('cookie'))
  return (
    <main>
      <h1>Another app</h1>
      <Wallet initialSession={session} connectLabel={t('connect.button')} createLabel={t('start.createWallet')} intro={<p>{t('start.body')}</p>} />
    </main>
  )
}
