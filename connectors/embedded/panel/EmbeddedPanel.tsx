'use client'
import { connect } from '@wagmi/core'
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { useConfig } from 'wagmi'
import type { Address } from 'viem'
import type { EmbeddedConnector } from '@/connectors/embedded/embedded'
import type { PreparedRecovery } from '@/connectors/embedded/wallet'
import { FamilyPanelProps } from '@/connectors/shared/family'
import { familyOf } from '@/connectors/shared/lazyConnector'
import { mapProviderError } from '@/connectors/shared/providerErrors'
import { embedded } from '@/lib/i18n/embedded'
import { useFamilyT } from '@/lib/i18n/useT'
import { useLifetimeEffect } from '@/lib/react/useLifetimeEffect'
import styles from './EmbeddedPanel.module.css'

type Wallet = EmbeddedConnector['embeddedWallet']

/** A wallet's creation time in the reader's own locale and time zone (rendered in the browser only, after a code check). */
function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

/**
 * What the view shows. Holds only public facts (addresses, the email typed, a request id): keys, the
 * recovery phrase and a prepared recovery live outside React state (the wallet module's closure, a
 * ref, a DOM node), so no render, devtools snapshot or error report can carry them.
 */
type Step =
  | { kind: 'loading' }
  | { kind: 'home'; existing: { address: Address; email: string } | undefined; creating: boolean }
  | { kind: 'busy'; message: string }
  | { kind: 'createCode'; email: string; requestId: string }
  | { kind: 'createVerified'; email: string }
  | { kind: 'recoverEmail' }
  | { kind: 'recoverCode'; email: string; requestId: string }
  | { kind: 'recoverChoose'; wallets: { walletId: string; address: Address; createdAt: string }[] }
  | { kind: 'recoverPasskey'; address: Address }
  | { kind: 'reveal' }

/**
 * The embedded wallet's view in the connect dialog: create (email → emailed code → passkey), unlock
 * with the passkey, recover by email (code → choose the wallet → new passkey), reveal the recovery
 * phrase. Connects through wagmi when done.
 */
export function EmbeddedPanel({ option, onConnected, onBack }: FamilyPanelProps) {
  const tEmbedded = useFamilyT('embedded', embedded.ui)
  const config = useConfig()
  const ids = useId()
  const [step, setStep] = useState<Step>({ kind: 'loading' })
  const [error, setError] = useState<string | undefined>()
  const wallet = useRef<Wallet | undefined>(undefined)
  const prepared = useRef<PreparedRecovery | undefined>(undefined)
  const phrase = useRef<HTMLParagraphElement>(null)
  const firstField = useRef<HTMLInputElement>(null)
  /** A view without a field (the confirmed email) focuses its main button instead. */
  const firstAction = useRef<HTMLButtonElement>(null)
  const mounted = useRef(true)

  async function loadWallet(): Promise<Wallet> {
    if (wallet.current) return wallet.current
    const family = option.connector ? familyOf(option.connector) : undefined
    if (!family) throw new Error('the embedded connector is missing')
    const real = (await family.load()) as unknown as EmbeddedConnector
    wallet.current = real.embeddedWallet
    return real.embeddedWallet
  }

  async function showHome(creating = false) {
    const records = await (await loadWallet()).list().catch(() => [])
    const newest = records[0]
    if (mounted.current) setStep({ kind: 'home', existing: newest && { address: newest.address, email: newest.email }, creating: creating || !newest })
  }

  function fail(caught: unknown) {
    if (!mounted.current) return
    // Messages only: a SigilError's message is catalogue text, never key material.
    setError(mapProviderError(caught, 'connect').message)
  }

  // Once per appearance of the view (useLifetimeEffect): StrictMode's rehearsal must not wipe a
  // recovery in progress or ask the wallet list twice.
  useLifetimeEffect(() => {
    mounted.current = true
    showHome().catch((caught: unknown) => fail(caught))
    const node = phrase.current
    return () => {
      mounted.current = false
      // Leaving the view wipes what it showed and forgets a half-done recovery.
      if (node) node.textContent = ''
      discardRecovery()
    }
  })

  // The first field of each form (or the main button of a view without one) takes the focus (the
  // dialog's own focus moves only between its views).
  useEffect(() => {
    const target = firstField.current ?? firstAction.current
    target?.focus()
  }, [step.kind])

  /** Runs one user action: a status line while it runs, the error in the alert if it fails. */
  async function run(message: string, action: () => Promise<void>, onError: () => void | Promise<void>) {
    setError(undefined)
    setStep({ kind: 'busy', message })
    try {
      await action()
    } catch (caught) {
      fail(caught)
      if (mounted.current) await onError()
    }
  }

  async function connectNow() {
    if (!option.connector) return
    await connect(config, { connector: option.connector })
    onConnected()
  }

  /** Creating starts with proving the email: a code is mailed, and nothing is made until it is entered. */
  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '')
    void run(
      tEmbedded('sending'),
      async () => {
        const { requestId } = await (await loadWallet()).requestEmailCode(email)
        if (mounted.current) setStep({ kind: 'createCode', email: email.trim(), requestId })
      },
      () => showHome(true),
    )
  }

  async function createAndConnect(email: string) {
    if (mounted.current) setStep({ kind: 'busy', message: tEmbedded('creating') })
    await (await loadWallet()).create(email)
    await connectNow()
  }

  function onConfirmEmail(event: FormEvent<HTMLFormElement>, current: Extract<Step, { kind: 'createCode' }>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '')
    let confirmed = false
    void run(
      tEmbedded('verifying'),
      async () => {
        await (await loadWallet()).verifyEmailCode(current.requestId, code)
        confirmed = true
        await createAndConnect(current.email)
      },
      // A proven email stays proven for a while: a cancelled passkey prompt is retried without a new code.
      () => setStep(confirmed ? { kind: 'createVerified', email: current.email } : current),
    )
  }

  function onCreateVerified(current: Extract<Step, { kind: 'createVerified' }>) {
    void run(tEmbedded('creating'), () => createAndConnect(current.email), () => setStep(current))
  }

  function onUnlock(address: Address) {
    void run(
      tEmbedded('unlocking'),
      async () => {
        await (await loadWallet()).unlock(address)
        await connectNow()
      },
      () => showHome(),
    )
  }

  function onReveal(address: Address) {
    void run(
      tEmbedded('unlocking'),
      async () => {
        const words = await (await loadWallet()).revealPhrase(address)
        // Straight into the DOM: the phrase never passes through React state or props.
        setStep({ kind: 'reveal' })
        if (phrase.current) phrase.current.textContent = words
      },
      () => showHome(),
    )
  }

  function hidePhrase() {
    if (phrase.current) phrase.current.textContent = ''
    void showHome()
  }

  function onSendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '')
    void run(
      tEmbedded('sending'),
      async () => {
        const { requestId } = await (await loadWallet()).requestRecoveryCode(email)
        if (mounted.current) setStep({ kind: 'recoverCode', email: email.trim(), requestId })
      },
      () => setStep({ kind: 'recoverEmail' }),
    )
  }

  /** Wipes the data key of a half-done recovery (leaving, going back, a failure). */
  function discardRecovery() {
    prepared.current?.dispose()
    prepared.current = undefined
  }

  async function prepare(walletId: string) {
    discardRecovery()
    prepared.current = await (await loadWallet()).prepareRecovery(walletId)
    if (mounted.current) setStep({ kind: 'recoverPasskey', address: prepared.current.address })
  }

  function onVerifyCode(event: FormEvent<HTMLFormElement>, current: Extract<Step, { kind: 'recoverCode' }>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '')
    void run(
      tEmbedded('verifying'),
      async () => {
        const { wallets } = await (await loadWallet()).verifyRecoveryCode(current.requestId, code)
        if (!mounted.current) return
        // Never chosen for the user, even when there is one: the user confirms the address they know.
        if (wallets.length > 0) setStep({ kind: 'recoverChoose', wallets })
        else {
          setStep({ kind: 'recoverEmail' })
          setError(embedded.errors.embedded_wallet_not_found)
        }
      },
      () => setStep(current),
    )
  }

  function onChoose(event: FormEvent<HTMLFormElement>, current: Extract<Step, { kind: 'recoverChoose' }>) {
    event.preventDefault()
    const walletId = String(new FormData(event.currentTarget).get('wallet') ?? '')
    void run(tEmbedded('verifying'), () => prepare(walletId), () => setStep(current))
  }

  function onNewPasskey(address: Address) {
    const recovery = prepared.current
    if (!recovery) return
    void run(
      tEmbedded('recovering'),
      async () => {
        try {
          await recovery.finish()
        } catch (caught) {
          // A dismissed prompt can be retried with the same key; any other failure wipes it.
          if ((caught as { code?: unknown } | null)?.code !== 'embedded_passkey_cancelled') discardRecovery()
          throw caught
        }
        prepared.current = undefined
        await connectNow()
      },
      () => setStep(prepared.current ? { kind: 'recoverPasskey', address } : { kind: 'recoverEmail' }),
    )
  }

  const back = (
    <button type="button" className="button" data-testid="embedded-back-button" onClick={onBack}>
      {tEmbedded('back')}
    </button>
  )

  return (
    <div className={styles.panel} data-testid="embedded-panel" data-step={step.kind}>
      <h3 className="state-title">{tEmbedded('title')}</h3>

      {step.kind === 'loading' && <div className="spinner" role="status" aria-label={tEmbedded('title')} />}

      {step.kind === 'busy' && (
        <div className="dialog-state">
          <p role="status" className="state-title" data-testid="embedded-status">
            {step.message}
          </p>
          <div className="spinner" aria-hidden="true" />
        </div>
      )}

      {step.kind === 'home' && step.existing && !step.creating && (
        <>
          <p className="muted">{tEmbedded('existing')}</p>
          <p className={styles.address} data-testid="embedded-existing-address">
            {step.existing.address}
          </p>
          <div className={styles.actions}>
            <button type="button" className="button primary" data-testid="embedded-unlock-button" onClick={() => onUnlock(step.existing!.address)}>
              {tEmbedded('unlock')}
            </button>
            <button type="button" className="button" data-testid="embedded-reveal-button" onClick={() => onReveal(step.existing!.address)}>
              {tEmbedded('reveal')}
            </button>
          </div>
          <div className={styles.actions}>
            <button type="button" className="button" data-testid="embedded-recover-button" onClick={() => setStep({ kind: 'recoverEmail' })}>
              {tEmbedded('recover')}
            </button>
            <button type="button" className="button" data-testid="embedded-new-wallet-button" onClick={() => setStep({ ...step, creating: true })}>
              {tEmbedded('createAnother')}
            </button>
          </div>
          {back}
        </>
      )}

      {step.kind === 'home' && (!step.existing || step.creating) && (
        <form className={styles.panel} onSubmit={onCreate} noValidate>
          <p className="muted">{tEmbedded('intro')}</p>
          <div className={styles.field}>
            <label htmlFor={`${ids}-email`}>{tEmbedded('emailLabel')}</label>
            <input
              ref={firstField}
              id={`${ids}-email`}
              className={styles.input}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              maxLength={254}
              data-testid="embedded-email-input"
            />
          </div>
          <div className={styles.actions}>
            <button type="submit" className="button primary" data-testid="embedded-create-button">
              {tEmbedded('create')}
            </button>
            <button type="button" className="button" data-testid="embedded-recover-button" onClick={() => setStep({ kind: 'recoverEmail' })}>
              {tEmbedded('recover')}
            </button>
          </div>
          {back}
        </form>
      )}

      {step.kind === 'createCode' && (
        <CodeForm
          inputRef={firstField}
          inputId={`${ids}-confirm-code`}
          status={tEmbedded('confirmCodeSent', { email: step.email })}
          submitLabel={tEmbedded('confirmEmail')}
          testIds={{ status: 'embedded-confirm-code-sent', input: 'embedded-confirm-code-input', submit: 'embedded-confirm-code-button' }}
          onSubmit={(event) => onConfirmEmail(event, step)}
          onBack={() => void showHome(true)}
        />
      )}

      {step.kind === 'createVerified' && (
        <>
          <p className="muted" role="status" data-testid="embedded-email-confirmed">
            {tEmbedded('emailConfirmed')}
          </p>
          <div className={styles.actions}>
            <button ref={firstAction} type="button" className="button primary" data-testid="embedded-create-passkey-button" onClick={() => onCreateVerified(step)}>
              {tEmbedded('create')}
            </button>
            <button type="button" className="button" data-testid="embedded-back-button" onClick={() => void showHome(true)}>
              {tEmbedded('back')}
            </button>
          </div>
        </>
      )}

      {step.kind === 'recoverEmail' && (
        <form className={styles.panel} onSubmit={onSendCode} noValidate>
          <p className="muted">{tEmbedded('recoverIntro')}</p>
          <div className={styles.field}>
            <label htmlFor={`${ids}-recover-email`}>{tEmbedded('emailLabel')}</label>
            <input
              ref={firstField}
              id={`${ids}-recover-email`}
              className={styles.input}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              maxLength={254}
              data-testid="embedded-recover-email-input"
            />
          </div>
          <div className={styles.actions}>
            <button type="submit" className="button primary" data-testid="embedded-send-code-button">
              {tEmbedded('sendCode')}
            </button>
            <button type="button" className="button" data-testid="embedded-back-button" onClick={() => void showHome()}>
              {tEmbedded('back')}
            </button>
          </div>
        </form>
      )}

      {step.kind === 'recoverCode' && (
        <CodeForm
          inputRef={firstField}
          inputId={`${ids}-code`}
          status={tEmbedded('codeSent', { email: step.email })}
          submitLabel={tEmbedded('verify')}
          testIds={{ status: 'embedded-code-sent', input: 'embedded-code-input', submit: 'embedded-verify-code-button' }}
          onSubmit={(event) => onVerifyCode(event, step)}
          onBack={() => setStep({ kind: 'recoverEmail' })}
        />
      )}

      {step.kind === 'recoverChoose' && (
        <form className={styles.panel} onSubmit={(event) => onChoose(event, step)}>
          <fieldset className={styles.choices}>
            <legend>{tEmbedded('chooseWallet')}</legend>
            <p className="muted">{tEmbedded('chooseWalletHint')}</p>
            {/* No default: a wallet someone else made with this email must never be one tap away. */}
            {step.wallets.map((choice) => (
              <label key={choice.walletId} className={styles.choice}>
                <input type="radio" name="wallet" value={choice.walletId} required data-testid={`embedded-wallet-choice-${choice.address}`} />
                <span>
                  <span className={styles.address}>{choice.address}</span>{' '}
                  <time className="muted" dateTime={choice.createdAt} data-testid="embedded-wallet-created">
                    {tEmbedded('createdOn', { date: formatDate(choice.createdAt) })}
                  </time>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button primary" data-testid="embedded-choose-button">
            {tEmbedded('chooseContinue')}
          </button>
        </form>
      )}

      {step.kind === 'recoverPasskey' && (
        <>
          <p className="muted" data-testid="embedded-recover-address">
            {tEmbedded('newPasskeyIntro', { address: step.address })}
          </p>
          <button type="button" className="button primary" data-testid="embedded-new-passkey-button" onClick={() => onNewPasskey(step.address)}>
            {tEmbedded('newPasskey')}
          </button>
          <button
            type="button"
            className="button"
            data-testid="embedded-back-button"
            onClick={() => {
              discardRecovery()
              setStep({ kind: 'recoverEmail' })
            }}
          >
            {tEmbedded('back')}
          </button>
        </>
      )}

      {step.kind === 'reveal' && <p className="muted">{tEmbedded('revealIntro')}</p>}
      {/* Always mounted so the ref is there; empty (hidden) unless a phrase was just revealed. */}
      <p ref={phrase} className={styles.phrase} data-testid="embedded-phrase" aria-live="polite" />
      {step.kind === 'reveal' && (
        <button type="button" className="button primary" data-testid="embedded-hide-phrase-button" onClick={hidePhrase}>
          {tEmbedded('hide')}
        </button>
      )}

      {error && (
        <p role="alert" className="error-text" data-testid="connect-error">
          {error}
        </p>
      )}
    </div>
  )
}

type CodeFormProps = {
  inputRef: RefObject<HTMLInputElement | null>
  inputId: string
  /** "We sent a code to …": announced when the step appears. */
  status: string
  submitLabel: string
  testIds: { status: string; input: string; submit: string }
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  onBack: () => void
}

/** The six-digit emailed code: one form for confirming an email at creation and for recovery. */
function CodeForm({ inputRef, inputId, status, submitLabel, testIds, onSubmit, onBack }: CodeFormProps) {
  const tEmbedded = useFamilyT('embedded', embedded.ui)
  return (
    <form className={styles.panel} onSubmit={onSubmit} noValidate>
      <p className="muted" role="status" data-testid={testIds.status}>
        {status}
      </p>
      <div className={styles.field}>
        <label htmlFor={inputId}>{tEmbedded('codeLabel')}</label>
        <input
          ref={inputRef}
          id={inputId}
          className={`${styles.input} ${styles.code}`}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          data-testid={testIds.input}
        />
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button primary" data-testid={testIds.submit}>
          {submitLabel}
        </button>
        <button type="button" className="button" data-testid="embedded-back-button" onClick={onBack}>
          {tEmbedded('back')}
        </button>
      </div>
    </form>
  )
}
