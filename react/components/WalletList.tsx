'use client'
import { useEffect, useId, useRef } from 'react'
import { useT } from '@sigil/lib/i18n/useT'
import type { WalletOption as WalletOptionData } from '@/react/wagmi/useWalletOptions'
import { lastUsedOption, orderWalletOptions } from '../lib/orderWalletOptions'
import { WalletOption } from './WalletOption'
import { WalletGroups } from './walletRows'

export type WalletListProps = {
  options: readonly WalletOptionData[]
  isMobile: boolean
  onSelect: (option: WalletOptionData) => void
  /** Rows whose wallet is still getting ready (shown, not able to act inside a tap yet). */
  isPreparing?: ((option: WalletOptionData) => boolean) | undefined
  /** The row tapped while getting ready, whose tap waits to be acted on (shown busy). */
  pendingKey?: string | undefined
  /** The user reaches for a row (pointer over it, keyboard focus, touch): time to warm its wallet up. */
  onIntent?: ((option: WalletOptionData) => void) | undefined
  /** The key of the wallet the user connected with last (listed first when it can connect here). */
  lastUsedKey?: string | undefined
  /** "Forget" on the last-used row: the caller forgets it and passes no `lastUsedKey` any more. */
  onForgetLastUsed?: (() => void) | undefined
}

/**
 * Every wallet the page can offer: the last-used one first, marked so, then installed ones, then the
 * others under their own heading.
 */
export function WalletList({ options, isMobile, onSelect, isPreparing, pendingKey, onIntent, lastUsedKey, onForgetLastUsed }: WalletListProps) {
  const t = useT()
  const headingId = useId()
  const groups = useRef<HTMLDivElement>(null)
  // After "Forget", its button is gone: focus goes to the same wallet's row, now in its usual place.
  const refocus = useRef<string | null>(null)
  useEffect(() => {
    if (refocus.current === null) return
    groups.current?.querySelector<HTMLElement>(`[data-testid="wallet-option-${refocus.current}"]`)?.focus()
    refocus.current = null
  })

  if (options.length === 0) return <p className="muted">{t('connect.empty')}</p>
  const lastUsed = lastUsedOption(options, lastUsedKey)
  const ordered = orderWalletOptions(options, lastUsed?.key)
  const first = ordered.filter((option) => option === lastUsed || option.installed)
  const others = ordered.filter((option) => option !== lastUsed && !option.installed)
  const row = (option: WalletOptionData) => (
    <WalletOption
      key={option.key}
      option={option}
      isMobile={isMobile}
      onSelect={onSelect}
      preparing={isPreparing?.(option) ?? false}
      pending={option.key === pendingKey}
      onIntent={onIntent}
      lastUsed={option === lastUsed}
      onForget={
        onForgetLastUsed &&
        (() => {
          refocus.current = option.key
          onForgetLastUsed()
        })
      }
    />
  )
  return (
    <div className="wallet-groups" ref={groups}>
      <WalletGroups first={first} others={others} headingId={headingId} t={t} row={row} />
    </div>
  )
}
