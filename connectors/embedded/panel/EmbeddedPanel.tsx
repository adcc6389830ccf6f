'use client'
import { connect, getAccount } from '@wagmi/core'
import { useRef, useState } from 'react'
import { useConfig } from 'wagmi'
import type { ConnectParameters } from '@/connectors/shared/familyConnector'
import { FamilyPanelProps } from '@/connectors/shared/family'
import { mapProviderError } from '@/connectors/shared/providerErrors'
import { shownError, type ShownError } from '@sigil/lib/errors/shownError'
import { embedded } from '@sigil/lib/i18n/embedded'
import { ErrorAlert } from '@sigil/lib/i18n/ErrorAlert'
import { useFamilyT } from '@sigil/lib/i18n/useT'
import { useLocale } from '@sigil/lib/i18n/LocaleProvider'
import { useLifetimeEffect } from '@sigil/lib/react/useLifetimeEffect'
import { forgetLegacyWallet, legacyWalletAddresses } from '../legacyRecords'
import { recoveryPendingUntil } from '../recoveryPending'
import styles from './EmbeddedPanel.module.css'

/**
 * The embedded wallet's row, once chosen: the wallet itself (unlock, create, recover, reveal) opens
 * in its vault, another origin above the page (connectors/embedded/vaultClient.ts); this view says so
 * while it is open, and shows what went wrong when it closed without a wallet.
 */
export function EmbeddedPanel({ option, onConnected, onBack }: FamilyPanelProps) {
  const tEmbedded = useFamilyT('embedded', embedded.ui)
  const config = useConfig()
  const locale = useLocale()
  const [error, setError] = useState<ShownError | undefined>()
  /** The wallet was closed on a recovery's wait: when its key is released (nothing failed). */
  const [recoveryUntil, setRecoveryUntil] = useState<string | undefined>()
  const [waiting, setWaiting] = useState(true)
  const [legacy, setLegacy] = useState<readonly string[]>([])
  const mounted = useRef(true)
  /** The vault's question in progress: withdrawn when the user leaves this view (Back, or the dialog closed). */
  const asking = useRef<AbortController | undefined>(undefined)

  async function open() {
    if (!option.connector) return
    setError(undefined)
    setRecoveryUntil(undefined)
    setWaiting(true)
    asking.current?.abort()
    const attempt = new AbortController()
    asking.current = attempt
    // Sigil's connectors take a `signal` beside wagmi's parameters (familyConnector.ts).
    const parameters: ConnectParameters & { connector: typeof option.connector } = { connector: option.connector, signal: attempt.signal }
    try {
      await connect(config, parameters)
      // A wallet from before the vault, now recovered into it: its old record here goes.
      const { address } = getAccount(config)
      if (address) await forgetLegacyWallet(address).catch(() => undefined)
      if (mounted.current) onConnected()
    } catch (caught) {
      if (!mounted.current) return
      setWaiting(false)
      // Closed on a recovery's wait: a neutral line with the time to come back, not a failure.
      const until = recoveryPendingUntil(caught)
      if (until) setRecoveryUntil(until)
      else setError(shownError(mapProviderError(caught, 'connect')))
    }
  }

  // Once per appearance of the view (useLifetimeEffect): StrictMode's rehearsal must not open the vault twice.
  useLifetimeEffect(() => {
    mounted.current = true
    void legacyWalletAddresses().then((addresses) => mounted.current && setLegacy(addresses), () => undefined)
    void open()
    return () => {
      mounted.current = false
      // The dialog closed under this view: its wallet window closes too, or never opens.
      asking.current?.abort()
    }
  })

  /**
   * Back to the list: the vault's question is withdrawn (it answers 4001). A wallet window still
   * loading never opens, one already open closes, and the "opens in a window" prompt goes.
   */
  function back() {
    asking.current?.abort()
    onBack()
  }

  return (
    <div className={styles.panel} data-testid="embedded-host" data-state={waiting ? 'waiting' : 'closed'}>
      <h3 className="state-title">{tEmbedded('title')}</h3>
      {waiting && (
        <div className="dialog-state">
          <p role="status" className="muted" data-testid="embedded-host-status">
            {tEmbedded('continueInVault')}
          </p>
          <div className="spinner" aria-hidden="true" />
        </div>
      )}
      {legacy.length > 0 && (
        <p className="muted" role="note" data-testid="embedded-legacy-notice">
          {tEmbedded('legacyNotice', { address: legacy.join(', ') })}
        </p>
      )}
      {recoveryUntil && (
        <p role="status" className="muted" data-testid="embedded-recovery-in-progress" data-release-at={recoveryUntil}>
          {tEmbedded('recoveryInProgress', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(recoveryUntil)) })}
        </p>
      )}
      {error && (
        <ErrorAlert error={error} testId="connect-error" />
      )}
      <div className={styles.actions}>
        {!waiting && (
          <button type="button" className="button primary" data-testid="embedded-open-button" onClick={() => void open()}>
            {tEmbedded('openWallet')}
          </button>
        )}
        <button type="button" className="button" data-testid="embedded-back-button" onClick={back}>
          {tEmbedded('back')}
        </button>
      </div>
    </div>
  )
}
