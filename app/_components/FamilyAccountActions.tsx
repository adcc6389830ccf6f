'use client'
import { lazy, Suspense, useContext } from 'react'
import { useAccount } from 'wagmi'
import { families } from '@/connectors/families'
import { useLocale } from '@/lib/i18n/LocaleProvider'
import { PublicConfigContext } from './publicConfigContext'

// Each family's `accountActions`, lazily, by the family's id (connectors/shared/family.ts).
const actions = families.flatMap((family) => {
  const load = family.accountActions
  return load ? [{ id: family.id, Actions: lazy(() => load().then((Actions) => ({ default: Actions }))) }] : []
})

/** The connected wallet's family's own actions (the embedded wallet's "Manage wallet"), if it has any. */
export function FamilyAccountActions() {
  const publicConfig = useContext(PublicConfigContext)
  const locale = useLocale()
  const { connector } = useAccount()
  const mine = actions.filter(({ id }) => id === connector?.type)
  if (!publicConfig || mine.length === 0) return null
  return (
    <Suspense fallback={null}>
      {mine.map(({ id, Actions }) => (
        <Actions key={id} publicConfig={publicConfig} locale={locale} />
      ))}
    </Suspense>
  )
}
