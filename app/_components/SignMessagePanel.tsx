'use client'
import { getPublicClient } from '@wagmi/core'
import { useId, useState, type FormEvent } from 'react'
import type { Address, Hex } from 'viem'
import { useConfig } from 'wagmi'
import { tCoinbaseSmartWallet } from '@/lib/i18n/coinbaseSmartWallet'
import { t } from '@/lib/i18n/t'
import { verifyMessageSignature } from '../_lib/verifyMessageSignature'
import { signPersonalMessage } from '@/lib/wagmi/signPersonalMessage'
import { mapProviderError } from '@/connectors/shared/providerErrors'

type SignState =
  | { kind: 'idle' }
  | { kind: 'signing' }
  | { kind: 'signed'; signature: Hex; verified: boolean }
  /** The wallet returned nothing: its connector swallows signing errors (SPEC.md §8). Neutral, not an error. */
  | { kind: 'notCompleted' }
  | { kind: 'error'; message: string }

export type SignMessagePanelProps = { address: Address; chainId: number }

/** Sign any message with the wallet, then show the signature and whether it proves the address. */
export function SignMessagePanel({ address, chainId }: SignMessagePanelProps) {
  const config = useConfig()
  const inputId = useId()
  const [message, setMessage] = useState<string>(t('sign.default'))
  const [state, setState] = useState<SignState>({ kind: 'idle' })

  async function sign(event: FormEvent) {
    event.preventDefault()
    setState({ kind: 'signing' })
    try {
      const signature = await signPersonalMessage(config, { message })
      if (signature === undefined) return setState({ kind: 'notCompleted' })
      const verified = await verifyMessageSignature({
        address,
        message,
        signature,
        getPublicClient: () => getPublicClient(config, { chainId }),
      })
      setState({ kind: 'signed', signature, verified })
    } catch (error) {
      setState({ kind: 'error', message: mapProviderError(error, 'sign').message })
    }
  }

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
          <button type="submit" className="button primary" data-testid="sign-message-button" disabled={state.kind === 'signing' || message.length === 0}>
            {t('sign.button')}
          </button>
          {state.kind === 'signing' && (
            <span role="status" className="muted">
              {t('sign.signing')}
            </span>
          )}
        </div>
      </form>
      {state.kind === 'signed' && (
        <div className="result">
          <p className="label">{t('sign.signature')}</p>
          <output className="signature" data-testid="signature-output">
            {state.signature}
          </output>
          <p
            className={state.verified ? 'verdict ok' : 'verdict bad'}
            data-testid="signature-verified"
            data-verified={state.verified ? 'true' : 'false'}
          >
            {state.verified ? t('sign.verified') : t('sign.notVerified')}
          </p>
        </div>
      )}
      {state.kind === 'notCompleted' && (
        <p role="status" className="muted" data-testid="sign-not-completed">
          {tCoinbaseSmartWallet('signature.notCompleted')}
        </p>
      )}
      {state.kind === 'error' && (
        <p role="alert" className="error-text" data-testid="sign-error">
          {state.message}
        </p>
      )}
    </section>
  )
}
