'use client'
import dynamic from 'next/dynamic'
import type { Address } from 'viem'
import { ErrorAlert } from '@sigil/lib/i18n/ErrorAlert'
import { useT } from '@sigil/lib/i18n/useT'
import type { LinkedWallet, SigilAccount } from '@sigil/lib/siwe/client'
import { loadConnectDialogInRuntime } from './runtimeViews'
import { useLinkedWallets, type LinkedWalletsNote } from './useLinkedWallets'
import type { UseQueryResult } from '@tanstack/react-query'
import type { AuthApiError } from '@sigil/lib/siwe/client'

// Only ever opened by a click (its chunk is the page's connect dialog's, often loaded already).
const ConnectDialog = dynamic(() => loadConnectDialogInRuntime().then((m) => m.ConnectDialog), { ssr: false })

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
 * unlinking the last wallet. The behaviour is `useLinkedWallets`; this is its markup and words.
 */
export function LinkedWallets({ address, chainId, account, linking, onLinkingChange, onSignedOut }: LinkedWalletsProps) {
  const t = useT()
  const { listing, link, busy, note, failure, unlink, startLinking, signLink, stopLinking, dialog, linkButtonRef, signButtonRef } = useLinkedWallets({
    address,
    chainId,
    account,
    linking,
    onLinkingChange,
    onSignedOut,
  })
  const wallets = listing.kind === 'loading' ? [] : listing.wallets
  const familyName = (wallet: LinkedWallet) => t(`auth.wallets.family.${wallet.family ?? 'unknown'}`)
  const noteText = (shown: NonNullable<LinkedWalletsNote>) =>
    shown.kind === 'not-completed' ? t('signature.notCompleted') : t(shown.kind === 'linked' ? 'auth.wallets.linked' : 'auth.wallets.unlinked', { address: shown.address })

  return (
    <section className="stack" aria-labelledby="wallets-heading" data-testid="linked-wallets">
      <h3 id="wallets-heading">{t('auth.wallets.heading')}</h3>
      {listing.kind === 'loading' && (
        <p className="muted" role="status">
          {t('auth.wallets.loading')}
        </p>
      )}
      {listing.kind === 'failed' && <ErrorAlert error={listing.error} testId="wallets-error" />}
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
                onClick={() => void unlink(wallet)}
              >
                {t('auth.wallets.unlink')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {link.kind !== 'off' ? (
        <div className="stack" role="group" aria-labelledby="link-hint" data-testid="link-wallet">
          <p id="link-hint" className="muted">
            {link.kind === 'beside' ? t('auth.wallets.linkConnected', { family: t(`auth.wallets.family.${link.family ?? 'unknown'}`) }) : t('auth.wallets.linkHint')}
          </p>
          {link.alreadyLinked ? (
            <p className="muted" role="status" data-testid="link-already">
              {t('auth.wallets.linkAlready')}
            </p>
          ) : (
            <p className="address" data-testid="link-candidate" data-family={link.kind === 'beside' ? link.family : undefined}>
              {link.address}
            </p>
          )}
          <div className="row">
            <button
              ref={signButtonRef}
              type="button"
              className="button primary"
              data-testid="link-sign"
              aria-disabled={busy !== null || link.alreadyLinked}
              onClick={() => void signLink()}
            >
              {busy?.kind === 'linking' ? t('auth.wallets.linking') : t('auth.wallets.linkSign')}
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
        <button ref={linkButtonRef} type="button" className="button" data-testid="link-start" aria-disabled={busy !== null} onClick={startLinking}>
          {t('auth.wallets.link')}
        </button>
      )}
      {note && (
        <p className="muted" role="status" data-testid="wallets-note">
          {noteText(note)}
        </p>
      )}
      {failure && <ErrorAlert error={failure} testId="wallets-error" />}
      {dialog.open && <ConnectDialog linking onClose={dialog.onClose} onConnected={dialog.onConnected} />}
    </section>
  )
}
