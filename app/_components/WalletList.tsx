'use client'
import { t } from '@/lib/i18n/t'
import { orderWalletOptions } from '../_lib/orderWalletOptions'
import type { WalletOption as WalletOptionData } from '../_placeholders/useWalletOptions'
import { WalletOption } from './WalletOption'

export type WalletListProps = {
  options: readonly WalletOptionData[]
  isMobile: boolean
  onSelect: (option: WalletOptionData) => void
}

/** Every wallet the page can offer, installed ones first. */
export function WalletList({ options, isMobile, onSelect }: WalletListProps) {
  if (options.length === 0) return <p className="muted">{t('connect.empty')}</p>
  return (
    <ul className="wallet-list">
      {orderWalletOptions(options).map((option) => (
        <WalletOption key={option.key} option={option} isMobile={isMobile} onSelect={onSelect} />
      ))}
    </ul>
  )
}
