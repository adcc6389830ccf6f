'use client'
import { t } from '@/lib/i18n/t'
import type { WalletOption as WalletOptionData } from '@/lib/wagmi/useWalletOptions'

export type WalletOptionProps = {
  option: WalletOptionData
  isMobile: boolean
  onSelect: (option: WalletOptionData) => void
  /** Its wallet is still getting ready: a tap now could not open its popup inside the click. */
  preparing?: boolean | undefined
}

/** One wallet: a button with its icon and name, and an install link when it is missing on desktop. */
export function WalletOption({ option, isMobile, onSelect, preparing = false }: WalletOptionProps) {
  const { key, name, icon, installed, installUrl, openInApp } = option
  const status = preparing
    ? t('connect.preparing')
    : installed
    ? t('connect.installed')
    : isMobile && openInApp
      ? t('connect.openInApp')
      : t('connect.notInstalled')
  return (
    <li className="wallet-row">
      <button
        type="button"
        className="wallet-option"
        data-testid={`wallet-option-${key}`}
        data-installed={installed ? 'true' : 'false'}
        data-preparing={preparing ? 'true' : undefined}
        aria-disabled={preparing ? 'true' : undefined}
        onClick={() => {
          if (!preparing) onSelect(option)
        }}
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- icons are data URIs; next/image adds nothing */}
        <img className="wallet-icon" src={icon} alt={name} width={32} height={32} />
        <span className="wallet-text">
          <span className="wallet-name">{name}</span>
          <span className={installed ? 'wallet-status installed' : 'wallet-status'}>{status}</span>
        </span>
      </button>
      {!installed && !isMobile && installUrl && (
        <a
          className="install-link"
          data-testid={`wallet-install-${key}`}
          href={installUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('connect.installLabel', { wallet: name })}
        >
          {t('connect.install')}
        </a>
      )}
    </li>
  )
}
