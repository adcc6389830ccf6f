'use client'
import { connect, disconnect } from '@wagmi/core'
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useConfig } from 'wagmi'
import { FamilyPanelProps } from '@/connectors/shared/family'
import { familyOf } from '@/connectors/shared/lazyConnector'
import { mapProviderError } from '@/connectors/shared/providerErrors'
import { openWalletLink } from '@/connectors/walletConnect/openWalletLink'
import { createPairingState, type PairingSnapshot, type PairingState } from '@/connectors/walletConnect/pairingState'
import type { SigilError } from '@sigil/lib/errors/SigilError'
import { shownError } from '@sigil/lib/errors/shownError'
import { ErrorAlert } from '@sigil/lib/i18n/ErrorAlert'
import { useFamilyT } from '@sigil/lib/i18n/useT'
import { walletConnect } from '../messages'
import { detectPlatform } from '@sigil/lib/platform/detectPlatform'
import { useLifetimeEffect } from '@sigil/lib/react/useLifetimeEffect'
import { deploymentBook, getWalletBookEntry } from '@sigil/wallet-book/index'
import { installUrl } from '@sigil/wallet-book/links/installUrl'
import { walletConnectDeepLink } from '@sigil/wallet-book/links/walletConnectDeepLink'
import { QrCode } from './QrCode'

/** Before the family has loaded: an empty pairing, so the view renders its "preparing" state. */
const idlePairing = createPairingState()

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/**
 * The connect dialog's WalletConnect view: the QR code of the newest pairing URI (desktop), the
 * wallet's link with that URI ("Open …", phones and desktop apps), "Copy link", the store link on
 * phones, and the errors of the attempt. It connects by itself through wagmi's `connect`; a pairing
 * left behind when the view goes away without a connection is undone (wagmi `disconnect` on the
 * connector drops it, so a late approval cannot connect the page behind the user's back).
 */
export function WalletConnectPanel({ option, isMobile, onConnected, onBack }: FamilyPanelProps) {
  const tWalletConnect = useFamilyT('walletConnect', walletConnect.ui)
  const config = useConfig()
  const connector = option.connector
  const family = connector ? familyOf(connector) : undefined
  const [pairing, setPairing] = useState<PairingState>(() => (family?.loaded as { pairing?: PairingState } | undefined)?.pairing ?? idlePairing)
  const snapshot: PairingSnapshot = useSyncExternalStore(pairing.subscribe, pairing.getSnapshot, pairing.getSnapshot)
  const [error, setError] = useState<SigilError | undefined>()
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  const attempt = useRef(0)
  const connected = useRef(false)
  // Rendered only in the browser (the dialog loads with ssr: false).
  const platform = useMemo(
    () => detectPlatform({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints, vendor: navigator.vendor }),
    [],
  )
  const entry = getWalletBookEntry(option.key, deploymentBook())
  const walletName = option.name
  const uri = snapshot.status === 'pairing' ? snapshot.uri : undefined
  // The connector's link preference, as signing uses it (native unless the wallet says universal).
  const preference = (connector as { sigil?: { deepLinkPreference?: 'native' | 'universal' } } | undefined)?.sigil?.deepLinkPreference
  const appLink = entry && uri ? walletConnectDeepLink(entry, uri, { os: platform.os, isMobile, preference }) : undefined
  const storeLink = entry && isMobile ? installUrl(entry, platform) : undefined

  /**
   * One connection attempt. A failure, the wallet's own rejection included, shows its message with
   * "Try again" and nothing live beside it: no QR code that a wallet could still scan while the page
   * says the attempt failed. "Try again" starts a fresh pairing and shows its QR code.
   */
  async function start() {
    if (!connector) return
    const id = ++attempt.current
    setError(undefined)
    try {
      await connect(config, { connector })
      if (id !== attempt.current) return
      connected.current = true
      onConnected()
    } catch (failure) {
      if (id !== attempt.current) return
      setError(mapProviderError(failure, 'connect'))
    }
  }

  // Once per appearance of the view, StrictMode's rehearsal included (useLifetimeEffect): its
  // teardown disconnects the pairing, which would otherwise race the second mount's new one.
  useLifetimeEffect(() => {
    if (!family || !connector) return
    let active = true
    family.load().then(
      (loaded) => {
        const loadedPairing = (loaded as { pairing?: PairingState }).pairing
        if (active && loadedPairing) setPairing(loadedPairing)
      },
      (failure: unknown) => active && setError(mapProviderError(failure, 'connect')),
    )
    void start()
    return () => {
      active = false
      attempt.current += 1
      if (!connected.current) void disconnect(config, { connector }).catch(() => undefined)
    }
  })

  useEffect(() => {
    if (copied === 'idle') return
    const timer = setTimeout(() => setCopied('idle'), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  const exhausted = snapshot.status === 'exhausted'
  return (
    <section className="dialog-state" data-testid="wc-panel" aria-labelledby="wc-panel-title">
      <h3 id="wc-panel-title" className="state-title">
        {tWalletConnect('wc.title', { wallet: walletName })}
      </h3>

      {error ? (
        <div className="dialog-state">
          <ErrorAlert error={shownError(error)} testId="connect-error" />
          <button type="button" className="button primary" data-testid="connect-retry" onClick={() => void start()}>
            {tWalletConnect('wc.tryAgain')}
          </button>
        </div>
      ) : exhausted ? (
        <button type="button" className="button primary" data-testid="wc-try-again" onClick={() => void start()}>
          {tWalletConnect('wc.tryAgain')}
        </button>
      ) : uri ? (
        <>
          {!isMobile && <p className="muted">{entry ? tWalletConnect('wc.scanWallet', { wallet: walletName }) : tWalletConnect('wc.scan')}</p>}
          {/* On a phone a wallet app's row opens the app: a QR code there is of this very phone. */}
          {!(isMobile && entry) && <QrCode value={uri} label={tWalletConnect('wc.qrLabel', { wallet: walletName })} testId="wc-qr" />}
          <p role="status" className="muted" data-testid="wc-status" data-attempt={snapshot.attempt}>
            {isMobile && entry ? tWalletConnect('wc.openedApp', { wallet: walletName }) : tWalletConnect('wc.waiting')}
          </p>
          <div className="row">
            {appLink && (
              <button type="button" className="button primary" data-testid="wc-open-app" onClick={() => openWalletLink(appLink)}>
                {tWalletConnect('wc.openApp', { wallet: walletName })}
              </button>
            )}
            <button
              type="button"
              className="button"
              data-testid="wc-copy-link"
              onClick={async () => setCopied((await copyText(uri)) ? 'copied' : 'failed')}
            >
              {copied === 'copied' ? tWalletConnect('wc.copied') : copied === 'failed' ? tWalletConnect('wc.copyFailed') : tWalletConnect('wc.copyLink')}
            </button>
          </div>
        </>
      ) : (
        <>
          <div className="spinner" aria-hidden="true" />
          <p role="status" className="muted" data-testid="wc-status">
            {isMobile && entry ? tWalletConnect('wc.preparingLink', { wallet: walletName }) : tWalletConnect('wc.preparing')}
          </p>
        </>
      )}

      {storeLink && (
        <p className="muted">
          {tWalletConnect('wc.notInstalled', { wallet: walletName })}{' '}
          <a data-testid="wc-store-link" href={storeLink} target="_blank" rel="noopener noreferrer">
            {tWalletConnect('wc.storeLink', { wallet: walletName })}
          </a>
        </p>
      )}

      <button type="button" className="button" data-testid="wc-back" onClick={onBack}>
        {tWalletConnect('wc.back')}
      </button>
    </section>
  )
}
