import type { Address } from 'viem'
import { utcMinute } from '@/lib/i18n/format'
import { h, show } from './dom'
import { trapFocus } from './focusTrap'
import type { VaultStrings } from './strings'
import type { PendingRecovery, RecoveryStatus } from '@/lib/embedded/apiTypes'
import { formatPairingCode } from '@/lib/embedded/pairingCode'
import { qrCodeSvg } from './qrCode'
import type { EmbeddedWallet, JoiningDevice, PreparedRecovery, RecoverySettings, WalletActivity } from './wallet'
import { settingsFromLog } from './wallet'
import { PAIRING_POLL_MS } from './wallet'

/**
 * The embedded wallet's screens, in the vault: unlock the wallet this device holds, create one
 * (email → emailed code → passkey), recover by email (code → choose the wallet → new passkey), reveal
 * the recovery phrase. Everything here — records, ciphertext, passkeys, the phrase — stays in the
 * vault's origin; the page learns the chosen address and nothing else.
 */
type WalletScreens = ReturnType<typeof createWalletScreens>

/** A wallet's creation time in the reader's own locale and time zone. */
function formatDate(iso: string, locale: string): string {
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

function pointsToRecovery(caught: unknown): boolean {
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
type CodeStep = { email: string; requestId: string; resendAt: number; resent?: boolean }
/** What a code step shows when it is drawn again: the error, and the code the user typed (kept, to correct it). */
type CodeShown = { error?: string | undefined; code?: string | undefined }

/** The vault link a QR code carries for "add a device": the code in the fragment, never sent to a server by the browser. */
export function pairingLink(vaultOrigin: string, code: string): string {
  return `${vaultOrigin}/#pair=${formatPairingCode(code)}`
}

/** The label of a log entry's kind, in the page's language (unknown kinds by their own name). */
const EVENT_LABELS: Record<string, string> = {
  created: 'eventCreated',
  device_added: 'eventDeviceAdded',
  recovery_started: 'eventRecoveryStarted',
  recovery_key_released: 'eventRecoveryKeyReleased',
  recovery_completed: 'eventRecoveryCompleted',
  recovery_cancelled: 'eventRecoveryCancelled',
  settings_changed: 'eventSettingsChanged',
}

/** The log as the user downloads it: every entry with its hashes, and what the check here found. */
export function activityExport(activity: WalletActivity, exportedAt = new Date()) {
  return {
    format: 'sigil-wallet-log/v1',
    walletId: activity.walletId,
    address: activity.address,
    exportedAt: exportedAt.toISOString(),
    check: activity.check,
    events: activity.events.map((event) => ({ ...event, at: event.at.toISOString() })),
  }
}

export function createWalletScreens(parameters: { root: HTMLElement; wallet: EmbeddedWallet; t: VaultStrings; locale: string; resendCooldownSeconds?: number; vaultOrigin?: string }) {
  const { root, wallet, t } = parameters
  const vaultOrigin = parameters.vaultOrigin ?? globalThis.location?.origin ?? ''
  let joining: JoiningDevice | undefined
  /** Stops whatever a pairing screen is waiting for when another screen takes over. */
  let stopWaiting: AbortController | undefined
  const cooldownMs = (parameters.resendCooldownSeconds ?? RESEND_COOLDOWN_SECONDS) * 1000
  let prepared: PreparedRecovery | undefined
  let release: (() => void) | undefined
  let finish: ((address: Address | undefined) => void) | undefined

  function discardRecovery() {
    prepared?.dispose()
    prepared = undefined
    joining?.dispose()
    joining = undefined
    stopWaiting?.abort()
    stopWaiting = undefined
  }

  /**
   * Draws one screen: a card with the title, the screen's content and, when set, the error line and
   * what follows it (a way forward from that error).
   */
  function screen(step: string, content: (Node | string | false | undefined)[], error?: string, afterError: Node[] = []) {
    release?.()
    const card = h(
      'section',
      { className: 'card', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'wallet-title', testId: 'embedded-panel', 'data-step': step },
      h('div', { className: 'header' }, h('h1', { id: 'wallet-title' }, t.ui('title')), h('button', { type: 'button', className: 'button quiet', testId: 'embedded-cancel-button', onclick: () => close(undefined) }, t.ui('cancel'))),
      ...content,
      error && h('p', { role: 'alert', className: 'error', testId: 'connect-error' }, error),
      ...(error ? afterError : []),
    )
    card.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        close(undefined)
      }
    })
    show(root, card)
    root.scrollTop = 0
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
    const done = finish
    finish = undefined
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

  function form(onSubmit: (data: FormData) => void, ...children: (Node | false | undefined)[]) {
    const element = h('form', { className: 'stack', novalidate: true }, ...children)
    element.addEventListener('submit', (event) => {
      event.preventDefault()
      onSubmit(new FormData(element))
    })
    return element
  }

  function button(label: string, testId: string, onClick: () => void, primary = false) {
    return h('button', { type: 'button', className: primary ? 'button primary' : 'button', testId, onclick: onClick }, label)
  }

  /**
   * The first screen: this device's wallet (unlock, reveal, recover, create another), else the create
   * form. `lostPasskey`: the passkey failed, so the error says how to recover by email, with the button
   * that starts it for the wallet's email.
   */
  async function home(options: { creating?: boolean; error?: string; lostPasskey?: boolean } = {}) {
    const [records, started] = await Promise.all([wallet.list().catch(() => []), wallet.startedRecovery().catch(() => undefined)])
    const newest = records[0]
    // A recovery this browser started earlier (its cookie outlives the delay): the way back to finish it.
    const comeBack =
      started?.state === 'started'
        ? h(
            'div',
            { className: 'stack', testId: 'embedded-recovery-here' },
            h('p', { className: 'muted' }, t.ui('recoveryPendingHere', { address: started.address })),
            h('div', { className: 'actions' }, button(t.ui('recoveryFinish'), 'embedded-recovery-resume-button', () => recoverWaiting(started), true)),
          )
        : undefined
    if (newest && !options.creating) {
      const recoverHere =
        options.lostPasskey && options.error
          ? [
              h('p', { className: 'muted', id: 'lost-passkey-hint', testId: 'embedded-lost-passkey' }, t.ui('lostPasskey')),
              h(
                'div',
                { className: 'actions' },
                h('button', { type: 'button', className: 'button primary', testId: 'embedded-lost-passkey-recover-button', 'aria-describedby': 'lost-passkey-hint', onclick: () => recoverEmail(undefined, newest.email) }, t.ui('recover')),
              ),
            ]
          : []
      screen(
        'home',
        [
          comeBack,
          h('p', { className: 'muted' }, t.ui('existing')),
          h('p', { className: 'mono', testId: 'embedded-existing-address' }, newest.address),
          h('div', { className: 'actions' }, button(t.ui('unlock'), 'embedded-unlock-button', () => unlock(newest.address), true), button(t.ui('reveal'), 'embedded-reveal-button', () => reveal(newest.address))),
          h('div', { className: 'actions' }, button(t.ui('addDevice'), 'embedded-add-device-button', () => addDevice(newest.address)), button(t.ui('activity'), 'embedded-activity-button', () => activity(newest.address))),
          h('div', { className: 'actions' }, button(t.ui('recover'), 'embedded-recover-button', () => recoverEmail()), button(t.ui('createAnother'), 'embedded-new-wallet-button', () => void home({ creating: true }))),
          h('div', { className: 'actions' }, button(t.ui('haveElsewhere'), 'embedded-join-button', () => joinStart())),
        ],
        options.error,
        recoverHere,
      )
      root.querySelector<HTMLElement>(recoverHere.length > 0 ? '[data-testid="embedded-lost-passkey-recover-button"]' : '[data-testid="embedded-unlock-button"]')?.focus()
      return
    }
    screen(
      'home',
      [
        comeBack,
        form(
          (data) => createStart(String(data.get('email') ?? '')),
          h('p', { className: 'muted' }, t.ui('intro')),
          emailField('embedded-email-input'),
          h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary', testId: 'embedded-create-button' }, t.ui('create')), button(t.ui('recover'), 'embedded-recover-button', () => recoverEmail())),
          h('div', { className: 'actions' }, button(t.ui('haveElsewhere'), 'embedded-join-button', () => joinStart())),
        ),
      ],
      options.error,
    )
  }

  /**
   * "Add a device", on the device that holds the wallet: one passkey touch opens a pairing; the
   * screen shows its QR code (a vault link carrying the code) and the code, and waits for a device
   * to claim it. Then the user compares the fingerprints and approves (another touch) or cancels.
   */
  function addDevice(address: Address) {
    void run(
      t.ui('unlocking'),
      async () => {
        const pairing = await wallet.startPairing(address)
        // The server's link must be this vault's own, with this code: else no QR code, the code alone.
        const link = pairingLink(vaultOrigin, pairing.code)
        const qr = pairing.link === link ? qrCodeSvg(pairing.qr, link, t.ui('addDeviceQr'), 'embedded-pairing-qr') : undefined
        const stop = new AbortController()
        stopWaiting = stop
        screen('addDevice', [
          h('p', { className: 'muted' }, t.ui('addDeviceIntro', { minutes: 10 })),
          qr,
          h('p', { className: 'pairing-code', testId: 'embedded-pairing-code' }, formatPairingCode(pairing.code)),
          h('p', { className: 'muted', role: 'status', testId: 'embedded-pairing-status' }, t.ui('addDeviceWaiting')),
          h(
            'div',
            { className: 'actions' },
            button(t.ui('back'), 'embedded-back-button', () => {
              stop.abort()
              void pairing.cancel().then(() => home())
            }),
          ),
        ])
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, PAIRING_POLL_MS))
          if (stop.signal.aborted) return
          const status = await pairing.status()
          if (stop.signal.aborted) return
          if (status.state === 'claimed' && status.fingerprint) return compareDevice(pairing, status.fingerprint)
        }
      },
      (error) => home({ error }),
    )
  }

  function compareDevice(pairing: Awaited<ReturnType<EmbeddedWallet['startPairing']>>, fingerprint: string, error?: string) {
    screen(
      'addDeviceCompare',
      [
        h('p', { className: 'muted' }, t.ui('compareIntro')),
        h('p', { className: 'fingerprint', testId: 'embedded-pairing-fingerprint' }, fingerprint),
        h(
          'div',
          { className: 'actions' },
          h(
            'button',
            {
              type: 'button',
              className: 'button primary',
              testId: 'embedded-approve-device-button',
              'data-autofocus': true,
              onclick: () =>
                void run(
                  t.ui('approving'),
                  async () => {
                    await pairing.approve()
                    screen('addDeviceDone', [
                      h('p', { role: 'status', testId: 'embedded-device-added' }, t.ui('deviceApproved')),
                      h('div', { className: 'actions' }, button(t.ui('done'), 'embedded-done-button', () => void home())),
                    ])
                  },
                  (message) => compareDevice(pairing, fingerprint, message),
                ),
            },
            t.ui('approveDevice'),
          ),
          button(t.ui('rejectDevice'), 'embedded-reject-device-button', () => void pairing.cancel().then(() => home())),
        ),
      ],
      error,
    )
  }

  /** The new device: the code (typed, or from the QR code's link, then sent at once). */
  function joinStart(code?: string, error?: string, submitNow = false) {
    discardRecovery()
    const submit = (typed: string) =>
      void run(
        t.ui('verifying'),
        async () => {
          discardRecovery()
          joining = await wallet.joinWithCode(typed)
          joinWaiting(joining)
        },
        (message) => joinStart(typed, message),
      )
    screen(
      'join',
      [
        form(
          (data) => submit(String(data.get('code') ?? '')),
          h('p', { className: 'muted' }, t.ui('joinIntro')),
          field('code', t.ui('pairCodeLabel'), 'embedded-pair-code-input', { type: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', maxlength: '13', className: 'input code' }),
          h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary', testId: 'embedded-pair-code-button' }, t.ui('chooseContinue')), button(t.ui('back'), 'embedded-back-button', () => void home())),
        ),
      ],
      error,
    )
    const input = root.querySelector<HTMLInputElement>('[data-testid="embedded-pair-code-input"]')
    if (input && code) input.value = code
    if (code && submitNow) submit(code)
  }

  /** The new device shows the fingerprint and waits for the other device's approval. */
  function joinWaiting(device: JoiningDevice) {
    const stop = new AbortController()
    stopWaiting = stop
    screen('joinWaiting', [
      h('p', { className: 'muted' }, t.ui('joinCompare')),
      h('p', { className: 'fingerprint', testId: 'embedded-pairing-fingerprint' }, device.fingerprint),
      h('p', { className: 'muted', role: 'status' }, t.ui('joinWaiting')),
      h('div', { className: 'spinner', 'aria-hidden': 'true' }),
      h('div', { className: 'actions' }, button(t.ui('back'), 'embedded-back-button', () => joinStart())),
    ])
    device.waitForApproval(stop.signal).then(
      (address) => !stop.signal.aborted && joinPasskey(device, address),
      (caught: unknown) => !stop.signal.aborted && joinStart(undefined, messageOf(caught, t)),
    )
  }

  function joinPasskey(device: JoiningDevice, address: Address, error?: string) {
    screen(
      'joinPasskey',
      [
        h('p', { className: 'muted', testId: 'embedded-join-address' }, t.ui('joinPasskeyIntro', { address })),
        h(
          'button',
          {
            type: 'button',
            className: 'button primary',
            testId: 'embedded-join-passkey-button',
            'data-autofocus': true,
            onclick: () =>
              void run(
                t.ui('joining'),
                async () => {
                  try {
                    await device.finish()
                  } catch (caught) {
                    if ((caught as { code?: unknown } | null)?.code !== 'embedded_passkey_cancelled') discardRecovery()
                    throw caught
                  }
                  joining = undefined
                  close(address)
                },
                (message) => (joining ? joinPasskey(device, address, message) : joinStart(undefined, message)),
              ),
          },
          t.ui('newPasskey'),
        ),
        button(t.ui('back'), 'embedded-back-button', () => joinStart()),
      ],
      error,
    )
  }

  /** The least waits an owner may choose before an email recovery's key is released (null: the site's). */
  const DELAY_CHOICES: readonly [number | null, 'settingsDelayDefault' | 'settingsDelayWeek' | 'settingsDelayMonth'][] = [
    [null, 'settingsDelayDefault'],
    [7 * 86_400, 'settingsDelayWeek'],
    [30 * 86_400, 'settingsDelayMonth'],
  ]

  /** The owner's recovery settings: email recovery on or off, and a longer wait; saved with one passkey touch. */
  function settingsForm(address: Address, current: RecoverySettings) {
    const note = h('p', { className: 'muted', role: 'status', testId: 'embedded-settings-note' })
    const element = form(
      (data) => {
        const delay = data.get('delay')
        const settings: RecoverySettings = { emailRecovery: data.get('emailRecovery') === 'on', recoveryDelaySeconds: delay ? Number(delay) : null }
        note.textContent = t.ui('approving')
        wallet.saveSettings(address, settings).then(
          () => {
            note.textContent = t.ui('settingsSaved')
          },
          (error: unknown) => {
            note.textContent = messageOf(error, t)
          },
        )
      },
      h('h2', {}, t.ui('settingsHeading')),
      h(
        'label',
        { className: 'choice' },
        h('input', { type: 'checkbox', name: 'emailRecovery', testId: 'embedded-settings-email', ...(current.emailRecovery ? { checked: true } : {}) }),
        h('span', {}, t.ui('settingsEmail')),
      ),
      h('p', { className: 'muted' }, t.ui('settingsEmailOff')),
      h(
        'div',
        { className: 'field' },
        h('label', { for: 'field-embedded-settings-delay' }, t.ui('settingsDelay')),
        h(
          'select',
          { id: 'field-embedded-settings-delay', name: 'delay', className: 'input', testId: 'embedded-settings-delay' },
          DELAY_CHOICES.map(([seconds, label]) => h('option', { value: seconds === null ? '' : String(seconds), ...(current.recoveryDelaySeconds === seconds ? { selected: true } : {}) }, t.ui(label))),
        ),
      ),
      h('button', { type: 'submit', className: 'button', testId: 'embedded-settings-save' }, t.ui('settingsSave')),
      note,
    )
    return element
  }

  /** The wallet's log, checked here: each entry with its date, and "verified" or a warning. */
  function activity(address: Address) {
    void run(
      t.ui('unlocking'),
      async () => {
        const log = await wallet.activity(address)
        const status = log.check.ok
          ? h('p', { className: 'verified', role: 'status', testId: 'embedded-activity-check', 'data-verified': 'true' }, t.ui('activityVerified', { count: log.check.entries }))
          : h('p', { className: 'error', role: 'alert', testId: 'embedded-activity-check', 'data-verified': 'false' }, t.ui('activityBroken', { seq: log.check.brokenAt }))
        const items = log.events
          .slice()
          .reverse()
          .map((event) =>
            h(
              'li',
              { testId: 'embedded-activity-entry', 'data-kind': event.kind },
              h('strong', {}, EVENT_LABELS[event.kind] ? t.ui(EVENT_LABELS[event.kind]!) : event.kind),
              ' ',
              h('time', { className: 'muted', datetime: event.at.toISOString() }, formatDate(event.at.toISOString(), parameters.locale)),
            ),
          )
        screen('activity', [
          h('p', { className: 'muted' }, t.ui('activityIntro')),
          status,
          h('ol', { className: 'activity' }, items),
          // Only from a log whose chain checks out here: the form starts from what the log says.
          log.check.ok && settingsForm(address, settingsFromLog(log.events)),
          h(
            'div',
            { className: 'actions' },
            button(t.ui('export'), 'embedded-activity-export-button', () => {
              const blob = new Blob([JSON.stringify(activityExport(log), null, 2)], { type: 'application/json' })
              const url = URL.createObjectURL(blob)
              const link = h('a', { href: url, download: `sigil-wallet-log-${log.address}.json` })
              document.body.append(link)
              link.click()
              link.remove()
              setTimeout(() => URL.revokeObjectURL(url), 10_000)
            }),
            button(t.ui('back'), 'embedded-back-button', () => void home()),
          ),
        ])
      },
      (error) => home({ error }),
    )
  }

  function createStart(email: string) {
    void run(
      t.ui('sending'),
      async () => {
        const { requestId } = await wallet.requestEmailCode(email)
        createCode({ email: email.trim(), requestId, resendAt: Date.now() + cooldownMs })
      },
      (error, caught) => home({ creating: true, error: sendErrorOf(error, caught) }),
    )
  }

  function createCode(step: CodeStep, shown: CodeShown = {}) {
    const { email, requestId } = step
    screen(
      'createCode',
      [
        form(
          (data) => {
            const code = String(data.get('code') ?? '')
            let confirmed = false
            void run(
              t.ui('verifying'),
              async () => {
                await wallet.verifyEmailCode(requestId, code)
                confirmed = true
                await createWallet(email)
              },
              // A proven email stays proven for a while: a cancelled passkey prompt is retried without a new code.
              (message) => (confirmed ? createVerified(email, message) : createCode(step, { error: message, code })),
            )
          },
          h('p', { className: 'muted', role: 'status', testId: 'embedded-confirm-code-sent' }, step.resent ? t.ui('codeResent', { email }) : t.ui('confirmCodeSent', { email })),
          codeField('embedded-confirm-code-input'),
          h(
            'div',
            { className: 'actions' },
            h('button', { type: 'submit', className: 'button primary', testId: 'embedded-confirm-code-button' }, t.ui('confirmEmail')),
            resendButton(step, () => resend(step, (address) => wallet.requestEmailCode(address), createCode)),
            button(t.ui('back'), 'embedded-back-button', () => void home({ creating: true })),
          ),
        ),
      ],
      shown.error,
    )
    restoreCode('embedded-confirm-code-input', shown.code)
  }

  async function createWallet(email: string) {
    busy(t.ui('creating'))
    close(await wallet.create(email))
  }

  function createVerified(email: string, error?: string) {
    screen(
      'createVerified',
      [
        h('p', { className: 'muted', role: 'status', testId: 'embedded-email-confirmed' }, t.ui('emailConfirmed')),
        h(
          'div',
          { className: 'actions' },
          h('button', { type: 'button', className: 'button primary', testId: 'embedded-create-passkey-button', 'data-autofocus': true, onclick: () => void run(t.ui('creating'), () => createWallet(email), (message) => createVerified(email, message)) }, t.ui('create')),
          button(t.ui('back'), 'embedded-back-button', () => void home({ creating: true })),
        ),
      ],
      error,
    )
  }

  function unlock(address: Address) {
    void run(
      t.ui('unlocking'),
      async () => {
        await wallet.unlock(address)
        // The owner's veto: a recovery someone started by email is shown on the device that holds the
        // wallet, while its key is still locked. A failed check never blocks the unlock.
        const pending = await wallet.pendingRecoveries().catch(() => [])
        if (pending[0]) recoveryAlert(address, pending[0])
        else close(address)
      },
      (error, caught) => home({ error, lostPasskey: pointsToRecovery(caught) }),
    )
  }

  /** "A recovery of this wallet started on … from … — Cancel": one passkey touch cancels it. */
  function recoveryAlert(address: Address, recovery: PendingRecovery, error?: string) {
    const from = recovery.place ? `${recovery.browser}, ${recovery.place}` : recovery.browser
    screen(
      'recoveryAlert',
      [
        h('p', { role: 'alert', className: 'error', testId: 'embedded-recovery-alert' }, t.ui('recoveryAlert', { date: formatDate(recovery.startedAt, parameters.locale), from })),
        h(
          'div',
          { className: 'actions' },
          h(
            'button',
            {
              type: 'button',
              className: 'button primary',
              testId: 'embedded-veto-button',
              'data-autofocus': true,
              onclick: () =>
                void run(
                  t.ui('cancellingRecovery'),
                  async () => {
                    await wallet.cancelRecovery(recovery.recoveryId)
                    screen('recoveryCancelled', [
                      h('p', { role: 'status', testId: 'embedded-recovery-cancelled' }, t.ui('recoveryCancelledHere')),
                      h('div', { className: 'actions' }, button(t.ui('continue'), 'embedded-continue-button', () => close(address), true)),
                    ])
                  },
                  (message) => recoveryAlert(address, recovery, message),
                ),
            },
            t.ui('cancelRecovery'),
          ),
          button(t.ui('keepRecovery'), 'embedded-keep-recovery-button', () => close(address)),
        ),
      ],
      error,
    )
  }

  function reveal(address: Address) {
    void run(
      t.ui('unlocking'),
      async () => {
        const words = await wallet.revealPhrase(address)
        const phrase = h('p', { className: 'mono phrase', testId: 'embedded-phrase', 'aria-live': 'polite' })
        screen('reveal', [
          h('p', { className: 'muted' }, t.ui('revealIntro')),
          phrase,
          h(
            'button',
            {
              type: 'button',
              className: 'button primary',
              testId: 'embedded-hide-phrase-button',
              'data-autofocus': true,
              onclick: () => {
                phrase.textContent = ''
                void home()
              },
            },
            t.ui('hide'),
          ),
        ])
        phrase.textContent = words
      },
      (error, caught) => home({ error, lostPasskey: pointsToRecovery(caught) }),
    )
  }

  /** The recovery's first step; `email` fills the field (the wallet on this device names its email). */
  function recoverEmail(error?: string, email?: string) {
    discardRecovery()
    screen(
      'recoverEmail',
      [
        form(
          (data) => {
            const email = String(data.get('email') ?? '')
            void run(
              t.ui('sending'),
              async () => {
                const { requestId } = await wallet.requestRecoveryCode(email)
                recoverCode({ email: email.trim(), requestId, resendAt: Date.now() + cooldownMs })
              },
              (message, caught) => recoverEmail(sendErrorOf(message, caught), email),
            )
          },
          h('p', { className: 'muted' }, t.ui('recoverIntro')),
          emailField('embedded-recover-email-input'),
          h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary', testId: 'embedded-send-code-button' }, t.ui('sendCode')), button(t.ui('back'), 'embedded-back-button', () => void home())),
        ),
      ],
      error,
    )
    const field = root.querySelector<HTMLInputElement>('[data-testid="embedded-recover-email-input"]')
    if (field && email) {
      field.value = email
      // The email is there already: the next step is sending the code.
      root.querySelector<HTMLElement>('[data-testid="embedded-send-code-button"]')?.focus()
    }
  }

  function recoverCode(step: CodeStep, shown: CodeShown = {}) {
    const { email, requestId } = step
    screen(
      'recoverCode',
      [
        form(
          (data) => {
            const code = String(data.get('code') ?? '')
            void run(
              t.ui('verifying'),
              async () => {
                const { wallets } = await wallet.verifyRecoveryCode(requestId, code)
                // Never chosen for the user, even when there is one: the user confirms the address they know.
                if (wallets.length > 0) recoverChoose(wallets)
                else recoverEmail(t.error('embedded_wallet_not_found'))
              },
              (message) => recoverCode(step, { error: message, code }),
            )
          },
          h('p', { className: 'muted', role: 'status', testId: 'embedded-code-sent' }, step.resent ? t.ui('codeResent', { email }) : t.ui('codeSent', { email })),
          codeField('embedded-code-input'),
          h(
            'div',
            { className: 'actions' },
            h('button', { type: 'submit', className: 'button primary', testId: 'embedded-verify-code-button' }, t.ui('verify')),
            resendButton(step, () => resend(step, (address) => wallet.requestRecoveryCode(address), recoverCode)),
            button(t.ui('back'), 'embedded-back-button', () => recoverEmail(undefined, email)),
          ),
        ),
      ],
      shown.error,
    )
    restoreCode('embedded-code-input', shown.code)
  }

  function recoverChoose(wallets: { walletId: string; address: Address; createdAt: string }[], error?: string) {
    screen(
      'recoverChoose',
      [
        form(
          (data) => {
            const walletId = String(data.get('wallet') ?? '')
            void run(
              t.ui('verifying'),
              async () => {
                discardRecovery()
                const started = await wallet.startRecovery(walletId)
                if (started.secondsLeft > 0) return recoverWaiting(started)
                prepared = await wallet.prepareRecovery(walletId)
                recoverPasskey(prepared.address)
              },
              (message) => recoverChoose(wallets, message),
            )
          },
          h(
            'fieldset',
            { className: 'choices' },
            h('legend', {}, t.ui('chooseWallet')),
            h('p', { className: 'muted' }, t.ui('chooseWalletHint')),
            // No default: a wallet someone else made with this email must never be one tap away.
            wallets.map((choice) =>
              h(
                'label',
                { className: 'choice' },
                h('input', { type: 'radio', name: 'wallet', value: choice.walletId, required: true, testId: `embedded-wallet-choice-${choice.address}` }),
                h('span', {}, h('span', { className: 'mono' }, choice.address), ' ', h('time', { className: 'muted', datetime: choice.createdAt, testId: 'embedded-wallet-created' }, t.ui('createdOn', { date: formatDate(choice.createdAt, parameters.locale) }))),
              ),
            ),
          ),
          h('button', { type: 'submit', className: 'button primary', testId: 'embedded-choose-button' }, t.ui('chooseContinue')),
        ),
      ],
      error,
    )
  }

  /**
   * A started recovery waiting for its delay: when the key is released (the date, and the time left by
   * the server's clock). "Finish recovery" asks for the key; before its time the server refuses and
   * this screen is drawn again with the time it says is left.
   */
  function recoverWaiting(status: RecoveryStatus, error?: string) {
    screen(
      'recoverWaiting',
      [
        h(
          'p',
          { className: 'muted', role: 'status', testId: 'embedded-recovery-waiting', 'data-release-at': status.releaseAt },
          t.ui('recoveryWaiting', { address: status.address, date: formatDate(status.releaseAt, parameters.locale), timeLeft: formatWait(status.secondsLeft) }),
        ),
        h(
          'div',
          { className: 'actions' },
          button(
            t.ui('recoveryFinish'),
            'embedded-recovery-finish-button',
            () =>
              void run(
                t.ui('verifying'),
                async () => {
                  discardRecovery()
                  prepared = await wallet.prepareRecovery(status.walletId)
                  recoverPasskey(prepared.address)
                },
                (message, caught) => {
                  const values = (caught as { code?: unknown; values?: { releaseAt?: unknown; secondsLeft?: unknown } } | null)
                  if (values?.code === 'embedded_recovery_pending' && typeof values.values?.secondsLeft === 'number') {
                    return recoverWaiting({ ...status, secondsLeft: values.values.secondsLeft })
                  }
                  recoverWaiting(status, message)
                },
              ),
            true,
          ),
          button(t.ui('back'), 'embedded-back-button', () => void home()),
        ),
      ],
      error,
    )
  }

  function recoverPasskey(address: Address, error?: string) {
    screen(
      'recoverPasskey',
      [
        h('p', { className: 'muted', testId: 'embedded-recover-address' }, t.ui('newPasskeyIntro', { address })),
        h(
          'button',
          {
            type: 'button',
            className: 'button primary',
            testId: 'embedded-new-passkey-button',
            'data-autofocus': true,
            onclick: () => {
              const recovery = prepared
              if (!recovery) return
              void run(
                t.ui('recovering'),
                async () => {
                  try {
                    await recovery.finish()
                  } catch (caught) {
                    // A dismissed prompt can be retried with the same key; any other failure wipes it.
                    if ((caught as { code?: unknown } | null)?.code !== 'embedded_passkey_cancelled') discardRecovery()
                    throw caught
                  }
                  prepared = undefined
                  close(address)
                },
                (message) => (prepared ? recoverPasskey(address, message) : recoverEmail(message)),
              )
            },
          },
          t.ui('newPasskey'),
        ),
        button(t.ui('back'), 'embedded-back-button', () => recoverEmail()),
      ],
      error,
    )
  }

  return {
    /** Shows the wallet's screens until the user connects a wallet (its address) or cancels (undefined). */
    open(options: { pairCode?: string | undefined } = {}): Promise<Address | undefined> {
      finish?.(undefined)
      return new Promise((resolve) => {
        finish = resolve
        busy(t.ui('title'))
        // Opened from the QR code's link: straight to entering that code.
        if (options.pairCode) joinStart(options.pairCode, undefined, true)
        else void home()
      })
    },
    /** Closes the screens as cancelled (the page went away, another request took over). */
    cancel(): void {
      if (finish) close(undefined)
    },
  }
}
