'use client'
import type { Chain } from 'viem'
import { useT } from '@/lib/i18n/useT'

export type WrongNetworkBannerProps = {
  /** Where the one-click switch goes. */
  target: Chain
  pending: boolean
  onSwitch: () => void
}

/** Shown while the wallet sits on a chain Sigil does not support. */
export function WrongNetworkBanner({ target, pending, onSwitch }: WrongNetworkBannerProps) {
  const t = useT()
  return (
    <div className="banner warning" role="alert" data-testid="wrong-network">
      <p>{t('chain.wrong')}</p>
      <button type="button" className="button primary" data-testid="switch-to-supported" aria-busy={pending} onClick={onSwitch}>
        {pending ? t('chain.switching') : t('chain.switchTo', { chain: target.name })}
      </button>
    </div>
  )
}
