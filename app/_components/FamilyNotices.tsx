'use client'
import { lazy, Suspense, useContext } from 'react'
import { families } from '@/connectors/families'
import { PublicConfigContext } from './publicConfigContext'

// Each family's `devNotice`, lazily: only `next dev` declares any (connectors/shared/family.ts).
const notices = families.flatMap((family) => {
  const load = family.devNotice
  return load ? [{ id: family.id, Notice: lazy(() => load().then((Notice) => ({ default: Notice }))) }] : []
})

/**
 * Under the wallet list, the families' lines for whoever runs the site (`next dev` only): what a
 * family lacks and how to set it. Nothing in a production build, where no family declares one.
 */
export function FamilyNotices() {
  const publicConfig = useContext(PublicConfigContext)
  if (!publicConfig || notices.length === 0) return null
  return (
    <Suspense fallback={null}>
      {notices.map(({ id, Notice }) => (
        <Notice key={id} publicConfig={publicConfig} />
      ))}
    </Suspense>
  )
}
