import type { ReactNode } from 'react'
import type { Translate } from '@sigil/lib/i18n/t'

/**
 * The wallet list's markup, without hooks or handlers, shared by the dialog's list (`WalletList`,
 * `WalletOption`: client components with their events) and the dialog's frame in the server's HTML
 * (`ConnectDialogFrame`), so the frame the user taps first and the dialog that replaces it cannot
 * drift apart (docs/first-tap.md, "The dialog's frame").
 */

/**
 * The groups: the rows listed first (the last-used wallet, the installed ones), then the others
 * under "More wallets" (no heading when nothing comes first). Inside the caller's `.wallet-groups`.
 */
export function WalletGroups<Row>({ first, others, headingId, t, row }: { first: readonly Row[]; others: readonly Row[]; headingId: string; t: Translate; row: (row: Row) => ReactNode }) {
  return (
    <>
      {first.length > 0 && <ul className="wallet-list">{first.map(row)}</ul>}
      {others.length > 0 && (
        <>
          {first.length > 0 && (
            <h3 id={headingId} className="group-heading">
              {t('connect.moreWallets')}
            </h3>
          )}
          <ul className="wallet-list" aria-labelledby={first.length > 0 ? headingId : undefined}>
            {others.map(row)}
          </ul>
        </>
      )}
    </>
  )
}

/**
 * Inside a row's button: the wallet's icon, its name and its status line (`status`, marked as
 * detected for a wallet found in this browser), then whatever the caller adds to that line.
 */
export function WalletRowText({ icon, name, status, detected, live, children }: { icon: string; name: string; status: string; detected: boolean; live?: boolean; children?: ReactNode }) {
  return (
    <>
      {/* eslint-disable-next-line @next/next/no-img-element -- icons are data URIs; next/image adds nothing */}
      <img className="wallet-icon" src={icon} alt={name} width={32} height={32} loading="lazy" decoding="async" />
      <span className="wallet-text">
        <span className="wallet-name">{name}</span>
        <span className="wallet-status-line">
          <span className={detected ? 'wallet-status installed' : 'wallet-status'} aria-live={live ? 'polite' : undefined}>
            {status}
          </span>
          {children}
        </span>
      </span>
    </>
  )
}

/** A missing wallet's install link, beside its row's button (a computer only). */
export function InstallLink({ name, installUrl, t, testId }: { name: string; installUrl: string; t: Translate; testId?: string }) {
  return (
    <a className="install-link" data-testid={testId} href={installUrl} target="_blank" rel="noopener noreferrer" aria-label={t('connect.installLabel', { wallet: name })}>
      {t('connect.install')}
    </a>
  )
}
