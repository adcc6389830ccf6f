import {
  InvalidParamsRpcError,
  ProviderRpcError,
  UnauthorizedProviderError,
  UserRejectedRequestError,
} from 'viem'
import {
  MAX_VAULT_MESSAGE_BYTES,
  parseVaultMessage,
  VAULT_LOAD_TIMEOUT_MS,
  VAULT_PROTOCOL,
  type PageMessage,
  type VaultError,
  type VaultMethod,
} from './vault/protocol'
import { VaultUnavailableError } from '@sigil/lib/embedded/errors'
import { embedded } from '@sigil/lib/i18n/embedded'
import { isLocale, type Locale } from '@sigil/lib/i18n/locales'
import { loadCatalogue } from '@sigil/lib/i18n/loadCatalogue'

/**
 * The page's side of the embedded wallet's vault (connectors/embedded/vault/): the wallet's keys,
 * passkeys and confirmation sheet live in another origin (`VAULT_ORIGIN`), which this module reaches
 * only by `postMessage`. It checks the vault's exact origin and window on every message, and the vault
 * checks the page's. Nothing of the wallet passes through here but addresses and signatures.
 *
 * Where it is shown: in a frame in a top-layer `<dialog>` of its own (created once, never moved, so the
 * unlocked key survives between requests) when the browser can tell the vault whether its frame is
 * seen (IntersectionObserver v2); in a popup window otherwise, which no page can cover.
 */

export type VaultClient = {
  /**
   * Asks the vault. With `signal`, the asker may leave (the user went back, or closed the dialog the
   * request came from): once it aborts, a request not yet shown is never shown (no frame, no window,
   * no prompt) and answers 4001 at once; one shown in a popup closes that popup (it answers 4001 too).
   */
  request(method: VaultMethod, params?: unknown, options?: { signal?: AbortSignal | undefined }): Promise<unknown>
  /** The key left the vault's memory (auto-lock). */
  onLocked(listener: () => void): () => void
  /** Where approvals happen in this browser, once known. */
  readonly mode: 'frame' | 'popup' | undefined
}

export type VaultClientParameters = {
  vaultOrigin: string
  /** The page's language, for the vault's strings. */
  locale?: (() => string | undefined) | undefined
}


/** A vault answer as viem's error of the same EIP-1193 / EIP-1474 code. */
export function fromVaultError(error: VaultError): Error {
  // What the vault said beyond the code: a wallet error code, or why (`recovery_pending` and its release time).
  const cause = Object.assign(new Error(error.message), { code: error.data?.code, reason: error.data?.reason, releaseAt: error.data?.releaseAt })
  switch (error.code) {
    case UserRejectedRequestError.code:
      return new UserRejectedRequestError(cause)
    case UnauthorizedProviderError.code:
      return new UnauthorizedProviderError(cause)
    case InvalidParamsRpcError.code:
      return new InvalidParamsRpcError(cause)
    default:
      return new ProviderRpcError(cause, { code: error.code, shortMessage: error.message })
  }
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void }

function newId(): string {
  return crypto.randomUUID()
}

/**
 * The page-side strings in `locale` (the embedded section of its catalogue; English otherwise): the
 * blocked-popup prompt's, and the wallet's name that labels the vault's dialog and frame.
 */
async function promptStrings(locale: string | undefined): Promise<Record<'opensInWindow' | 'continue' | 'cancel' | 'title', string>> {
  const english = { opensInWindow: embedded.ui.opensInWindow, continue: embedded.ui.continue, cancel: embedded.ui.cancel, title: embedded.ui.title }
  if (!isLocale(locale) || locale === 'en') return english
  // Fetched when the frame or the prompt first shows (the page already loaded it for its own view).
  const section = (await loadCatalogue(locale).catch(() => undefined))?.embedded
  return section ? { opensInWindow: section.opensInWindow, continue: section.continue, cancel: section.cancel, title: section.title } : english
}

function vaultUrl(parameters: VaultClientParameters, mode: 'frame' | 'popup'): string {
  const url = new URL('/', parameters.vaultOrigin)
  url.searchParams.set('mode', mode)
  const locale = parameters.locale?.()
  if (locale) url.searchParams.set('lang', locale)
  return url.href
}

/** A window of the vault (the frame's or a popup), greeted until it answers `ready`. */
type Channel = {
  target: () => Window | null
  ready: Promise<'frame' | 'popup'>
  pending: Map<string, Pending>
  /** Its window went away before it was ready (a popup the user closed): `ready` rejects with `error`. */
  fail(error: Error): void
}

/** The answer to a request whose asker left (its signal aborted): the user's "no", EIP-1193's 4001. */
function leftError(): UserRejectedRequestError {
  return new UserRejectedRequestError(new Error('The user left the wallet before answering.'))
}

/** `promise`, or 4001 as soon as `signal` aborts, whichever comes first. */
function unlessLeft<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) return Promise.reject(leftError())
  return new Promise((resolve, reject) => {
    const left = () => reject(leftError())
    signal.addEventListener('abort', left, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', left)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', left)
        reject(error)
      },
    )
  })
}

export function createVaultClient(parameters: VaultClientParameters): VaultClient {
  const origin = new URL(parameters.vaultOrigin).origin
  const lockedListeners = new Set<() => void>()
  let mode: 'frame' | 'popup' | undefined
  let frame: { dialog: HTMLDialogElement; iframe: HTMLIFrameElement; channel: Channel } | undefined
  let returnFocus: Element | null = null

  function post(channel: Pick<Channel, 'target'>, message: PageMessage) {
    channel.target()?.postMessage(message, origin)
  }

  /**
   * Whether `target` shows another origin's document yet (reading its location throws then): until it
   * does, it is the initial blank page, and a message sent to the vault's origin would not arrive.
   */
  function showsOtherOrigin(target: Window | null): boolean {
    if (!target) return false
    try {
      void target.location.href
      return false
    } catch {
      return true
    }
  }

  /**
   * Greets `target` every 250 ms until it says `ready`, for at most `VAULT_LOAD_TIMEOUT_MS`; the
   * returned functions settle it sooner (its answer, or its window gone).
   */
  function greet(channel: Pick<Channel, 'target'>, resolveReady: (approvals: 'frame' | 'popup') => void, rejectReady: (error: Error) => void) {
    const started = Date.now()
    const hello = () => {
      if (showsOtherOrigin(channel.target())) post(channel, { protocol: VAULT_PROTOCOL, type: 'hello' })
    }
    const timer = setInterval(() => {
      if (Date.now() - started > VAULT_LOAD_TIMEOUT_MS) {
        clearInterval(timer)
        rejectReady(new VaultUnavailableError({ details: `no answer from ${origin} within ${VAULT_LOAD_TIMEOUT_MS} ms` }))
        return
      }
      hello()
    }, 250)
    hello()
    return {
      ready(approvals: 'frame' | 'popup') {
        clearInterval(timer)
        resolveReady(approvals)
      },
      fail(error: Error) {
        clearInterval(timer)
        rejectReady(error)
      },
    }
  }

  function openChannel(target: () => Window | null): Channel & { onReady(approvals: 'frame' | 'popup'): void } {
    let settle: ReturnType<typeof greet> | undefined
    const channel = { target, pending: new Map<string, Pending>() } as Channel & { onReady(approvals: 'frame' | 'popup'): void }
    channel.ready = new Promise((resolve, reject) => {
      settle = greet(channel, resolve, reject)
    })
    channel.ready.catch(() => undefined)
    channel.onReady = (approvals) => settle?.ready(approvals)
    channel.fail = (error) => settle?.fail(error)
    return channel
  }

  const channels = new Set<Channel & { onReady(approvals: 'frame' | 'popup'): void }>()

  /**
   * The control the user came from: the focused one, or the last one focused before it went (a button
   * that disables itself while its request runs drops the focus to the body).
   */
  let lastFocused: Element | null = null
  document.addEventListener('focusin', (event) => {
    if (!(event.target instanceof Element) || frame?.dialog.contains(event.target)) return
    lastFocused = event.target
  }, true)

  /** Focuses `target` once it can take the focus again (re-enabled by the app's next render), for up to a second. */
  function restoreFocus(target: Element | null, started = performance.now()) {
    if (!(target instanceof HTMLElement) || !target.isConnected) return
    if (target.matches(':disabled') && performance.now() - started < 1_000) {
      requestAnimationFrame(() => restoreFocus(target, started))
      return
    }
    target.focus()
  }

  function setVisible(visible: boolean) {
    if (!frame) return
    const { dialog, iframe } = frame
    if (visible && !dialog.open) {
      const active = document.activeElement
      returnFocus = active && active !== document.body ? active : lastFocused
      dialog.showModal()
      iframe.focus()
    } else if (!visible && dialog.open) {
      dialog.close()
      // Back to the control the user came from (the page first: the hidden frame may still hold the focus).
      window.focus()
      restoreFocus(returnFocus)
      returnFocus = null
    }
  }

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== origin) return
    const channel = [...channels].find((candidate) => candidate.target() === event.source)
    if (!channel) return
    const message = parseVaultMessage(event.data)
    if (!message) return
    switch (message.type) {
      case 'ready':
        channel.onReady(message.approvals)
        return
      case 'ui':
        if (frame && channel === frame.channel) setVisible(message.visible)
        return
      case 'locked':
        for (const listener of lockedListeners) listener()
        return
      case 'response': {
        const pending = channel.pending.get(message.id)
        if (!pending) return
        channel.pending.delete(message.id)
        if (message.error) pending.reject(fromVaultError(message.error))
        else pending.resolve(message.result)
      }
    }
  })

  function ensureFrame() {
    if (frame) return frame
    const dialog = document.createElement('dialog')
    dialog.className = 'sigil-vault'
    dialog.dataset.testid = 'vault-dialog'
    const iframe = document.createElement('iframe')
    iframe.src = vaultUrl(parameters, 'frame')
    // Named as the wallet is, in the page's language ("Email & passkey wallet").
    dialog.setAttribute('aria-label', embedded.ui.title)
    iframe.title = embedded.ui.title
    void promptStrings(parameters.locale?.()).then(({ title }) => {
      dialog.setAttribute('aria-label', title)
      iframe.title = title
    })
    iframe.dataset.testid = 'vault-frame'
    iframe.allow = `publickey-credentials-get ${origin}; publickey-credentials-create ${origin}; clipboard-write ${origin}`
    iframe.referrerPolicy = 'origin'
    // Esc belongs to the vault (its sheet answers it); the page's dialog never closes on its own.
    dialog.addEventListener('cancel', (event) => event.preventDefault())
    dialog.append(iframe)
    document.body.append(dialog)
    const channel = openChannel(() => iframe.contentWindow)
    channels.add(channel)
    frame = { dialog, iframe, channel }
    channel.ready.then((approvals) => (mode = approvals), () => undefined)
    return frame
  }

  function send(channel: Channel, method: VaultMethod, params: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = newId()
      channel.pending.set(id, { resolve, reject })
      post(channel, { protocol: VAULT_PROTOCOL, type: 'request', id, method, params })
    })
  }

  /**
   * Popup mode: the vault in a window of its own, opened inside the user's gesture when possible, kept
   * while the page is connected (it holds the unlocked key) and reused for each request; closing it
   * locks the wallet and answers what it was asked with 4001.
   */
  let popup: { window: Window; channel: Channel } | undefined

  async function viaPopup(method: VaultMethod, params: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    if (signal?.aborted) throw leftError()
    if (!popup || popup.window.closed) {
      const opened = window.open(vaultUrl(parameters, 'popup'), 'sigil-vault', 'popup=yes,width=440,height=720') ?? (await continueInClick(signal))
      const channel = openChannel(() => opened)
      channels.add(channel)
      const session = { window: opened, channel }
      popup = session
      const watch = setInterval(() => {
        if (!opened.closed) return
        clearInterval(watch)
        channels.delete(channel)
        const closed = () => new UserRejectedRequestError(new Error('The wallet window was closed.'))
        // Closed while it loaded: what waits for it hears so now, not at the load timeout.
        channel.fail(closed())
        for (const pending of channel.pending.values()) pending.reject(closed())
        channel.pending.clear()
        if (popup === session) popup = undefined
        for (const listener of lockedListeners) listener()
      }, 500)
    } else {
      popup.window.focus()
    }
    const session = popup
    try {
      await unlessLeft(session.channel.ready, signal)
      return await unlessLeft(send(session.channel, method, params), signal)
    } catch (error) {
      // The asker left while the window was up: it closes, as the user closing it would.
      if (signal?.aborted && !session.window.closed) session.window.close()
      throw error
    }
  }

  /**
   * The browser blocked the popup (no gesture left): a small prompt of the page's own whose
   * "Continue" opens it inside the user's next click; "Cancel" is a rejection (4001), and so is the
   * asker leaving (the prompt goes with it).
   */
  async function continueInClick(signal: AbortSignal | undefined): Promise<Window> {
    const strings = await unlessLeft(promptStrings(parameters.locale?.()), signal)
    return new Promise((resolve, reject) => {
      const prompt = document.createElement('dialog')
      prompt.className = 'dialog'
      prompt.dataset.testid = 'vault-continue'
      const text = document.createElement('p')
      text.textContent = strings.opensInWindow
      const go = document.createElement('button')
      go.type = 'button'
      go.className = 'button primary'
      go.textContent = strings.continue
      go.dataset.testid = 'vault-continue-button'
      const cancel = document.createElement('button')
      cancel.type = 'button'
      cancel.className = 'button'
      cancel.textContent = strings.cancel
      const left = () => {
        done()
        reject(leftError())
      }
      const done = () => {
        signal?.removeEventListener('abort', left)
        prompt.close()
        prompt.remove()
      }
      go.addEventListener('click', () => {
        const popup = window.open(vaultUrl(parameters, 'popup'), 'sigil-vault', 'popup=yes,width=440,height=720')
        if (!popup) return
        done()
        resolve(popup)
      })
      cancel.addEventListener('click', () => {
        done()
        reject(new UserRejectedRequestError(new Error('The user cancelled.')))
      })
      prompt.addEventListener('cancel', () => {
        done()
        reject(new UserRejectedRequestError(new Error('The user cancelled.')))
      })
      const row = document.createElement('div')
      row.className = 'row end'
      row.append(cancel, go)
      prompt.append(text, row)
      document.body.append(prompt)
      prompt.showModal()
      go.focus()
      signal?.addEventListener('abort', left, { once: true })
    })
  }

  return {
    get mode() {
      return mode
    },
    onLocked(listener) {
      lockedListeners.add(listener)
      return () => lockedListeners.delete(listener)
    },
    async request(method, params, { signal } = {}) {
      let serialised: string
      try {
        serialised = JSON.stringify(params ?? null)
      } catch {
        throw new InvalidParamsRpcError(new Error(`${method}: params must be JSON`))
      }
      if (new TextEncoder().encode(serialised).length > MAX_VAULT_MESSAGE_BYTES - 1024) throw new InvalidParamsRpcError(new Error(`${method}: the request is larger than ${MAX_VAULT_MESSAGE_BYTES} bytes`))
      if (signal?.aborted) throw leftError()
      const { channel } = ensureFrame()
      const approvals = await unlessLeft(channel.ready, signal)
      if (approvals === 'popup') {
        // The frame cannot vouch for what the user sees, or cannot keep the wallet: the user's side goes to a popup.
        if (method === 'vault_connect' || method === 'vault_sign') return viaPopup(method, params, signal)
        // A popup's wallet lives in the vault's first-party storage, which the frame cannot see: the
        // remembered address stands, and the popup checks it when it is first asked to sign.
        if (method === 'vault_restore') return true
        if (method === 'vault_lock') return popup && !popup.window.closed ? send(popup.channel, method, params) : null
      }
      // Once in the frame, the vault's sheet is modal: the page cannot be left under it.
      if (signal?.aborted) throw leftError()
      return send(channel, method, params)
    },
  }
}

