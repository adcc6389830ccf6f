'use client'
import { useId } from 'react'
import { useT } from '@/lib/i18n/useT'
import type { WalletOption as WalletOptionData } from '@/lib/wagmi/useWalletOptions'
import { orderWalletOptions } from '../_lib/orderWalletOptions'
import { WalletOption } from './WalletOption'

export type WalletListProps = {
  options: readonly WalletOptionData[]
  isMobile: boolean
  onSelect: (option: WalletOptionData) => void
  /** Rows whose wallet is still getting ready (shown, not tappable yet). */
  isPreparing?: ((option: WalletOptionData) => boolean) | undefined
}

/** Every wallet the page can offer: installed ones first, then the others under their own heading. */
export function WalletList({ options, isMobile, onSelect, isPreparing }: WalletListProps) {
  const t = useT()
  const headingId = useId()
  if (options.length === 0) return <p className="muted">{t('connect.empty')}</p>
  const ordered = orderWalletOptions(options)
  const installed = ordered.filter((option) => option.installed)
  const others = ordered.filter((option) => !option.installed)
  const row = (option: WalletOptionData) => (
    <WalletOption key={option.key} option={option} isMobile={isMobile} onSelect={onSelect} preparing={isPreparing?.(option) ?? false} />
  )
  return (
    <div className="wallet-groups">
      {installed.length > 0 && <ul className="wallet-list">{installed.map(row)}</ul>}
      {others.length > 0 && (
        <>
          {installed.length > 0 && (
            <h3 id={headingId} className="group-heading">
              {t('connect.moreWallets')}
            </h3>
          )}
          <ul className="wallet-list" aria-labelledby={installed.length > 0 ? headingId : undefined}>
            {others.map(row)}
          </ul>
        </>
      )}
    </div>
  )
}
