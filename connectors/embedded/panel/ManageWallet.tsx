'use client'
import { useEffect, useState } from 'react'
import type { FamilyAccountProps } from '@/connectors/shared/family'
import { embedded } from '@sigil/lib/i18n/embedded'
import { useFamilyT } from '@sigil/lib/i18n/useT'
import { listPendingRecoveries, type PendingRecovery } from '@sigil/lib/siwe/client'

/**
 * "Manage wallet" in the account view of an embedded wallet: the vault's own page in a tab of its own
 * (no opener, so no page can reach it), in the page's language. There, after the user's unlock, are
 * Add a device, Activity, the recovery settings and Reveal, behind the vault's guard
 * (docs/embedded/threat-model.md#the-guard); never in the frame a page controls.
 *
 * Signed in, the view also shows an email recovery of this wallet under way as soon as it loads
 * (`GET /api/auth/recoveries`: the session proved the address), before any unlock, with "Review":
 * the same tab, where one passkey touch cancels it.
 */
export function ManageWallet({ publicConfig, locale, signedInAddress }: FamilyAccountProps) {
  const tEmbedded = useFamilyT('embedded', embedded.ui)
  const recoveries = usePendingRecoveries(signedInAddress)
  if (!publicConfig.vaultOrigin) return null
  const href = new URL('/', publicConfig.vaultOrigin)
  href.searchParams.set('lang', locale)
  const when = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
  const recovery = recoveries.at(-1)
  return (
    <>
      {recovery && (
        <div role="alert" className="banner warning account-notice" data-testid="account-recovery-pending" data-release-at={recovery.releaseAt}>
          <p>{tEmbedded('recoveryAlert', { date: when(recovery.startedAt), from: recovery.place ? `${recovery.browser}, ${recovery.place}` : recovery.browser })}</p>
          <a className="button primary" href={href.href} target="_blank" rel="noopener noreferrer" data-testid="account-recovery-review">
            {tEmbedded('review')}
          </a>
        </div>
      )}
      <a className="button" href={href.href} target="_blank" rel="noopener noreferrer" data-testid="account-manage-wallet" title={tEmbedded('manageHint')}>
        {tEmbedded('manage')}
      </a>
    </>
  )
}

/** The recoveries under way of the signed-in address's wallet (none while signed out, or when the server cannot say). */
function usePendingRecoveries(signedInAddress: string | undefined): PendingRecovery[] {
  // Kept with the address they are of: another sign-in (or none) shows nothing of the last one's.
  const [found, setFound] = useState<{ address: string; recoveries: PendingRecovery[] }>()
  useEffect(() => {
    if (!signedInAddress) return
    // Stopped when the address changes or the panel closes: no late 401 once the session ended.
    const stop = new AbortController()
    listPendingRecoveries({ signal: stop.signal })
      .then((recoveries) => {
        if (!stop.signal.aborted) setFound({ address: signedInAddress, recoveries: recoveries ?? [] })
      })
      // A notice the server cannot give now is shown after the unlock in the vault instead.
      .catch(() => undefined)
    return () => stop.abort()
  }, [signedInAddress])
  return found && found.address === signedInAddress ? found.recoveries : []
}
