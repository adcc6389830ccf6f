import { getAddress, isAddress, type Address } from 'viem'
import { PasskeyCancelledError } from '@sigil/lib/embedded/errors'
import { createApprovalGuard, hasVisibilityCheck } from './approval'
import { createAutoLock } from './autoLock'
import { VAULT_CONFIG_ELEMENT_ID, type VaultPageConfig } from '@sigil/lib/embedded/vaultPageConfig'
import { parsePageMessage, VAULT_PROTOCOL, type PageMessage, type VaultMessage } from './protocol'
import { closedDuringRecovery, invalidParams, userRejected, VaultRequestError } from './rpcErrors'
import { createSheet } from './sheet'
import { createRequestAdmission } from './requestAdmission'
import { loadClearSigning, readSigningRequest, type SigningRequest } from './signing'
import { createStrings } from './strings'
import { createEmbeddedWallet } from './wallet'
import { createWalletScreens, messageOf } from './walletScreens'

/**
 * The vault page's script: the embedded wallet's keys, passkeys and confirmation sheet, in their own
 * origin. It answers one page of the app (the first `APP_ORIGIN` page that greets it from the window
 * that embeds or opened it) and nothing else: a message from any other origin or window gets no
 * answer. See protocol.ts for the messages, signing.ts for what is signed.
 */

type Request = Extract<PageMessage, { type: 'request' }>

function readConfig(): VaultPageConfig {
  const element = document.getElementById(VAULT_CONFIG_ELEMENT_ID)
  return JSON.parse(element?.textContent ?? '{}') as VaultPageConfig
}

const config = readConfig()
const t = createStrings(config.strings)
const root = document.getElementById('vault')!
/** The window whose messages count: the page that frames this vault, or the one that opened it. */
const host: Window | null = config.mode === 'popup' ? window.opener : window.parent !== window ? window.parent : null
let peer: string | undefined

const wallet = createEmbeddedWallet(config)

/**
 * Whether this window can serve the user itself (`frame`), or the page must open the vault in a
 * popup: a frame can when the browser tells it whether it is seen (IntersectionObserver v2) and lets
 * it keep the wallet (a browser that keeps no data for frames of another site refuses its storage).
 * A popup is a top-level window of the vault's own: it always can.
 */
const approvals: Promise<'frame' | 'popup'> =
  config.mode === 'popup' || !hasVisibilityCheck()
    ? Promise.resolve(config.mode === 'popup' ? 'frame' : 'popup')
    : wallet.list().then(
        () => 'frame' as const,
        () => 'popup' as const,
      )
let connected: Address | undefined
const autoLock = createAutoLock({
  lock: () => {
    wallet.lock()
    post({ protocol: VAULT_PROTOCOL, type: 'locked' })
    // In the wallet's own tab no page hears "locked": its screens start again, at Unlock.
    if (ownWindow) screens.cancel()
  },
  isUnlocked: () => wallet.isUnlocked(),
  ...(config.idleLockMs ? { idleMs: config.idleLockMs } : {}),
})
/**
 * Opened on its own (no page framed or opened it): a top-level tab the user opened, where the wallet's
 * management lives. In a frame or a page's popup, "Manage wallet" opens that tab instead.
 */
// Not one another page opened and keeps a handle on (`window.open` of the vault's address, with no
// `?mode=popup`): the app's "Manage wallet" and the pairing link open it without an opener.
const ownWindow = !host && config.mode === 'frame' && window.opener === null
/** One guard for every consequential press in this window: the sheet's Approve and the screens' actions. */
const guard = createApprovalGuard({ mode: config.mode === 'frame' && !ownWindow ? 'frame' : 'popup' })
const screens = createWalletScreens({
  root,
  wallet,
  t,
  locale: config.locale,
  guard,
  manage: ownWindow,
  // The vault's own tab, in the language this frame was opened in (the app's).
  openManager: () => void window.open(`/?lang=${config.locale}`, '_blank', 'noopener'),
})
const sheet = createSheet({ root, mode: config.mode, t, guard })

function post(message: VaultMessage) {
  if (host && peer) host.postMessage(message, peer)
}

function answer(id: string, outcome: { result: unknown } | { error: unknown }) {
  if ('result' in outcome) return post({ protocol: VAULT_PROTOCOL, type: 'response', id, result: outcome.result })
  post({ protocol: VAULT_PROTOCOL, type: 'response', id, error: toVaultError(outcome.error).toJSON() })
}

/** Anything thrown, as the error the page gets: EIP-1193 codes, the wallet's own code and message when it has one. */
function toVaultError(caught: unknown): VaultRequestError {
  if (caught instanceof VaultRequestError) return caught
  if (caught instanceof PasskeyCancelledError) return userRejected(caught.message)
  const code = (caught as { code?: unknown } | null)?.code
  return new VaultRequestError(-32603, messageOf(caught, t), { walletCode: typeof code === 'string' ? code : undefined })
}

/** Requests that need the user, one at a time, oldest first. */
const queue: { request: Request; run: () => Promise<unknown> }[] = []
let busy = false
let visible = false

function setVisible(next: boolean) {
  if (next === visible) return
  visible = next
  document.documentElement.dataset.open = String(next)
  post({ protocol: VAULT_PROTOCOL, type: 'ui', visible: next })
}

async function drain() {
  if (busy) return
  busy = true
  while (queue.length > 0) {
    const next = queue.shift()!
    setVisible(true)
    try {
      answer(next.request.id, { result: await next.run() })
    } catch (error) {
      answer(next.request.id, { error })
    }
  }
  busy = false
  sheet.clear()
  setVisible(false)
  if (config.mode === 'popup') idle()
}

/** A popup between requests: it stays open while the page is connected (it holds the unlocked key). */
function idle() {
  root.replaceChildren()
  const card = document.createElement('section')
  card.className = 'card'
  card.dataset.testid = 'vault-idle'
  const title = document.createElement('h1')
  title.textContent = t.ui('title')
  const text = document.createElement('p')
  text.className = 'muted'
  text.textContent = t.ui('popupIdle', { host: peer ? new URL(peer).host : '' })
  card.append(title, text)
  root.append(card)
}

async function connect(): Promise<Address> {
  const address = await screens.open()
  const waitingUntil = screens.recoveryWaitingUntil()
  if (!address && waitingUntil) throw closedDuringRecovery(waitingUntil)
  if (!address) throw userRejected('The user closed the wallet.')
  connected = address
  autoLock.start()
  return address
}

/** Shows the request and waits for the user; signs only after their own Approve, unlocking there if needed. */
async function sign(request: SigningRequest): Promise<unknown> {
  // Words for a known call or permit: the chunk readSigningRequest loaded for it (none for a message).
  const clear = request.statement || request.functionSignature ? (await loadClearSigning()).summarise(request, t, config.locale) : {}
  const approved = await new Promise<boolean>((resolve) =>
    sheet.present(
      {
        method: request.method,
        details: request.details,
        address: request.address,
        chain: request.chain,
        origin: peer!,
        ...clear,
      },
      queue.length,
      resolve,
    ),
  )
  if (!approved) throw userRejected()
  const wasLocked = !wallet.isUnlocked(request.address)
  const account = await wallet.unlock(request.address)
  // An unlock is when the owner sees a recovery someone started (as after the Unlock button): a
  // page that restored its connection locked unlocks here, to sign, and must not skip the veto.
  if (wasLocked) await screens.reviewRecoveries(request.address)
  connected ??= request.address
  autoLock.start()
  autoLock.touch()
  return request.sign(account)
}

const admission = createRequestAdmission()
/** Requests for the user admitted but not yet in the queue (still read): they count as waiting. */
let arriving = 0

async function handle(request: Request) {
  // Each id once; a request for the user only while fewer than the bound wait (the one on screen
  // aside), counting those admitted a moment ago whose reading has not finished.
  const forUser = request.method === 'vault_connect' || request.method === 'vault_sign'
  const admitted = admission.check(request.id, forUser ? { waiting: queue.length + arriving } : undefined)
  if (admitted.verdict === 'ignore') return
  if (admitted.verdict === 'refuse') return answer(request.id, { error: admitted.error })
  if (!forUser) return handleNow(request)
  arriving++
  try {
    await queueForUser(request)
  } finally {
    arriving--
  }
  void drain()
}

/** A request for the user, read and queued (or answered with why not). */
async function queueForUser(request: Request) {
  if ((await approvals) !== 'frame') return answer(request.id, { error: new VaultRequestError(4900, 'This browser cannot show the wallet in the page: open it in its own window.', { reason: 'popup_required' }) })
  if (request.method === 'vault_connect') return void queue.push({ request, run: connect })
  let signing: SigningRequest
  try {
    // The vault's own copy (parsePageMessage serialised and parsed the message once), read once here.
    signing = await readSigningRequest(request.params, { chains: config.chains, connected, pageHost: new URL(peer!).host })
  } catch (error) {
    return answer(request.id, { error })
  }
  queue.push({ request, run: () => sign(signing) })
  if (busy) sheet.setQueued(queue.length)
}

/** The requests answered at once, without the user. */
async function handleNow(request: Request) {
  switch (request.method) {
    case 'vault_restore': {
      try {
        const named = (request.params as { address?: unknown } | null)?.address
        if (typeof named !== 'string' || !isAddress(named, { strict: false })) throw invalidParams('vault_restore', 'address must be an address')
        const address = getAddress(named)
        const held = (await wallet.list()).some((record) => record.address === address)
        if (held) connected = address
        answer(request.id, { result: held })
      } catch (error) {
        answer(request.id, { error })
      }
      return
    }
    case 'vault_lock':
      wallet.lock()
      autoLock.stop()
      connected = undefined
      // Whatever still waits was asked of a connection that has ended.
      for (const waiting of queue.splice(0)) answer(waiting.request.id, { error: userRejected('The wallet was disconnected.') })
      screens.cancel()
      answer(request.id, { result: null })
      // A popup's work ends with the connection.
      if (config.mode === 'popup') window.close()
      return
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  // Exact origin, exact window: anything else is not the page this vault serves.
  if (!host || event.source !== host || !config.appOrigins.includes(event.origin)) return
  if (peer && event.origin !== peer) return
  const message = parsePageMessage(event.data)
  if (!message) return
  if (message.type === 'hello') {
    peer ??= event.origin
    void approvals.then((where) => post({ protocol: VAULT_PROTOCOL, type: 'ready', approvals: where }))
    return
  }
  if (!peer) return
  void handle(message)
})

// The page focuses the frame when it shows it; the focus then goes where the screen wants it (Reject
// on the sheet, the first field of a form), since a frame cannot take the focus on its own.
window.addEventListener('focus', () => {
  const active = document.activeElement
  if (active && active !== document.body && root.contains(active)) return
  const target = sheet.focusTarget() ?? root.querySelector<HTMLElement>('input, [data-autofocus], button.primary')
  target?.focus()
})

// A popup the user closes on a recovery's wait: the page still hears it is a wait, not a failure (the
// answer is posted while the window goes: the cancel's promise chain runs before the unload goes on).
window.addEventListener('pagehide', () => {
  if (screens.recoveryWaitingUntil()) screens.cancel()
})

// A popup whose page went away (closed, navigated) has nobody to answer.
if (config.mode === 'popup') setInterval(() => host?.closed && window.close(), 1000)
document.documentElement.dataset.mode = config.mode

/**
 * Opened on its own (a tab; the QR code's link on a phone): no page to answer, the vault serves the
 * user directly — their wallet, "Add a device", its activity, or joining with the code in the link's
 * fragment (`#pair=`). The code is single use and leaves the address bar at once.
 */
async function standalone() {
  let pairCode = new URLSearchParams(location.hash.slice(1)).get('pair') ?? undefined
  if (pairCode) history.replaceState(null, '', location.pathname + location.search)
  document.documentElement.dataset.mode = 'standalone'
  // The wallet unlocked here locks itself as anywhere else: 15 minutes unused, 5 hidden.
  autoLock.start()
  for (;;) {
    await screens.open({ pairCode })
    pairCode = undefined
  }
}
if (!host && config.mode === 'frame') void standalone()
