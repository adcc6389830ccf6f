import type { Address } from 'viem'
import type { PendingRecovery, RecoveryStatus } from '@sigil/lib/embedded/apiTypes'
import { utcMinute } from '@sigil/lib/i18n/format'
import { h, show } from '../dom'
import { trapFocus } from '../focusTrap'
import { createScreenGuard, type ScreenApprovalGuard } from '../screenGuard'
import type { VaultStrings } from '../strings'
import type { EmbeddedWallet, JoiningDevice, PreparedRecovery } from '../wallet'

/**
 * What every screen of the vault's wallet is drawn with (connectors/embedded/vault/walletScreens.ts
 * puts them together): one card at a time with focus kept inside it, a status line while an action
 * runs, the code steps' fields and "Resend code", and the two kinds of button — `button` only moves
 * between screens, `action` and `form` do something and answer to the guard (screenGuard.ts).
 */

/** A wallet's creation time in the reader's own locale and time zone. */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
}

/**
 * How long a code step waits before it offers "Resend code". The server stays the judge (5 code
 * emails per email and browser an hour, 10 per client per 10 minutes, an hourly ceiling per email,
 * server/embedded/policy.ts, answered 429 with `Retry-After`); this only keeps one impatient tap from
 * spending one of the five before the first email had time to arrive.
 */
const RESEND_COOLDOWN_SECONDS = 30

/**
 * Passkey failures after which the wallet on this device may be out of reach for good: a dismissed
 * or timed-out prompt, which is also how browsers answer when no passkey of this wallet is here
 * (WebAuthn L3 §13.4.7: they do not tell the two apart), a passkey that does not open it, or one
 * that failed. Email recovery is the way forward from each.
 */
const LOST_PASSKEY_CODES: ReadonlySet<string> = new Set(['embedded_passkey_cancelled', 'embedded_unlock_failed', 'embedded_passkey_failed'])

export function pointsToRecovery(caught: unknown): boolean {
  const code = (caught as { code?: unknown } | null)?.code
  return typeof code === 'string' && LOST_PASSKEY_CODES.has(code)
}

/** A wait as `m:ss`, or `h:mm:ss` from an hour on (no unit words, the same in every language). */
export function formatWait(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds))
  const two = (value: number) => String(value).padStart(2, '0')
  if (whole >= 3600) return `${Math.floor(whole / 3600)}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`
  return `${Math.floor(whole / 60)}:${two(whole % 60)}`
}

/** Refused sends that name their wait (`Retry-After`). */
const LIMIT_CODES: readonly unknown[] = ['embedded_rate_limited', 'embedded_code_requests_limited', 'embedded_code_requests_paused']

/** The seconds a refused email send says to wait (its `Retry-After`), if it is one. */
function limitWait(caught: unknown): number | undefined {
  const error = caught as { code?: unknown; retryAfterSeconds?: unknown } | null
  if (!error || !LIMIT_CODES.includes(error.code)) return undefined
  return typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : 60
}

/** A message for the user from anything thrown: a catalogue error by its code, else a generic line. */
export function messageOf(caught: unknown, t: VaultStrings): string {
  const code = (caught as { code?: unknown } | null)?.code
  const attemptsLeft = (caught as { attemptsLeft?: unknown } | null)?.attemptsLeft
  const retryAt = (caught as { retryAt?: unknown } | null)?.retryAt
  if (typeof code === 'string') {
    // A lock says until when (`{time}`, UTC); a wrong code how many tries are left.
    const values: Record<string, string | number> = {}
    if (typeof attemptsLeft === 'number') values.attemptsLeft = attemptsLeft
    if (retryAt instanceof Date) values.time = utcMinute(retryAt)
    const known = t.error(code, Object.keys(values).length > 0 ? values : undefined)
    if (known) return known
  }
  return t.error('embedded_internal_error') ?? 'Something went wrong.'
}

/**
 * A code step: the email, the live code's request, and when "Resend code" is offered again (ms since
 * the epoch: after the cooldown, or after the wait a refused send named).
 */
export type CodeStep = { email: string; requestId: string; resendAt: number; resent?: boolean }
/** What a code step shows when it is drawn again: the error, and the code the user typed (kept, to correct it). */
export type CodeShown = { error?: string | undefined; code?: string | undefined }

export type WalletScreensParameters = {
  root: HTMLElement
  wallet: EmbeddedWallet
  t: VaultStrings
  locale: string
  /** The approval guard every consequential button and form of these screens answers to (screenGuard.ts). */
  guard: ScreenApprovalGuard
  /** How a user's event is known to be theirs (default: the browser's `isTrusted`). */
  trusted?: ((event: Event) => boolean) | undefined
  /**
   * The wallet's management (Add a device, Reveal, Activity and the settings) is shown: only in a vault
   * window the user opened (a top-level vault tab), never in the frame or popup a page controls. Elsewhere
   * "Manage wallet" opens that window (`openManager`).
   */
  manage?: boolean | undefined
  openManager?: (() => void) | undefined
  resendCooldownSeconds?: number
  vaultOrigin?: string
}

export function createScreenKit(parameters: WalletScreensParameters) {
  const { root, wallet, t } = parameters
  const guarded = createScreenGuard({ root, guard: parameters.guard, trusted: parameters.trusted })
  const vaultOrigin = parameters.vaultOrigin ?? globalThis.location?.origin ?? ''
  const cooldownMs = (parameters.resendCooldownSeconds ?? RESEND_COOLDOWN_SECONDS) * 1000
  /** What the screens hold between two of them, shared by every screen module. */
  const state: {
    joining: JoiningDevice | undefined
    /** Stops whatever a pairing screen is waiting for when another screen takes over. */
    stopWaiting: AbortController | undefined
    prepared: PreparedRecovery | undefined
    /** Called with the chosen address (or undefined) when the screens close: `open`'s promise. */
    finish: ((address: Address | undefined) => void) | undefined
    /** While the recovery's wait is on screen: when its key is released (what closing then leaves behind). */
    waitingUntil: string | undefined
  } = { joining: undefined, stopWaiting: undefined, prepared: undefined, finish: undefined, waitingUntil: undefined }
  let release: (() => void) | undefined

  function discardRecovery() {
    state.prepared?.dispose()
    state.prepared = undefined
    state.joining?.dispose()
    state.joining = undefined
    state.stopWaiting?.abort()
    state.stopWaiting = undefined
  }

  /**
   * Draws one screen: a card with the title, the screen's content and, when set, the error line and
   * what follows it (a way forward from that error).
   */
  function screen(step: string, content: (Node | string | false | undefined)[], error?: string, afterError: Node[] = []) {
    release?.()
    // Only the wait's own screen leaves a recovery "in progress" when closed (recoverWaiting sets it after drawing).
    state.waitingUntil = undefined
    const card = h(
      'section',
      { className: 'card', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'wallet-title', testId: 'embedded-panel', 'data-step': step },
      // Cancel hands the page its answer; in the vault's own tab there is no page to answer, so none.
      h('div', { className: 'header' }, h('h1', { id: 'wallet-title' }, t.ui('title')), !parameters.manage && h('button', { type: 'button', className: 'button quiet', testId: 'embedded-cancel-button', onclick: () => close(undefined) }, t.ui('cancel'))),
      ...content,
      error && h('p', { role: 'alert', className: 'error', testId: 'connect-error' }, error),
      ...(error ? afterError : []),
    )
    card.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !parameters.manage) {
        event.preventDefault()
        close(undefined)
      }
    })
    show(root, card)
    root.scrollTop = 0
    guarded.drawn(card)
    release = trapFocus(card)
    const first = card.querySelector<HTMLElement>('input, [data-autofocus]')
    first?.focus()
  }

  function busy(message: string) {
    screen('busy', [h('p', { role: 'status', testId: 'embedded-status' }, message), h('div', { className: 'spinner', 'aria-hidden': 'true' })])
  }

  function close(address: Address | undefined) {
    discardRecovery()
    release?.()
    release = undefined
    show(root)
    const done = state.finish
    state.finish = undefined
    done?.(address)
  }

  /** Runs one user action: a status line while it runs; on failure, `onError` redraws with the message (and gets what was thrown). */
  async function run(message: string, action: () => Promise<void>, onError: (error: string, caught: unknown) => void | Promise<void>) {
    busy(message)
    try {
      await action()
    } catch (caught) {
      await onError(messageOf(caught, t), caught)
    }
  }

  /** A refused code email's message: the server's limit, with its wait, in the page's language; else the catalogue's. */
  function sendErrorOf(message: string, caught: unknown): string {
    const wait = limitWait(caught)
    return wait === undefined ? message : t.ui('codeLimit', { minutes: Math.max(1, Math.ceil(wait / 60)) })
  }

  /** When a refused send may be tried again: the server's wait, else `fallback`. */
  function resendAtAfter(caught: unknown, fallback: number): number {
    const wait = limitWait(caught)
    return wait === undefined ? fallback : Date.now() + wait * 1000
  }

  /**
   * "Resend code", offered once `step.resendAt` has passed: until then it says how long is left and
   * does nothing (aria-disabled: it keeps its place for the keyboard). Its countdown stops when the
   * button is done counting or is no longer shown (another screen replaced it).
   */
  function resendButton(step: CodeStep, onResend: () => void) {
    const element = h('button', { type: 'button', className: 'button', testId: 'embedded-resend-code-button', onclick: () => Date.now() >= step.resendAt && onResend() }, t.ui('resendCode'))
    let timer: ReturnType<typeof setInterval> | undefined
    const tick = () => {
      if (timer !== undefined && !element.isConnected) return clearInterval(timer)
      const left = Math.ceil((step.resendAt - Date.now()) / 1000)
      if (left > 0) {
        element.setAttribute('aria-disabled', 'true')
        element.textContent = t.ui('resendIn', { time: formatWait(left) })
        return
      }
      element.removeAttribute('aria-disabled')
      element.textContent = t.ui('resendCode')
      if (timer !== undefined) clearInterval(timer)
    }
    tick()
    if (element.hasAttribute('aria-disabled')) timer = setInterval(tick, 1000)
    return element
  }

  /** A new code for `step.email` (the old one stops working); a refused send keeps the step, with the reason and the server's wait. */
  function resend(step: CodeStep, request: (email: string) => Promise<{ requestId: string }>, draw: (step: CodeStep, shown?: CodeShown) => void) {
    void run(
      t.ui('sending'),
      async () => {
        const { requestId } = await request(step.email)
        draw({ email: step.email, requestId, resendAt: Date.now() + cooldownMs, resent: true })
      },
      (message, caught) => draw({ ...step, resendAt: resendAtAfter(caught, step.resendAt) }, { error: sendErrorOf(message, caught) }),
    )
  }

  /** After the code step is drawn: the code the user typed is back in its field, selected, to correct it. */
  function restoreCode(testId: string, code: string | undefined) {
    const input = root.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`)
    if (!input || !code) return
    input.value = code
    input.focus()
    input.select()
  }

  function field(name: string, label: string, testId: string, attributes: Record<string, string>) {
    const id = `field-${testId}`
    return h('div', { className: 'field' }, h('label', { for: id }, label), h('input', { id, name, className: 'input', required: true, testId, ...attributes }))
  }

  function emailField(testId: string) {
    return field('email', t.ui('emailLabel'), testId, { type: 'email', autocomplete: 'email', inputmode: 'email', maxlength: '254' })
  }

  function codeField(testId: string) {
    return field('code', t.ui('codeLabel'), testId, { type: 'text', inputmode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}', maxlength: '6', className: 'input code' })
  }

  /** Every form of these screens does something consequential: it submits only as screenGuard.ts allows. */
  function form(onSubmit: (data: FormData) => void, ...children: (Node | false | undefined)[]) {
    return guarded.form(h('form', { className: 'stack', novalidate: true }, ...children), onSubmit)
  }

  /** A button that only moves between screens (Back, Cancel, Hide): no guard. */
  function button(label: string, testId: string, onClick: () => void, primary = false) {
    return h('button', { type: 'button', className: primary ? 'button primary' : 'button', testId, onclick: onClick }, label)
  }

  /** A button that acts (unlocks, creates, approves, reveals, cancels a recovery): guarded. */
  function action(label: string, testId: string, onClick: () => void, options: { primary?: boolean; autofocus?: boolean; describedBy?: string } = {}) {
    const element = h('button', {
      type: 'button',
      className: options.primary ? 'button primary' : 'button',
      testId,
      ...(options.autofocus ? { 'data-autofocus': true } : {}),
      ...(options.describedBy ? { 'aria-describedby': options.describedBy } : {}),
    }, label)
    return guarded.button(element, onClick)
  }

  return { parameters, wallet, t, root, vaultOrigin, cooldownMs, state, discardRecovery, screen, busy, close, run, sendErrorOf, resendButton, resend, restoreCode, field, emailField, codeField, form, button, action }
}

/** The wallet's drawing kit and shared state (createScreenKit), as every screen module gets it. */
export type ScreenKit = ReturnType<typeof createScreenKit>

/** A pairing this device opened ("Add a device"). */
type OpenPairing = Awaited<ReturnType<EmbeddedWallet['startPairing']>>

/** Every screen, by name: how a screen module reaches the screens of another (`go`). */
export type Screens = {
  /** `stay`: the home screen itself, even with a recovery of this browser to come back to (else that comes first). */
  home(options?: { creating?: boolean; error?: string; lostPasskey?: boolean; stay?: boolean; unlocked?: boolean }): Promise<void>
  unlock(address: Address): void
  recoveryAlert(address: Address, recovery: PendingRecovery, error?: string, rest?: readonly PendingRecovery[]): void
  /** After an unlock: the wallet's waiting recoveries in turn (then the page gets the wallet), else `otherwise`. */
  reviewRecoveries(address: Address, otherwise: () => void): Promise<void>
  addDevice(address: Address): void
  compareDevice(pairing: OpenPairing, fingerprint: string, error?: string): void
  joinConfirm(code: string): void
  joinStart(code?: string, error?: string, submitNow?: boolean): void
  joinWaiting(device: JoiningDevice): void
  joinPasskey(device: JoiningDevice, address: Address, error?: string): void
  reveal(address: Address): void
  activity(address: Address): void
  createStart(email: string): void
  createCode(step: CodeStep, shown?: CodeShown): void
  createWallet(email: string): Promise<void>
  createVerified(email: string, error?: string): void
  recoverEmail(error?: string, email?: string): void
  recoverCode(step: CodeStep, shown?: CodeShown): void
  recoverChoose(wallets: { walletId: string; address: Address; createdAt: string }[], error?: string): void
  recoverWaiting(status: RecoveryStatus, error?: string): void
  recoverVetoed(status: RecoveryStatus): void
  recoverPasskey(address: Address, error?: string): void
}
