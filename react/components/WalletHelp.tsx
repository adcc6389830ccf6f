'use client'
import { useId, useState } from 'react'
import { useT } from '@sigil/lib/i18n/useT'
import styles from './WalletHelp.module.css'

export type WalletHelpProps = {
  /** Opens the embedded wallet's view, as picking its row does; without it the panel offers no link. */
  onCreateWallet?: (() => void) | undefined
}

/**
 * "What is a wallet?": a disclosure under the wallet list for people new to wallets (WAI-ARIA
 * disclosure pattern: a button with `aria-expanded` and `aria-controls`, the panel right after it
 * in the focus order). Two sentences, then the way to a wallet without installing anything.
 */
export function WalletHelp({ onCreateWallet }: WalletHelpProps) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <div className={styles.help}>
      <button
        type="button"
        className={styles.toggle}
        data-testid="wallet-help-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <svg className={styles.chevron} aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
          <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t('connect.help.toggle')}
      </button>
      <div id={panelId} className={styles.panel} data-testid="wallet-help-panel" hidden={!open}>
        <p>{t('connect.help.body')}</p>
        {onCreateWallet && (
          <button type="button" className="button" data-testid="wallet-help-create" onClick={onCreateWallet}>
            {t('connect.help.create')}
          </button>
        )}
      </div>
    </div>
  )
}
