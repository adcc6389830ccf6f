'use client'
import { useT } from '@/lib/i18n/useT'
import type { FamilyNoticeProps } from '../../shared/family'
import { hasWalletConnect } from '../family'
import styles from './WalletConnectOffNotice.module.css'

/** Where a WalletConnect project id is created (WalletConnect Cloud, now under Reown). */
const PROJECT_ID_URL = 'https://cloud.reown.com'

/**
 * The family's `devNotice` (`next dev` only): one line telling whoever runs the site why the wallets
 * that pair over WalletConnect are missing and how to offer them (README "WalletConnect project id").
 * A production build never has it: visitors see the wallets that work, with no word about the site's setup.
 */
export function WalletConnectOffNotice({ publicConfig }: FamilyNoticeProps) {
  const t = useT()
  if (hasWalletConnect(publicConfig)) return null
  return (
    <p className={`muted ${styles.notice}`} data-testid="walletconnect-off-notice">
      {t('connect.dev.walletConnectOff')}{' '}
      <a href={PROJECT_ID_URL} target="_blank" rel="noopener noreferrer">
        {t('connect.dev.walletConnectOffLink')}
      </a>
    </p>
  )
}
