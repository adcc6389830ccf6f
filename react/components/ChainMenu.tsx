'use client'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { Chain } from 'viem'
import { useT } from '@sigil/lib/i18n/useT'
import { menuKeyTarget } from '../lib/menuKeyTarget'
import { chainLogo } from './chainLogo'

export type ChainMenuProps = {
  /** The supported chains, in menu order. */
  chains: readonly Chain[]
  /** The wallet's chain (may be unsupported). */
  chainId: number
  /** The chain being switched to, if any. */
  pending: number | null
  /** Chains this wallet cannot be asked for, each with the reason shown beside it (disabled items). */
  blocked?: ReadonlyMap<number, string> | undefined
  onSelect: (chainId: number) => void
  /** The menu is opening: the reasons in `blocked` may be asked again (a wallet's session restored since). */
  onOpen?: (() => void) | undefined
  /**
   * Asks afresh whether a chain shown blocked can be asked for. Given, a pick of a blocked chain is
   * not dropped at once: it goes ahead if the fresh answer lets it (the reason shown was read before
   * the wallet's session was back), and does nothing if the answer still stops it.
   */
  confirmBlocked?: ((chainId: number) => Promise<boolean>) | undefined
}

/**
 * The network menu: a menu button (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/) whose
 * items are the supported chains as radio items. Arrow keys, Home, End, Enter, Space and Esc work.
 * A chain the connected wallet cannot switch to stays in the list, disabled (focusable, as the
 * pattern wants, but choosing it does nothing) with the reason under its name. With `confirmBlocked`,
 * choosing it asks once more first, as the reason may be stale
 * (docs/connectors/chain-switching.md#a-chain-picked-while-its-answer-is-stale).
 */
export function ChainMenu({ chains, chainId, pending, blocked, onSelect, onOpen, confirmBlocked }: ChainMenuProps) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [startAt, setStartAt] = useState<'current' | 'last'>('current')
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLUListElement>(null)
  const menuId = useId()
  // Counts the menu's closings and picks: a blocked pick still being confirmed goes ahead only if
  // neither happened since (the user closed the menu or chose something else meanwhile).
  const moves = useRef(0)
  // The chain shown blocked whose pick is being confirmed: its item is busy until the answer comes.
  const [confirming, setConfirming] = useState<number | null>(null)
  // Gone (the account view left with the wallet): a pick still being confirmed is dropped.
  useEffect(
    () => () => {
      moves.current++
    },
    [],
  )
  const current = chains.find((chain) => chain.id === chainId)
  const label = current?.name ?? t('chain.unknown', { id: chainId })

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])

  useEffect(() => {
    if (!open) return
    const list = items()
    const checked = list.findIndex((item) => item.getAttribute('aria-checked') === 'true')
    const index = startAt === 'last' ? list.length - 1 : Math.max(checked, 0)
    list[index]?.focus()
    // Clicking anywhere else closes the menu, as a native menu does.
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node
      if (!menu.current?.contains(target) && !button.current?.contains(target)) shut()
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, startAt])

  function openMenu(at: 'current' | 'last') {
    onOpen?.()
    setStartAt(at)
    setOpen(true)
  }

  function shut() {
    moves.current++
    setConfirming(null)
    setOpen(false)
  }

  function closeMenu() {
    shut()
    button.current?.focus()
  }

  function choose(id: number) {
    if (blocked?.has(id) && id !== chainId) {
      if (!confirmBlocked) return
      const move = ++moves.current
      setConfirming(id)
      void confirmBlocked(id)
        .catch(() => false)
        .then((allowed) => {
          if (move !== moves.current) return
          setConfirming(null)
          if (!allowed) return
          closeMenu()
          onSelect(id)
        })
      return
    }
    closeMenu()
    if (id !== chainId) onSelect(id)
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openMenu(event.key === 'ArrowUp' ? 'last' : 'current')
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    const next = menuKeyTarget(event.key, index, list.length)
    if (next !== null) {
      event.preventDefault()
      list[next]?.focus()
      return
    }
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      closeMenu()
    } else if (event.key === 'Tab') {
      shut()
    }
  }

  return (
    <div className="menu-anchor">
      <button
        ref={button}
        type="button"
        className="button chain-button"
        data-testid="chain-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? shut() : openMenu('current'))}
        onKeyDown={onButtonKeyDown}
      >
        <span className="visually-hidden">{t('chain.menu')}: </span>
        <ChainLogo chainId={chainId} />
        <span data-testid="current-chain" data-chain-id={chainId}>
          {label}
        </span>
        {pending !== null && <span className="muted"> · {t('chain.switching')}</span>}
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <ul ref={menu} id={menuId} role="menu" aria-label={t('chain.menu')} className="menu" onKeyDown={onMenuKeyDown}>
          {chains.map((chain) => {
            const reason = chain.id === chainId ? undefined : blocked?.get(chain.id)
            const reasonId = `${menuId}-${chain.id}-reason`
            return (
            <li
              key={chain.id}
              role="menuitemradio"
              aria-checked={chain.id === chainId}
              aria-disabled={reason !== undefined ? true : undefined}
              aria-describedby={reason !== undefined ? reasonId : undefined}
              aria-busy={chain.id === confirming ? true : undefined}
              tabIndex={-1}
              className="menu-item"
              data-testid={`chain-option-${chain.id}`}
              onClick={() => choose(chain.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault()
                  choose(chain.id)
                }
              }}
            >
              <ChainLogo chainId={chain.id} />
              <span className="menu-item-text">
                {chain.name}
                {reason !== undefined && (
                  <span id={reasonId} className="menu-item-reason" data-testid={`chain-option-reason-${chain.id}`}>
                    {reason}
                  </span>
                )}
              </span>
            </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}

/** The chain's logo beside its name (decorative: the name says it), or nothing without one. */
function ChainLogo({ chainId }: { chainId: number }) {
  const src = chainLogo(chainId)
  if (src === undefined) return null
  // eslint-disable-next-line @next/next/no-img-element -- a data URI; next/image adds nothing
  return <img className="chain-icon" src={src} alt="" width={20} height={20} data-testid={`chain-logo-${chainId}`} />
}
