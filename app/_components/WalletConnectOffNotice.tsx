'use client'
import { useContext } from 'react'
import { hasWalletConnect } from '@/connectors/walletConnect/family'
import { useT } from '@/lib/i18n/useT'
import { PublicConfigContext } from './publicConfigContext'
import styles from './WalletConnectOffNotice.module.css'

/** Where a WalletConnect project id is created (WalletConnect Cloud, now under Reown). */
const PROJECT_ID_URL = 'https://cloud.reown.com'

/**
 * Under `next dev` only: one line telling whoever runs the site why the wallets that pair over
 * WalletConnect are missing and how to offer them (README "WalletConnect project id"). A production
 * build never shows it: visitors see the wallets that work, with no word about the site's setup.
 */
export function WalletConnectOffNotice() {
  const t = useT()
  const publicConfig = useContext(PublicConfigContext)
  if (process.env.NODE_ENV !== 'development' || !publicConfig || hasWalletConnect(publicConfig)) return null
  return (
    <p className={`muted ${styles.notice}`} data-testid="walletconnect-off-notice">
      {t('connect.dev.walletConnectOff')}{' '}
      <a href={PROJECT_ID_URL} target="_blank" rel="noopener noreferrer">
        {t('connect.dev.walletConnectOffLink')}
      </a>
    </p>
  )
}
