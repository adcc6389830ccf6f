'use client'
import { useT } from '@sigil/lib/i18n/useT'
import type { FamilyNoticeProps } from '../../shared/family'
import { hasWalletConnect } from '../options'
import styles from './WalletConnectOffNotice.module.css'

/** Where a WalletConnect project id is created (WalletConnect Cloud, now under Reown). */
const PROJECT_ID_URL = 'https://cloud.reown.com'

/**
 * The family's `devNotice` (`next dev` only): one line telling whoever runs the site that the wallets
 * that pair over WalletConnect are missing, opening to how to offer them (README "WalletConnect project id").
 * A production build never has it: visitors see the wallets that work, with no word about the site's setup.
 */
export function WalletConnectOffNotice({ publicConfig }: FamilyNoticeProps) {
  const t = useT()
  if (hasWalletConnect(publicConfig)) return null
  // One line under the list (a phone's sheet has no room for more); the how-to opens from it.
  return (
    <details className={`muted ${styles.notice}`} data-testid="walletconnect-off-notice">
      <summary className={styles.summary}>{t('connect.dev.walletConnectOffSummary')}</summary>
      <p className={styles.body}>
        {t('connect.dev.walletConnectOff')}{' '}
        <a href={PROJECT_ID_URL} target="_blank" rel="noopener noreferrer">
          {t('connect.dev.walletConnectOffLink')}
        </a>
      </p>
    </details>
  )
}
