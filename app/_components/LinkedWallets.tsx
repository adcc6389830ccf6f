'use client'
import { useRef, useState } from 'react'
import { isAddressEqual, type Address } from 'viem'
import { getConnection } from '@wagmi/core'
import { useConfig } from 'wagmi'
import { shownError, type ShownError } from '@/lib/errors/shownError'
import { ErrorAlert } from '@/lib/i18n/ErrorAlert'
import { useT } from '@/lib/i18n/useT'
import { createLinkMessage, fetchLinkNonce, isAuthError, linkWallet, unlinkWallet, type LinkedWallet, type SigilAccount } from '@/lib/siwe/client'
import { familyOfConnectorType } from '@/lib/siwe/families'
import { signPersonalMessage } from '@/app/_wagmi/signPersonalMessage'
import { mapProviderError } from '@/connectors/shared/providerErrors'
import { useSetSigilAccount } from './useSigilAccount'
import type { UseQueryResult } from '@tanstack/react-query'
import type { AuthApiError } from '@/lib/siwe/client'

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
 * another wallet": the user switches their wallet to the account to link, then signs the link
 * message with it (the page holds one connection at a time: a wallet of another family is not
 * linked from here yet). The server refuses unlinking the last wallet.
 */
export function LinkedWallets({ address, chainId, account, linking, onLinkingChange, onSignedOut }: LinkedWalletsProps) {
  const t = useT()
  const config = useConfig()
  const setAccount = useSetSigilAccount()
  const [busy, setBusy] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const [failure, setFailure] = useState<ShownError | null>(null)
  const linkButton = useRef<HTMLButtonElement>(null)

  const wallets = account.data?.wallets ?? []
  const alreadyLinked = wallets.some((wallet) => isAddressEqual(wallet.address, address))
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

  async function signLink() {
    setBusy('link')
    setNote(null)
    setFailure(null)
    try {
      const { nonce, accountId } = await fetchLinkNonce()
      const message = createLinkMessage({ address, chainId, nonce, accountId, origin: window.location.origin })
      const signature = await signPersonalMessage(config, { message })
      // Nothing back: the wallet did not complete the signature (its connector swallowed the error).
      if (signature === undefined) return
      const family = familyOfConnectorType(getConnection(config).connector?.type)
      setAccount(await linkWallet({ message, signature, family }))
      setNote(t('auth.wallets.linked', { address }))
      onLinkingChange(false)
      linkButton.current?.focus()
    } catch (error) {
      if (!isAuthError(error) && mapProviderError(error, 'sign').code === 'user_rejected') return
      setFailure(shownError(isAuthError(error) ? error : mapProviderError(error, 'sign')))
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
            {t('auth.wallets.linkHint')}
          </p>
          {alreadyLinked ? (
            <p className="muted" role="status" data-testid="link-already">
              {t('auth.wallets.linkAlready')}
            </p>
          ) : (
            <p className="address" data-testid="link-candidate">
              {address}
            </p>
          )}
          <div className="row">
            <button
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
              onClick={() => {
                onLinkingChange(false)
                setFailure(null)
              }}
            >
              {t('auth.wallets.linkCancel')}
            </button>
          </div>
        </div>
      ) : (
        <button ref={linkButton} type="button" className="button" data-testid="link-start" aria-disabled={busy !== null} onClick={() => busy === null && onLinkingChange(true)}>
          {t('auth.wallets.link')}
        </button>
      )}
      {note && (
        <p className="muted" role="status" data-testid="wallets-note">
          {note}
        </p>
      )}
      {failure && <ErrorAlert error={failure} testId="wallets-error" />}
    </section>
  )
}
