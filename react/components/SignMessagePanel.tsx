'use client'
import { getClient } from '@wagmi/core'
import { useId, useState, type FormEvent } from 'react'
import type { Address, Hex } from 'viem'
import { useConfig } from 'wagmi'
import { shownError } from '@sigil/lib/errors/shownError'
import { ErrorAlert } from '@sigil/lib/i18n/ErrorAlert'
import { useT } from '@sigil/lib/i18n/useT'
import { verifyMessageSignature } from '../lib/verifyMessageSignature'
import { useSignMessage } from '@/react/wagmi/useSignMessage'

export type SignMessagePanelProps = { address: Address; chainId: number }

/**
 * Sign any message with the wallet, then show the signature and whether it proves the address.
 * The signing state (pending, signed, not completed, failed) is `useSignMessage`'s; this panel adds
 * only the check of the signature it got.
 */
export function SignMessagePanel({ address, chainId }: SignMessagePanelProps) {
  const t = useT()
  const config = useConfig()
  const inputId = useId()
  const [message, setMessage] = useState<string>(t('sign.default'))
  const signing = useSignMessage()
  const [verification, setVerification] = useState<{ signature: Hex; verified: boolean } | null>(null)

  async function sign(event: FormEvent) {
    event.preventDefault()
    // Busy: the button only says so (aria-disabled), so the keyboard focus stays on it meanwhile.
    if (signing.isPending || message.length === 0) return
    setVerification(null)
    // Nothing awaited before the hook's request: a wallet popup opens inside the tap.
    const signature = await signing.signMessageAsync({ message }).catch(() => undefined)
    // Failed (the hook holds the error) or not completed (a connector that swallows its signing errors).
    if (signature === undefined) return
    const verified = await verifyMessageSignature({
      address,
      message,
      signature,
      getClient: () => getClient(config, { chainId }),
    })
    setVerification({ signature, verified })
  }

  // The check belongs to the signature on screen, not to an earlier one.
  const checked = signing.isSuccess && verification?.signature === signing.data ? verification : null
  return (
    <section className="card" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>{t('sign.heading')}</h2>
      <form onSubmit={sign} className="stack">
        <label htmlFor={inputId}>{t('sign.label')}</label>
        <textarea
          id={inputId}
          data-testid="sign-message-input"
          rows={3}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <div className="row">
          <button type="submit" className="button primary" data-testid="sign-message-button" aria-disabled={signing.isPending || message.length === 0}>
            {t('sign.button')}
          </button>
          {signing.isPending && (
            <span role="status" className="muted">
              {t('sign.signing')}
            </span>
          )}
        </div>
      </form>
      {checked && (
        <div className="result">
          <p className="label">{t('sign.signature')}</p>
          <output className="signature" data-testid="signature-output">
            {checked.signature}
          </output>
          <p
            className={checked.verified ? 'verdict ok' : 'verdict bad'}
            data-testid="signature-verified"
            data-verified={checked.verified ? 'true' : 'false'}
          >
            {checked.verified ? t('sign.verified') : t('sign.notVerified')}
          </p>
        </div>
      )}
      {signing.isNotCompleted && (
        <p role="status" className="muted" data-testid="sign-not-completed">
          {t('signature.notCompleted')}
        </p>
      )}
      {signing.error && (
        <ErrorAlert error={shownError(signing.error)} testId="sign-error" />
      )}
    </section>
  )
}
