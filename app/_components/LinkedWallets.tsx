'use client'
import dynamic from 'next/dynamic'
import { useEffect, useRef, useState } from 'react'
import { isAddressEqual, type Address } from 'viem'
import { disconnect, getConnection, switchConnection, type Config, type Connector } from '@wagmi/core'
import { useConfig } from 'wagmi'
import { shownError, type ShownError } from '@/lib/errors/shownError'
import { ErrorAlert } from '@/lib/i18n/ErrorAlert'
import { useT } from '@/lib/i18n/useT'
import { createLinkMessage, fetchLinkNonce, isAuthError, linkWallet, unlinkWallet, type LinkedWallet, type SigilAccount } from '@/lib/siwe/client'
import { familyOfConnectorType } from '@/lib/siwe/families'
import { linkStatement } from '@/lib/siwe/link'
import { signPersonalMessage } from '@/app/_wagmi/signPersonalMessage'
import { mapProviderError } from '@/connectors/shared/providerErrors'
import { offerLinkWhileConnecting, takeHandedOffSignIn } from '@/connectors/shared/signInHandOff'
import { loadConnectDialogInRuntime } from './runtimeViews'
import { useSetSigilAccount } from './useSigilAccount'
import type { UseQueryResult } from '@tanstack/react-query'
import type { AuthApiError } from '@/lib/siwe/client'

// Only ever opened by a click (its chunk is the page's connect dialog's, often loaded already).
const ConnectDialog = dynamic(() => loadConnectDialogInRuntime().then((m) => m.ConnectDialog), { ssr: false })

/** A wallet connected beside the session's to be linked: a second wagmi connection, ended once done. */
type Candidate = { connector: Connector; address: Address; chainId: number }

/** Makes `uid` wagmi's current connection again, if it is still connected and is not already. */
async function backTo(config: Config, uid: string | null): Promise<void> {
  const connection = uid ? config.state.connections.get(uid) : undefined
  if (connection && config.state.current !== uid) await switchConnection(config, { connector: connection.connector })
}

/** Ends the second connection and puts the session's connection back as the current one. */
async function endCandidate(config: Config, candidate: Candidate, original: string | null): Promise<void> {
  try {
    await disconnect(config, { connector: candidate.connector })
  } catch {
    // Already gone (the wallet ended it): nothing to undo.
  }
  await backTo(config, original)
}

export type LinkedWalletsProps = {
  /** The wallet account connected now (the one a link would add). */
  address: Address
  chainId: number
  /** `useSigilAccount()`'s result, read by the sign-in panel too. */
  account: UseQueryResult<SigilAccount | null, AuthApiError>
  /** Whether the user is linking: the panel keeps the session while the wallet switches account. */
  linking: boolean
  onLinkingChange: (linking: boolean) => void
  /** This browser's session ended (its own wallet unlinked). */
  onSignedOut: () => void
}

/**
 * The account's linked wallets, each with the family it came from and an "Unlink" button, and "Link
 * another wallet": the connect dialog opens in its linking mode. A wallet of another family connects
 * beside the session's (a second wagmi connection; the session's stays the current one) and signs
 * the link message; that second connection is then ended. Picking the wallet already connected asks
 * the user to switch to the account to link in it, then signs with that. The server refuses
 * unlinking the last wallet.
 */
export function LinkedWallets({ address, chainId, account, linking, onLinkingChange, onSignedOut }: LinkedWalletsProps) {
  const t = useT()
  const config = useConfig()
  const setAccount = useSetSigilAccount()
  const [busy, setBusy] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [failure, setFailure] = useState<ShownError | null>(null)
  const linkButton = useRef<HTMLButtonElement>(null)
  const signButton = useRef<HTMLButtonElement>(null)
  const [dialogOpen, setDialogOpen] = useState(false)
  const [candidate, setCandidate] = useState<Candidate | null>(null)
  // The connection the session's page had when linking started (wagmi makes a new one current).
  const original = useRef<string | null>(null)
  // A link nonce asked for as the candidate appears: the tap then signs at once (a popup opens in it).
  const nextNonce = useRef<Promise<{ nonce: string; accountId: string }> | null>(null)
  // Where the keyboard goes once the dialog is gone and the panel has changed under it.
  const focusTo = useRef<'link' | 'sign' | null>(null)
  useEffect(() => {
    if (focusTo.current === null || dialogOpen) return
    ;(focusTo.current === 'sign' ? signButton : linkButton).current?.focus()
    focusTo.current = null
  }, [dialogOpen, linking, candidate])
  // A candidate left connected when the panel goes (signed out meanwhile) is ended with it.
  const candidateNow = useRef<Candidate | null>(null)
  useEffect(() => {
    candidateNow.current = candidate
  }, [candidate])
  useEffect(
    () => () => {
      const left = candidateNow.current
      if (left) void endCandidate(config, left, original.current)
    },
    [config],
  )

  // A wallet left connected beside the session's by a link the page did not finish (reloaded while
  // linking: wagmi restores every connection) is ended once the connections are restored. The page
  // makes no other second connection, so anything but the current one is such a leftover.
  const swept = useRef(false)
  useEffect(() => {
    const sweep = () => {
      if (swept.current) return
      swept.current = true
      const current = config.state.current
      for (const [uid, connection] of config.state.connections) {
        if (uid !== current) void endCandidate(config, { connector: connection.connector, address: connection.accounts[0], chainId: connection.chainId }, current)
      }
    }
    if (config.state.status !== 'reconnecting') return sweep()
    const unsubscribe = config.subscribe(
      (state) => state.status,
      (status) => {
        if (status === 'reconnecting') return
        unsubscribe()
        sweep()
      },
    )
    return unsubscribe
  }, [config])

  const wallets = account.data?.wallets ?? []
  const linkingAddress = candidate?.address ?? address
  const alreadyLinked = wallets.some((wallet) => isAddressEqual(wallet.address, linkingAddress))
  const familyName = (wallet: LinkedWallet) => t(`auth.wallets.family.${wallet.family ?? 'unknown'}`)

  async function unlink(wallet: LinkedWallet) {
    setBusy(wallet.address)
    setNote(null)
    setFailure(null)
    try {
      const after = await unlinkWallet(wallet.address)
      if (after === 'signedOut') return onSignedOut()
      setAccount(after)
      setNote(t('auth.wallets.unlinked', { address: wallet.address }))
    } catch (error) {
      if (isAuthError(error) && error.code === 'unknown_wallet') setAccount()
      setFailure(shownError(error))
    } finally {
      setBusy(null)
    }
  }

  // While the dialog is open, a wallet that can sign as it connects (WalletConnect's authenticate
  // request) is asked for the link message itself: linking takes one approval in the wallet.
  const stopOffering = useRef<(() => void) | null>(null)
  function offerLink(on: boolean) {
    stopOffering.current?.()
    stopOffering.current = on
      ? offerLinkWhileConnecting(async () => {
          const { nonce, accountId } = await fetchLinkNonce()
          return { nonce, statement: linkStatement(accountId) }
        })
      : null
  }
  useEffect(() => () => stopOffering.current?.(), [])

  function startLinking() {
    original.current = config.state.current
    setNote(null)
    setFailure(null)
    // Linking before the dialog opens: the sign-in panel keeps the session while wagmi makes the new
    // connection the current one for a moment.
    onLinkingChange(true)
    offerLink(true)
    setDialogOpen(true)
  }

  function dialogClosed() {
    offerLink(false)
    setDialogOpen(false)
    onLinkingChange(false)
    focusTo.current = 'link'
  }

  async function dialogConnected() {
    offerLink(false)
    setDialogOpen(false)
    const uid = config.state.current
    const connection = uid ? config.state.connections.get(uid) : undefined
    focusTo.current = 'sign'
    // The wallet already connected: the user switches to the account to link in it (the hint says so).
    if (!uid || uid === original.current || !connection?.accounts[0]) return
    const added: Candidate = { connector: connection.connector, address: connection.accounts[0], chainId: connection.chainId }
    setCandidate(added)
    // Signed as it connected (one approval): linked at once, with no second tap.
    const handed = takeHandedOffSignIn(added.address, 'link')
    if (!handed) askNonce()
    await backTo(config, original.current)
    if (handed) await linkWith(added, added, async () => ({ message: handed.message, signature: handed.signature }))
  }

  /** A link nonce for the candidate's next tap (each is used once, linked or not). */
  function askNonce() {
    const asked = fetchLinkNonce()
    nextNonce.current = asked
    asked.catch(() => {
      // Asked again at the tap, which reports it.
      if (nextNonce.current === asked) nextNonce.current = null
    })
  }

  function stopLinking() {
    if (candidate) void endCandidate(config, candidate, original.current)
    setCandidate(null)
    nextNonce.current = null
    onLinkingChange(false)
    setFailure(null)
  }

  function signLink() {
    // The wallet that signs and is linked: the one connected beside the session's, or the connected one.
    const signer = candidate ?? { connector: getConnection(config).connector, address, chainId }
    const asked = nextNonce.current
    nextNonce.current = null
    return linkWith(signer, candidate, async () => {
      // Settled already when the candidate has been on screen a moment: nothing else is awaited first.
      const { nonce, accountId } = asked ? await asked : await fetchLinkNonce()
      const message = createLinkMessage({ address: signer.address, chainId: signer.chainId, nonce, accountId, origin: window.location.origin })
      const signature = await signPersonalMessage(config, { message, connector: candidate?.connector })
      return signature === undefined ? undefined : { message, signature }
    })
  }

  /**
   * Links the wallet that `sign` has sign the link message (undefined: it did not complete), then
   * ends the candidate's connection. `added` is the candidate, if the signer is one.
   */
  async function linkWith(signer: { connector: Connector | undefined; address: Address }, added: Candidate | null, sign: () => Promise<{ message: string; signature: string } | undefined>) {
    setBusy('link')
    setNote(null)
    setFailure(null)
    try {
      const signed = await sign()
      // Nothing back: the wallet did not complete the signature (its connector swallowed the error);
      // said as the sign-in panel says it (only the Coinbase Smart Wallet's connector does this today).
      if (signed === undefined) {
        if (added) askNonce()
        return setNote(t('signature.notCompleted'))
      }
      const family = familyOfConnectorType(signer.connector?.type)
      setAccount(await linkWallet({ message: signed.message, signature: signed.signature, family }))
      setNote(t('auth.wallets.linked', { address: signer.address }))
      if (added) await endCandidate(config, added, original.current)
      setCandidate(null)
      onLinkingChange(false)
      focusTo.current = 'link'
    } catch (error) {
      // Shown with the catalogue's words; the session, its connection and the candidate all stay,
      // with a fresh nonce for the next try.
      setFailure(shownError(isAuthError(error) ? error : mapProviderError(error, 'sign')))
      if (added) askNonce()
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="stack" aria-labelledby="wallets-heading" data-testid="linked-wallets">
      <h3 id="wallets-heading">{t('auth.wallets.heading')}</h3>
      {account.isPending && (
        <p className="muted" role="status">
          {t('auth.wallets.loading')}
        </p>
      )}
      {account.error && <ErrorAlert error={shownError(account.error)} testId="wallets-error" />}
      {wallets.length > 0 && (
        <ul className="sessions" data-testid="wallets-list">
          {wallets.map((wallet) => (
            <li key={wallet.address} data-testid="wallet-row" data-address={wallet.address} data-family={wallet.family ?? undefined}>
              <div>
                <strong className="address" data-testid="wallet-address">
                  {wallet.address}
                </strong>
                {wallet.current && (
                  <span className="badge" data-testid="wallet-signed-in-with">
                    {' '}
                    {t('auth.wallets.signedInWith')}
                  </span>
                )}
              </div>
              <div className="muted" data-testid="wallet-family">
                {t('auth.wallets.family', { family: familyName(wallet) })}
              </div>
              <button
                type="button"
                className="button small"
                data-testid="wallet-unlink"
                aria-label={t('auth.wallets.unlinkLabel', { address: wallet.address })}
                aria-disabled={busy !== null}
                onClick={() => busy === null && void unlink(wallet)}
              >
                {t('auth.wallets.unlink')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {linking ? (
        <div className="stack" role="group" aria-labelledby="link-hint" data-testid="link-wallet">
          <p id="link-hint" className="muted">
            {candidate
              ? t('auth.wallets.linkConnected', { family: t(`auth.wallets.family.${familyOfConnectorType(candidate.connector.type) ?? 'unknown'}`) })
              : t('auth.wallets.linkHint')}
          </p>
          {alreadyLinked ? (
            <p className="muted" role="status" data-testid="link-already">
              {t('auth.wallets.linkAlready')}
            </p>
          ) : (
            <p className="address" data-testid="link-candidate" data-family={candidate ? familyOfConnectorType(candidate.connector.type) : undefined}>
              {linkingAddress}
            </p>
          )}
          <div className="row">
            <button
              ref={signButton}
              type="button"
              className="button primary"
              data-testid="link-sign"
              aria-disabled={busy !== null || alreadyLinked}
              onClick={() => busy === null && !alreadyLinked && void signLink()}
            >
              {busy === 'link' ? t('auth.wallets.linking') : t('auth.wallets.linkSign')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="link-cancel"
              onClick={stopLinking}
            >
              {t('auth.wallets.linkCancel')}
            </button>
          </div>
        </div>
      ) : (
        <button ref={linkButton} type="button" className="button" data-testid="link-start" aria-disabled={busy !== null} onClick={() => busy === null && startLinking()}>
          {t('auth.wallets.link')}
        </button>
      )}
      {note && (
        <p className="muted" role="status" data-testid="wallets-note">
          {note}
        </p>
      )}
      {failure && <ErrorAlert error={failure} testId="wallets-error" />}
      {dialogOpen && <ConnectDialog linking onClose={dialogClosed} onConnected={() => void dialogConnected()} />}
    </section>
  )
}
