'use client'
import { Suspense, useContext } from 'react'
import { useAccount } from 'wagmi'
import { useLocale } from '@sigil/lib/i18n/LocaleProvider'
import { lazyFamilyParts } from './lazyFamilyParts'
import { PublicConfigContext } from './publicConfigContext'
import { useSigilAccount } from './useSigilAccount'

// Each family's `accountActions`, lazily, by the family's id (connectors/shared/family.ts).
const actions = lazyFamilyParts((family) => family.accountActions)

/** The connected wallet's family's own actions (the embedded wallet's "Manage wallet"), if it has any. */
export function FamilyAccountActions() {
  const publicConfig = useContext(PublicConfigContext)
  const locale = useLocale()
  const { connector } = useAccount()
  // The sign-in panel's query (this one only reads its cache): the signed-in address, once known.
  const { data: account } = useSigilAccount({ enabled: false })
  const mine = actions.filter(({ id }) => id === connector?.type)
  if (!publicConfig || mine.length === 0) return null
  return (
    <Suspense fallback={null}>
      {mine.map(({ id, Part: Actions }) => (
        <Actions key={id} publicConfig={publicConfig} locale={locale} signedInAddress={account?.session.address} />
      ))}
    </Suspense>
  )
}
