'use client'
import type { WalletOption } from '@/react/wagmi/useWalletOptions'
import type { ShownError } from '@sigil/lib/errors/shownError'
import { ErrorAlert } from '@sigil/lib/i18n/ErrorAlert'
import { useT } from '@sigil/lib/i18n/useT'

/** The dialog's title and its close button. */
export function ConnectDialogHeader({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const t = useT()
  return (
    <div className="dialog-header">
      <h2 id={titleId}>{t('connect.title')}</h2>
      <button type="button" className="icon-button" data-testid="dialog-close" aria-label={t('connect.close')} onClick={onClose}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  )
}

/** The wallet is asked to connect: its icon, "Opening …", and Cancel. */
export function ConnectingState({ option, onCancel }: { option: WalletOption; onCancel: () => void }) {
  const t = useT()
  return (
    <div className="dialog-state">
      {/* eslint-disable-next-line @next/next/no-img-element -- icons are data URIs; next/image adds nothing */}
      <img className="wallet-icon large" src={option.icon} alt="" width={48} height={48} />
      <p role="status" className="state-title" data-testid="connect-status">
        {t('connect.opening', { wallet: option.name })}
      </p>
      <p className="muted">{t('connect.hint')}</p>
      <div className="spinner" aria-hidden="true" />
      <button type="button" className="button" data-testid="connect-cancel" onClick={onCancel}>
        {t('connect.cancel')}
      </button>
    </div>
  )
}

/**
 * A connection that failed: what went wrong, Try again and Back. When a part of the page was lost
 * (`page_part_lost`), the first button reloads the page instead, as the words ask: after a deploy the
 * part is gone for good, and trying again would fetch it in vain.
 */
export function ConnectErrorState({ option, error, onRetry, onBack }: { option: WalletOption; error: ShownError; onRetry: () => void; onBack: () => void }) {
  const t = useT()
  const lost = error.reason === 'page_part_lost'
  return (
    <div className="dialog-state">
      {/* eslint-disable-next-line @next/next/no-img-element -- icons are data URIs; next/image adds nothing */}
      <img className="wallet-icon large" src={option.icon} alt="" width={48} height={48} />
      <ErrorAlert error={error} testId="connect-error" />
      <div className="row">
        <button type="button" className="button primary" data-testid="connect-retry" onClick={lost ? () => location.reload() : onRetry}>
          {t(lost ? 'error.page.reload' : 'connect.retry')}
        </button>
        <button type="button" className="button" onClick={onBack}>
          {t('connect.back')}
        </button>
      </div>
    </div>
  )
}
