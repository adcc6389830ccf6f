'use client'
import type { FamilyAccountProps } from '@/connectors/shared/family'
import { embedded } from '@/lib/i18n/embedded'
import { useFamilyT } from '@/lib/i18n/useT'

/**
 * "Manage wallet" in the account view of an embedded wallet: the vault's own page in a tab of its own
 * (no opener, so no page can reach it), in the page's language. There, after the user's unlock, are
 * Add a device, Activity, the recovery settings and Reveal, behind the vault's guard
 * (docs/embedded/threat-model.md#the-guard); never in the frame a page controls.
 */
export function ManageWallet({ publicConfig, locale }: FamilyAccountProps) {
  const tEmbedded = useFamilyT('embedded', embedded.ui)
  if (!publicConfig.vaultOrigin) return null
  const href = new URL('/', publicConfig.vaultOrigin)
  href.searchParams.set('lang', locale)
  return (
    <a className="button" href={href.href} target="_blank" rel="noopener noreferrer" data-testid="account-manage-wallet" title={tEmbedded('manageHint')}>
      {tEmbedded('manage')}
    </a>
  )
}
