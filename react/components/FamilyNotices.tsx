'use client'
import { Suspense, useContext } from 'react'
import { lazyFamilyParts } from './lazyFamilyParts'
import { PublicConfigContext } from './publicConfigContext'

// Each family's `devNotice`, lazily: only `next dev` declares any (connectors/shared/family.ts).
const notices = lazyFamilyParts((family) => family.devNotice)

/**
 * Under the wallet list, the families' lines for whoever runs the site (`next dev` only): what a
 * family lacks and how to set it. Nothing in a production build, where no family declares one.
 */
export function FamilyNotices() {
  const publicConfig = useContext(PublicConfigContext)
  if (!publicConfig || notices.length === 0) return null
  return (
    <Suspense fallback={null}>
      {/* A family the deployment left out (sigil.config.ts `families`) lacks nothing. */}
      {notices
        .filter(({ id }) => !publicConfig.families || publicConfig.families.includes(id))
        .map(({ id, Part: Notice }) => (
          <Notice key={id} publicConfig={publicConfig} />
        ))}
    </Suspense>
  )
}
