import { SessionNotFoundError } from '@sigil/lib/errors/wallet'
import { createLifecycle } from '../shared/lifecycle'
import type { HandOffPurpose } from '../shared/signInHandOff'
import { logger } from '../shared/logger'
import { PairingExpiredError, WalletConnectSessionInUseError } from './errors'
import { keepOwnValuesThroughSdkStart } from './keepOwnValues'
import { offerLapse } from './offerLapse'
import { adoptAnswer, authenticateOnce, firstAnswered, signedInFromCacaos, type AnsweredOffer, type AuthenticateResult, type AuthenticatingProvider, type LapsedOffer, type OneTapSignedIn, type OneTapSignInRequest } from './oneTapSignIn'
import { isPairingLapse, isWalletRejectionMessage, PROPOSAL_EXPIRY_MESSAGE, SignInOfferLapsedError, WalletRejectedProposalError } from './pairingErrors'
import { createPairingState, MAX_PAIRING_ATTEMPTS, type PairingState } from './pairingState'
import type { WalletConnectProviderOptions } from './providerOptions'
import { BaseError } from '@sigil/lib/errors/BaseError'
import { NONCE_MAX_AGE_MS } from '@sigil/lib/siwe/policy'
import { onceUntilFailed } from '@sigil/lib/onceUntilFailed'

type Listener = (...args: never[]) => void

/** The session as the SDK keeps it (the part Sigil reads). */
export type WalletConnectSession = {
  topic: string
  namespaces: Record<string, { chains?: string[] | undefined; accounts: string[]; methods: string[]; events: string[] }>
  peer: { metadata: { name: string; description?: string; url: string; icons: string[] } }
}

/** What Sigil uses of `@walletconnect/ethereum-provider`'s `EthereumProvider` (the SDK's type stays in its chunk). */
export type WalletConnectSdkProvider = {
  session?: WalletConnectSession | undefined
  accounts: string[]
  chainId: number
  connect(): Promise<void>
  disconnect(): Promise<void>
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): unknown
  removeListener(event: string, listener: Listener): unknown
  signer: {
    client?:
      | {
          on(event: string, listener: Listener): unknown
          off(event: string, listener: Listener): unknown
          core?: { relayer?: RelaySocket | undefined } | undefined
          /** The sign client's proposals still pending (their ids tell an earlier proposal's expiry from this one's). */
          proposal?: { getAll(): { id: number }[] } | undefined
        }
      | undefined
  }
}

/**
 * The SDK's relayer, as far as opening its socket goes. The SDK (2.25, pinned) opens the socket only
 * with its first subscription; its public `transportOpen()` does nothing while it has no topic, so
 * the warm-up uses the method its own `request()` calls first, `toEstablishConnection()` (TypeScript
 * `private`, present at run time). Should a future SDK drop it, the warm-up stays an init and the
 * e2e that watches the relay for the socket fails, which is where to look.
 */
type RelaySocket = { readonly connected?: boolean; toEstablishConnection?: (() => Promise<void>) | undefined }

/** Opens the relay socket ahead of the proposal (issue 14, part 3: click → QR pays only for the proposal). */
export async function openRelaySocket(provider: WalletConnectSdkProvider): Promise<void> {
  const relayer = provider.signer.client?.core?.relayer
  if (!relayer || relayer.connected || typeof relayer.toEstablishConnection !== 'function') return
  await relayer.toEstablishConnection()
}

type LoadWalletConnectSdk = (options: WalletConnectProviderOptions) => Promise<WalletConnectSdkProvider>

/**
 * The real SDK, imported on first use (docs/style.md#sdks-on-first-use): its ~100 kB never reach the
 * first load.
 */
/** The pairing topic a `wc:` URI names (`wc:<topic>@<version>?…`); the whole URI when it has no `@`. */
const pairingTopicOf = (uri: string) => uri.slice(3).split('@', 1)[0]!

const loadEthereumProvider: LoadWalletConnectSdk = async (options) => {
  const { initEthereumProvider } = await import('./sdk')
  // The SDK's first start in a browser may move our `…walletconnect` values out of localStorage.
  return (await keepOwnValuesThroughSdkStart(() => initEthereumProvider(options))) as unknown as WalletConnectSdkProvider
}

/** A pairing the user walked away from (the view closed): not an error to show or report. */
export class PairingCancelledError extends BaseError {
  override name = 'PairingCancelledError'
  constructor() {
    super('pairing cancelled')
  }
}

export type WalletConnectClient = {
  /** Where the pairing stands: the QR view and the phone's deep links read the newest URI here. */
  readonly pairing: PairingState
  /** The SDK provider while initialised. */
  readonly provider: WalletConnectSdkProvider | undefined
  /**
   * One shared init (docs/connectors/lifecycle.md#three-states); the SDK restores a stored session
   * while initialising.
   */
  init(): Promise<WalletConnectSdkProvider>
  /**
   * Starts a pairing nobody waits for yet, so a URI is ready before the tap (phones only). Resolves
   * when that run (or the one already under way) ends, however it ends; never rejects.
   */
  prepare(): Promise<void>
  /**
   * Initialises the SDK (its code, then the relay socket) without pairing: a computer's warm-up when
   * the user reaches for a WalletConnect row, so the click pays only for the proposal.
   */
  warmUp(): void
  /** A pairing is under way (prepared or awaited): a reset now would cancel another connector's attempt. */
  readonly pairingInProgress: boolean
  /**
   * Registers how a connector reads its stored session topic. A session the SDK restored that no
   * connector claims is an orphan (a `provider.disconnect()` that failed) and is ended.
   */
  claimSessions(readTopics: () => readonly (string | undefined)[]): void
  /** Ends the restored session if no connector claims it (see `claimSessions`); true when it did. */
  endOrphanSession(): Promise<boolean>
  /**
   * Resolves with the approved session. Joins the pairing under way (prepared, or another
   * connector's), else starts one. Follows every `display_uri`; re-pairs when a proposal expires
   * while someone waits, at most `maxAttempts` proposals, then `PairingExpiredError`. While a session
   * some connector holds is live, refuses at once with `WalletConnectSessionInUseError`.
   */
  pair(): Promise<WalletConnectSession>
  /** Drops the pairing under way: its waiters get `PairingCancelledError`, a late approval is disconnected. */
  abandon(): void
  /** Back to uninitialised, URI cleared: the next init starts from a fresh provider state. */
  reset(): void
  /** Disconnects the session (if any) and resets: the next pairing starts fresh. */
  endSession(): Promise<void>
  /**
   * Chain ids a connector wants offered first (its `preferredChains`), kept in the order connectors
   * register them; read when the provider is initialised, so they reach the session proposal.
   */
  preferChains(chainIds: readonly number[]): void
  /**
   * One-tap sign-in (docs/sign-in.md#one-tap-sign-in-over-walletconnect): while set, each pairing asks
   * the page for a sign-in request (its nonce and origin) and sends WalletConnect's authenticate request
   * instead of a bare proposal. `undefined` (or a request of `undefined`) pairs as before.
   */
  offerSignIn(source: (() => Promise<OneTapSignInRequest | undefined>) | undefined): void
  /**
   * What the wallet signed while approving the newest session, if it is of `purpose` (a sign-in by
   * default, or a link), once (then cleared); none after a plain approval.
   */
  takeSignedIn(purpose?: HandOffPurpose): (OneTapSignedIn & { purpose: HandOffPurpose }) | undefined
}

export type CreateWalletConnectClientParameters = {
  /** Called at init with the registered preferred chains; may throw `WalletConnectNotConfiguredError`. */
  getOptions: (context: { preferredChains: readonly number[] }) => WalletConnectProviderOptions
  loadSdk?: LoadWalletConnectSdk | undefined
  maxAttempts?: number | undefined
  /**
   * How long a pairing that carries a one-tap sign-in waits for a wallet before it is renewed with a
   * fresh nonce, counted from before the nonce is fetched: `NONCE_MAX_AGE_MS` (a test shortens it).
   * Never while the page is hidden, nor in its first seconds back (`offerLapse`).
   */
  signInOfferMs?: number | undefined
}

type Run = {
  generation: number
  waiters: number
  promise: Promise<WalletConnectSession>
  cancel: (error: Error) => void
  /** The sign-in requests of this run's lapsed attempts, which a wallet may still answer first (`LapsedOffer`). */
  lapsed: LapsedOffer[]
  /** Ends the attempt under way's lapse watch (its timer and listener) when the run is dropped. */
  attempt?: AbortController | undefined
}

/**
 * One WalletConnect provider for the whole app, behind one init promise, shared by every
 * WalletConnect connector (the generic one and one per wallet): one relay socket, one session.
 *
 * "Dropping the provider" (docs/connectors/lifecycle.md: reset, end of session, rejection) resets the
 * lifecycle and the pairing state; the SDK object itself is created once per page and reused, because
 * the SDK keeps one global Core per page (`globalThis._walletConnectCore_`): a second
 * `EthereumProvider` would share that Core and register a second sign client's listeners on it, so a
 * fresh instance would not be fresher, only doubled. After `disconnect()` the SDK object pairs from
 * scratch.
 */
export function createWalletConnectClient(parameters: CreateWalletConnectClientParameters): WalletConnectClient {
  const loadSdk = parameters.loadSdk ?? loadEthereumProvider
  const maxAttempts = parameters.maxAttempts ?? MAX_PAIRING_ATTEMPTS
  const signInOfferMs = parameters.signInOfferMs ?? NONCE_MAX_AGE_MS
  const pairing = createPairingState(maxAttempts)
  const preferredChains: number[] = []
  const claims: (() => readonly (string | undefined)[])[] = []
  const isClaimed = (topic: string) => claims.some((readTopics) => readTopics().includes(topic))

  /** The orphan check of prepare/restore: a restored session no connector stored the topic of. */
  async function endOrphan(provider: WalletConnectSdkProvider): Promise<boolean> {
    const topic = provider.session?.topic
    if (!topic || isClaimed(topic)) return false
    logger.info('walletconnect_orphan_session_ended')
    // Without this the SDK keeps the session, `connect()` never shows a URI, and a phone's tap has nothing to open.
    await provider.disconnect().catch((error: unknown) => logger.warn('walletconnect_orphan_disconnect_failed', { error: error instanceof Error ? error.name : typeof error }))
    return true
  }
  // A failed load or init (bad configuration, chunk error) may succeed next time.
  const sdk = onceUntilFailed(() => Promise.resolve().then(() => loadSdk(parameters.getOptions({ preferredChains: [...preferredChains] }))))
  const lifecycle = createLifecycle(sdk)
  let run: Run | undefined
  let generation = 0
  /** Pairing topics of URIs an abandoned run or a replaced attempt showed: `onUri` ignores them. */
  const retired = new Set<string>()
  const retireShownUri = () => {
    const shown = pairing.getSnapshot().uri
    if (shown) retired.add(pairingTopicOf(shown))
  }
  let signInSource: (() => Promise<OneTapSignInRequest | undefined>) | undefined
  let signedIn: (OneTapSignedIn & { purpose: HandOffPurpose }) | undefined

  /**
   * Proposes the session: with the page's sign-in request when it offers one (the wallet signs it
   * while approving, or falls back to the plain proposal the SDK sends alongside), else as before.
   * Fails with a lapse (`isPairingLapse`) when the proposal expires, or when a sign-in request's nonce
   * grows too old before a wallet answers: the SDK would keep that request open for an hour, and its
   * companion proposal only five minutes, leaving a QR code whose signature the server refuses.
   *
   * A lapsed request stays answerable until the next one replaces its key, so a wallet's approval of
   * it can land while this attempt fetches its nonce or sends its request (the user approved just
   * before the renewal, on a phone whose relay socket took a while to come back): the first answer
   * to any of the run's requests is taken, so no session is made behind the page's back.
   */
  async function propose(provider: WalletConnectSdkProvider, current: Run): Promise<void> {
    signedIn = undefined
    const askedAt = Date.now()
    const late = current.lapsed.length > 0 ? firstAnswered(current.lapsed) : undefined
    // A failed nonce fetch must not block connecting: the page signs in in two steps afterwards.
    const fetched = signInSource?.().catch(() => undefined)
    const first = await (late ? Promise.race([fetched, late]) : fetched)
    if (first !== undefined && 'offer' in first) return tookLate(provider, first)
    // Abandoned while the nonce was fetched: no proposal, so no QR code of a pairing nobody wants.
    if (current.generation !== generation) throw new PairingCancelledError()
    const request = first
    if (!request || typeof (provider as Partial<AuthenticatingProvider>).authenticate !== 'function') return proposePlain(provider, late)
    const settled = new AbortController()
    current.attempt = settled
    let answered: AnsweredOffer
    try {
      const page = typeof document === 'undefined' ? undefined : document
      const lapse = offerLapse(signInOfferMs - (Date.now() - askedAt), { signal: settled.signal, page })
      answered = await authenticateOnce(provider as unknown as AuthenticatingProvider, request, { lapse, lapsed: current.lapsed })
    } finally {
      settled.abort()
      if (current.attempt === settled) current.attempt = undefined
    }
    return tookSignIn(answered)
  }

  /** Keeps what the wallet signed while approving (none after a plain approval), for `takeSignedIn`. */
  async function tookSignIn({ request, auths }: AnsweredOffer): Promise<void> {
    if (!auths?.length) return
    const { formatCacaoMessage } = await import('./sdk')
    const signed = signedInFromCacaos(auths, formatCacaoMessage)
    signedIn = signed ? { ...signed, purpose: request.purpose ?? 'sign-in' } : undefined
    logger.info('walletconnect_one_tap_sign_in', { signed: signedIn !== undefined, purpose: request.purpose ?? 'sign-in' })
  }

  /** A lapsed request a wallet answered first: the provider as after that answer, and what it signed. */
  function tookLate(provider: WalletConnectSdkProvider, won: { offer: LapsedOffer; result: AuthenticateResult }): Promise<void> {
    return tookSignIn({ request: won.offer.request, auths: adoptAnswer(provider as unknown as AuthenticatingProvider, won.result) })
  }

  /**
   * `provider.connect()`, its expiry always a lapse: the SDK re-throws the expiry by message only, so
   * the sign client's `proposal_expire` event for this call's proposal is the other sign of it (the
   * companion proposal of an earlier, lapsed sign-in request expires later, during this call: its
   * event is not this call's). A lapsed sign-in request answered first (`late`) is taken instead.
   */
  async function proposePlain(provider: WalletConnectSdkProvider, late?: Promise<{ offer: LapsedOffer; result: AuthenticateResult }>): Promise<void> {
    const client = provider.signer.client
    const earlier = new Set((client?.proposal?.getAll() ?? []).map((proposal) => proposal.id))
    let expired = false
    const onExpire = (event?: { id?: unknown }) => {
      if (typeof event?.id !== 'number' || !earlier.has(event.id)) expired = true
    }
    client?.on('proposal_expire', onExpire as Listener)
    try {
      const connected = provider.connect().then(() => undefined)
      // Should a lapsed request win, this proposal's later end is nobody's error.
      connected.catch(() => undefined)
      const won = await (late ? Promise.race([connected, late]) : connected)
      if (won) await tookLate(provider, won)
    } catch (error) {
      throw expired && !isPairingLapse(error) ? new Error(PROPOSAL_EXPIRY_MESSAGE, { cause: error }) : error
    } finally {
      client?.off('proposal_expire', onExpire as Listener)
    }
  }

  function start(): Run {
    const own = ++generation
    let cancel: (error: Error) => void = () => undefined
    const cancelled = new Promise<never>((_, reject) => (cancel = reject))
    const current: Run = { generation: own, waiters: 0, promise: undefined as never, cancel, lapsed: [] }
    current.promise = Promise.race([loop(current), cancelled])
    // A prepared run may end with nobody listening.
    current.promise.catch(() => undefined)
    run = current
    return current
  }

  /** A run ends however it ends (a failed init included: the SDK's code could not load), and the next `pair()` starts afresh. */
  async function loop(current: Run): Promise<WalletConnectSession> {
    try {
      return await proposals(current)
    } finally {
      if (run === current) run = undefined
    }
  }

  async function proposals(current: Run): Promise<WalletConnectSession> {
    const isCurrent = () => current.generation === generation
    const provider = await lifecycle.init()
    if (!isCurrent()) throw new PairingCancelledError()
    await endOrphan(provider)
    if (!isCurrent()) throw new PairingCancelledError()
    // The newest URI wins: the SDK emits one per proposal, and the QR code and deep links must
    // never show an expired one (docs/families/walletConnect.md#quirks-handled: a stale URI).
    // A proposal's URI comes twice (`announceUriAtPairing`, then the SDK's own once it is published),
    // so an abandoned run's or an expired attempt's can come after the next one's: never shown again.
    const onUri = (uri: string) => {
      if (!isCurrent() || typeof uri !== 'string' || !uri.startsWith('wc:') || retired.has(pairingTopicOf(uri))) return
      pairing.set({ uri })
    }
    provider.on('display_uri', onUri as Listener)
    try {
      for (let attempt = 1; ; attempt++) {
        retireShownUri()
        pairing.set({ status: 'pairing', attempt, uri: undefined })
        try {
          await propose(provider, current)
        } catch (error) {
          if (!isCurrent()) throw new PairingCancelledError()
          if (!isPairingLapse(error)) {
            // Rejected or failed: URI reset and provider re-initialised at once
            // (docs/connectors/lifecycle.md#when-connecting-fails), so the next attempt (and an iOS
            // universal link) starts from a fresh pairing.
            pairing.set({ status: 'idle', uri: undefined })
            lifecycle.reset()
            void lifecycle.init().catch(() => undefined)
            // Marked so the QR view can tell a wallet's "no" (new pairing at once) from a failure.
            throw isWalletRejectionMessage(error) ? new WalletRejectedProposalError({ cause: error }) : error
          }
          logger.info(error instanceof SignInOfferLapsedError ? 'walletconnect_sign_in_offer_lapsed' : 'walletconnect_proposal_expired', { attempt })
          if (current.waiters === 0) {
            // Prepared ahead and nobody came: stop; the next `pair()` starts a new run.
            pairing.set({ status: 'idle', uri: undefined })
            throw error
          }
          if (attempt >= maxAttempts) {
            pairing.set({ status: 'exhausted', uri: undefined })
            throw new PairingExpiredError(maxAttempts)
          }
          continue
        }
        if (!isCurrent()) {
          // Approved after the user walked away: leave no session they did not ask for.
          await provider.disconnect().catch(() => undefined)
          throw new PairingCancelledError()
        }
        const session = provider.session
        if (!session) {
          pairing.set({ status: 'idle', uri: undefined })
          throw new SessionNotFoundError({ details: 'the wallet approved, but the SDK holds no session' })
        }
        pairing.set({ status: 'connected', uri: undefined })
        return session
      }
    } finally {
      provider.removeListener('display_uri', onUri as Listener)
    }
  }

  function abandon() {
    const current = run
    if (!current) return
    run = undefined
    generation++
    // The lapse's timer and page listener go now; the attempt still waits for a late approval, to end it.
    current.attempt?.abort()
    retireShownUri()
    pairing.set({ status: 'idle', uri: undefined })
    current.cancel(new PairingCancelledError())
  }

  return {
    pairing,
    get provider() {
      return lifecycle.value
    },
    init: () => lifecycle.init(),
    prepare() {
      const session = lifecycle.value?.session
      if (!run && session && isClaimed(session.topic)) return Promise.resolve()
      return (run ?? start()).promise.then(
        () => undefined,
        () => undefined,
      )
    },
    warmUp() {
      void lifecycle
        .init()
        .then(openRelaySocket)
        .catch((error: unknown) =>
        // A failed init (no project id, chunk error) is retried, and reported, when the user picks WalletConnect.
        logger.debug('walletconnect_warm_up_failed', { error: error instanceof Error ? error.name : typeof error }),
      )
    },
    get pairingInProgress() {
      return run !== undefined
    },
    claimSessions(readTopics) {
      claims.push(readTopics)
    },
    async endOrphanSession() {
      const provider = lifecycle.value
      return provider ? endOrphan(provider) : false
    },
    pair() {
      // One session per page (docs/families/walletConnect.md#one-session-per-page): a second pairing
      // would take the live one's place in the SDK.
      const session = lifecycle.value?.session
      if (session && isClaimed(session.topic)) return Promise.reject(new WalletConnectSessionInUseError())
      const current = run ?? start()
      current.waiters++
      return current.promise.finally(() => current.waiters--)
    },
    abandon,
    reset() {
      abandon()
      lifecycle.reset()
      pairing.set({ status: 'idle', uri: undefined, attempt: 0 })
    },
    async endSession() {
      abandon()
      const provider = lifecycle.value ?? (sdk.current ? await sdk.current.catch(() => undefined) : undefined)
      lifecycle.reset()
      pairing.set({ status: 'idle', uri: undefined, attempt: 0 })
      if (provider?.session) await provider.disconnect()
    },
    preferChains(chainIds) {
      for (const id of chainIds) if (!preferredChains.includes(id)) preferredChains.push(id)
    },
    offerSignIn(source) {
      signInSource = source
    },
    takeSignedIn(purpose = 'sign-in') {
      if (signedIn?.purpose !== purpose) return undefined
      const taken = signedIn
      signedIn = undefined
      return taken
    },
  }
}
