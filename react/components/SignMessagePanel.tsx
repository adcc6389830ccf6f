'use client'
import { getClient } from '@wagmi/core'
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react'
import type { Address, Hex } from 'viem'
import { useConfig } from 'wagmi'
import { shownError } from '@sigil/lib/errors/shownError'
import { ErrorAlert } from '@sigil/lib/i18n/ErrorAlert'
import { useT } from '@sigil/lib/i18n/useT'
import { clearEarlyTapMark } from '../lib/earlyTap'
import { EARLY_SUBMIT_ATTRIBUTE, takeEarlySubmit } from '../lib/earlySubmit'
import { verifyMessageSignature } from '../lib/verifyMessageSignature'
import { useSignMessage } from '@/react/wagmi/useSignMessage'

export type SignMessagePanelProps = { address: Address; chainId: number }

/** The message field's name: what a submission kept before the page took over carries it under. */
const MESSAGE_FIELD = 'message'

/**
 * What the user typed into the server-rendered field before the page's code ran, read as the panel
 * hydrates (its state starts from it). React hydrates a `<textarea>` by setting its text to the
 * rendered value, so the typed text would otherwise be replaced by the default without a word. A
 * panel drawn anew (no server element with its id yet) and the server read nothing.
 */
function typedBeforeHydration(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  const field = document.getElementById(id)
  if (!(field instanceof HTMLTextAreaElement) || field.value === field.defaultValue) return undefined
  return field.value
}

/**
 * Sign any message with the wallet, then show the signature and whether it proves the address.
 * The signing state (pending, signed, not completed, failed) is `useSignMessage`'s; this panel adds
 * only the check of the signature it got.
 *
 * After a reload the panel is on screen, from the server's HTML, before its code runs: "Sign message"
 * tapped then is kept by the page's inline early-tap script (react/lib/earlyTap.ts) instead of
 * reloading the page, and signed once the panel has taken the form over, with the message the field
 * showed (docs/first-tap.md#sign-message-tapped-before-the-page-is-ready).
 */
export function SignMessagePanel({ address, chainId }: SignMessagePanelProps) {
  const t = useT()
  const config = useConfig()
  const inputId = useId()
  // Text typed into the server's field before this code ran survives hydration, which would put the
  // field back to the server's text.
  const [message, setMessage] = useState<string>(() => typedBeforeHydration(inputId) ?? t('sign.default'))
  const signing = useSignMessage()
  const [verification, setVerification] = useState<{ signature: Hex; verified: boolean } | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  // Set in the same tick a signature starts, before any render: a second tap while React hydrates
  // the panel runs a handler whose `isPending` is still the first render's.
  const started = useRef(false)

  function sign(event: FormEvent) {
    event.preventDefault()
    // Busy: the button only says so (aria-disabled), so the keyboard focus stays on it meanwhile.
    if (started.current || signing.isPending || message.length === 0) return
    void signAndCheck(message)
  }

  async function signAndCheck(text: string) {
    started.current = true
    setVerification(null)
    // Nothing awaited before the hook's request: a wallet popup opens inside the tap.
    const signature = await signing
      .signMessageAsync({ message: text })
      .catch(() => undefined)
      .finally(() => (started.current = false))
    // Failed (the hook holds the error) or not completed (a connector that swallows its signing errors).
    if (signature === undefined) return
    const verified = await verifyMessageSignature({
      address,
      message: text,
      signature,
      getClient: () => getClient(config, { chainId }),
    })
    setVerification({ signature, verified })
  }

  // A submission the inline script kept before this code ran: signed once (StrictMode's second run
  // finds nothing), with the text the field showed when it was tapped, shown again (hydration put
  // the field back to the server's text).
  const takeOver = useEffectEvent(() => {
    const kept = takeEarlySubmit(form.current)
    if (!kept) return
    clearEarlyTapMark(button.current)
    const shown = kept.get(MESSAGE_FIELD)
    const text = typeof shown === 'string' ? shown : message
    if (text !== message) setMessage(text)
    if (text.length > 0) void signAndCheck(text)
  })
  useEffect(() => {
    takeOver()
  }, [])

  // The check belongs to the signature on screen, not to an earlier one.
  const checked = signing.isSuccess && verification?.signature === signing.data ? verification : null
  return (
    <section className="card" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>{t('sign.heading')}</h2>
      {/* method="dialog": submitted before this code runs and with no inline script to keep it, the
          form does nothing, where a plain form would reload the page with the message in its address. */}
      <form ref={form} method="dialog" onSubmit={sign} className="stack" {...{ [EARLY_SUBMIT_ATTRIBUTE]: '' }}>
        <label htmlFor={inputId}>{t('sign.label')}</label>
        <textarea
          id={inputId}
          name={MESSAGE_FIELD}
          data-testid="sign-message-input"
          rows={3}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <div className="row">
          {/* suppressHydrationWarning: the inline script may have marked it busy before hydration. */}
          <button
            ref={button}
            type="submit"
            className="button primary"
            data-testid="sign-message-button"
            aria-disabled={signing.isPending || message.length === 0}
            suppressHydrationWarning
          >
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
