import { EthereumProvider } from '@walletconnect/ethereum-provider'
import { formatMessage, formatUri } from '@walletconnect/utils'
import type { FormatCacaoMessage } from './oneTapSignIn'
import type { WalletConnectProviderOptions } from './providerOptions'

type Provider = Awaited<ReturnType<typeof EthereumProvider.init>>
type CreatedPairing = { topic: string; expiry: number; relay: { protocol: string; data?: string }; methods?: string[] | undefined }

/**
 * The WalletConnect SDK's chunk: `walletConnectClient` imports this module on first use, so the SDK
 * and what Sigil adds to it load together, never with the first load.
 */
export async function initEthereumProvider(options: WalletConnectProviderOptions): Promise<Provider> {
  const provider = await EthereumProvider.init(options)
  announceUriAtPairing(provider)
  oneVerifyAtATime(provider)
  withoutAuthenticateNotice(provider)
  const isStoredProposal = proposalAnswersAfterStored(provider)
  if (isStoredProposal) proposalAnswersByTheirTopic(provider, isStoredProposal)
  keepingEarlyAnswers(provider)
  return provider
}

/**
 * How long a Verify attestation that timed out (the SDK waits 5 s for its iframe) marks the Verify
 * server as unreachable: requests in that time go without an attestation at once.
 */
const VERIFY_UNREACHABLE_MS = 60_000
/** An attestation that came back empty after this long is the SDK's 5 s timeout, not an answer. */
const VERIFY_TIMED_OUT_MS = 4_000

type VerifyInternals = { register?: ((params: unknown) => Promise<string | undefined>) | undefined }

/**
 * One Verify attestation at a time (docs/families/walletConnect.md#quirks-handled: Verify unreachable).
 *
 * Before each proposal and request the sign engine (2.25, pinned) asks the Verify server for an
 * attestation through a hidden iframe, and gives up after 5 s. It keeps one abort controller for all
 * of them, replaced by each new call, and its timer aborts whichever is current: of two calls at once,
 * the second is aborted twice and the first never. One-tap sign-in sends two requests at once (the
 * authenticate request and the fallback proposal), so where the Verify server cannot be reached (an
 * ad blocker, a filtering network, no internet) the authenticate request waited forever, the sign-in
 * request never went out and the proposal was never stored: a wallet that approved it got "No matching
 * key" and the page waited for good.
 *
 * Calls are run one after another, so each has its controller to itself. One that timed out marks the
 * server unreachable for a minute, during which requests go without an attestation at once (the wallet
 * then shows the site as unverified, as it would after the timeout), instead of 5 s each.
 */
function oneVerifyAtATime(provider: Provider): void {
  const verify = provider.signer.client?.core?.verify as unknown as VerifyInternals | undefined
  const register = verify?.register
  if (!verify || typeof register !== 'function') return
  let queue: Promise<unknown> = Promise.resolve()
  let unreachableUntil = 0
  verify.register = (params) => {
    const run = queue.then(async () => {
      if (Date.now() < unreachableUntil) return ''
      const started = Date.now()
      const attestation = await register.call(verify, params)
      if (!attestation && Date.now() - started >= VERIFY_TIMED_OUT_MS) unreachableUntil = Date.now() + VERIFY_UNREACHABLE_MS
      return attestation
    })
    queue = run.catch(() => undefined)
    return run
  }
}

type ProposeResponse = (topic: string, payload: { id?: unknown }, ...rest: unknown[]) => Promise<unknown>
type ProposalEngine = {
  authenticate?: ((...args: unknown[]) => Promise<unknown>) | undefined
  onSessionProposeResponse?: ProposeResponse | undefined
}
type ProposalStore = { keys?: readonly unknown[] | undefined }

/**
 * A wallet's answer to one-tap sign-in's fallback proposal is read once the proposal is stored
 * (docs/families/walletConnect.md#quirks-handled: a proposal answered before it is stored).
 *
 * `authenticate` (sign client 2.25, pinned) publishes the authenticate request and the fallback
 * session proposal, and writes the proposal to its store only after both have gone out, while
 * `connect` writes it first. The page shows the URI as soon as the pairing exists
 * (`announceUriAtPairing`), so a wallet without one-tap support can approve the proposal before it is
 * stored: the engine then reads no proposal ("No matching key. proposal: <id>"), drops the answer for
 * good (the relay counts it delivered), and the page waits for a session that never comes. So while an
 * `authenticate` is under way, a proposal answer for an id not yet stored waits for that call to
 * return, then goes to the engine as before.
 */
function proposalAnswersAfterStored(provider: Provider): ((id: unknown) => Promise<boolean>) | undefined {
  const client = provider.signer.client as unknown as { engine?: ProposalEngine; proposal?: ProposalStore } | undefined
  const engine = client?.engine
  const authenticate = engine?.authenticate
  const onResponse = engine?.onSessionProposeResponse
  if (!engine || typeof authenticate !== 'function' || typeof onResponse !== 'function') return undefined
  const underWay = new Set<Promise<unknown>>()
  engine.authenticate = (...args) => {
    const call = authenticate.apply(engine, args)
    const settled = call.then(
      () => undefined,
      () => undefined,
    )
    underWay.add(settled)
    void settled.then(() => underWay.delete(settled))
    return call
  }
  /** Whether `id` is a stored proposal's, once no `authenticate` under way can still store it. */
  const isStoredProposal = async (id: unknown) => {
    const stored = () => client.proposal?.keys?.includes(id) ?? true
    while (!stored() && underWay.size > 0) await Promise.race(underWay)
    return stored()
  }
  engine.onSessionProposeResponse = async (topic, payload, ...rest) => {
    await isStoredProposal(payload.id)
    return onResponse.call(engine, topic, payload, ...rest)
  }
  return isStoredProposal
}

type AuthenticateResponse = (topic: string, payload: AnswerPayload, ...rest: unknown[]) => unknown
type AnswerPayload = { id?: unknown; result?: unknown; error?: { code?: unknown } | undefined }
type AnswerEngine = { onSessionAuthenticateResponse?: AuthenticateResponse | undefined; onSessionProposeResponse?: ProposeResponse | undefined }
type AuthTopics = { auth?: { pairingTopics?: { keys?: readonly unknown[] } | undefined } | undefined }

/** The SDK's `WC_METHOD_UNSUPPORTED`: a wallet's Core answers it for a method its client does not serve. */
const METHOD_UNSUPPORTED = 10001

/**
 * An answer to one-tap sign-in's fallback proposal is read as one, even when the proposal and the
 * authenticate request share an id (docs/families/walletConnect.md#quirks-handled: twin request ids).
 *
 * `authenticate` (sign client 2.25, pinned) makes the two requests' ids one after the other with
 * `payloadId()`: the time in milliseconds times 1,000 plus a random number below 1,000, so 1 pairing in
 * 1,000 gets the same id twice. The SDK keeps one history record per id, the authenticate request's,
 * and routes every answer by that record's method: a wallet's approval of the proposal went to the
 * authenticate handler, which found no CACAO in it and rejected the connect, while the wallet showed a
 * session.
 *
 * A wallet's CACAO comes on the response topic the SDK made for the authenticate request (its
 * `auth.pairingTopics`); a proposal's answer on the pairing's own topic. Errors about the
 * authenticate request may come on the pairing topic too (a wallet's Core that does not serve the
 * method answers `WC_METHOD_UNSUPPORTED` there, and a wallet SDK's own failure is sent there). So an
 * "authenticate answer" on another topic goes to the proposal's handler only when it is the
 * proposal's: an approval (a `responderPublicKey`, no CACAO), or an error other than
 * `WC_METHOD_UNSUPPORTED` for an id that is a stored proposal's (only a twin's is).
 */
function proposalAnswersByTheirTopic(provider: Provider, isStoredProposal: (id: unknown) => Promise<boolean>): void {
  const client = provider.signer.client as unknown as ({ engine?: AnswerEngine } & AuthTopics) | undefined
  const engine = client?.engine
  const onAuthenticate = engine?.onSessionAuthenticateResponse
  if (!engine || typeof onAuthenticate !== 'function' || typeof engine.onSessionProposeResponse !== 'function') return
  const answersTheProposal = async (payload: AnswerPayload): Promise<boolean> => {
    const { result, error } = payload
    if (result !== undefined) return typeof result === 'object' && result !== null && 'responderPublicKey' in result && !('cacaos' in result)
    if (error === undefined || error?.code === METHOD_UNSUPPORTED) return false
    return isStoredProposal(payload.id)
  }
  engine.onSessionAuthenticateResponse = async (topic, payload, ...rest) => {
    const responseTopics = client.auth?.pairingTopics?.keys
    if (Array.isArray(responseTopics) && !responseTopics.includes(topic) && (await answersTheProposal(payload))) {
      return engine.onSessionProposeResponse!(topic, payload, 'relay')
    }
    return onAuthenticate.call(engine, topic, payload, ...rest)
  }
}

/**
 * One-tap sign-in sends WalletConnect's authenticate request (`oneTapSignIn.ts`). The sign client
 * (2.25, pinned) prints a deprecation notice with `console.warn` on every call (it prefers the newer
 * `connect({authentication})`, which fewer wallets answer yet), so every pairing would leave a warning
 * in the user's console and fail the development console check. Its public `authenticate` only adds
 * that notice and an error log around its engine's `authenticate`; the engine is called directly.
 * Should the SDK change shape, this stays silent and the notice comes back.
 */
function withoutAuthenticateNotice(provider: Provider): void {
  const client = provider.signer.client as unknown as SignClientInternals | undefined
  const engine = client?.engine
  if (!client || typeof engine?.authenticate !== 'function') return
  client.authenticate = (...args: unknown[]) => engine.authenticate!(...args)
}

/** `keepEarlyAnswers` around the sign client's `connect` and `authenticate`, the two calls a pairing makes. */
function keepingEarlyAnswers(provider: Provider): void {
  const client = provider.signer.client as unknown as SignClientInternals | undefined
  if (!client) return
  const keep = keepEarlyAnswers(client.engine?.events)
  const { connect, authenticate } = client
  if (typeof connect === 'function') client.connect = (...args: unknown[]) => keep(() => connect.apply(client, args) as Promise<Answered>, 'approval')
  if (typeof authenticate === 'function') client.authenticate = (...args: unknown[]) => keep(() => authenticate.apply(client, args) as Promise<Answered>, 'response')
}

type AnswerListener = (...args: unknown[]) => void
type EngineEvents = { once(name: string, listener: AnswerListener): unknown; emit(name: string, ...args: unknown[]): boolean }
type SignClientInternals = {
  authenticate?: ((...args: unknown[]) => Promise<unknown>) | undefined
  connect?: ((...args: unknown[]) => Promise<unknown>) | undefined
  engine?: { authenticate?: (...args: unknown[]) => Promise<unknown>; events?: EngineEvents | undefined } | undefined
}
/** What the sign client's `connect` / `authenticate` return: the URI, and a function that starts waiting for the wallet's answer. */
type Answered = { uri?: string | undefined; approval?: () => Promise<unknown>; response?: () => Promise<unknown> }

/** The sign engine's internal events that carry a wallet's answer: to a proposal, or to a request (the authenticate request's included). */
const ANSWER_EVENT = /^session_(connect|request):/

/**
 * Keeps a wallet's answer that arrives before anyone waits for it (docs/families/walletConnect.md#quirks-handled).
 *
 * The sign engine (2.25, pinned) settles `connect`'s `approval()` and `authenticate`'s `response()`
 * through a delayed promise that exists only once that function has been called, and an answer that
 * comes before is dropped: the caller then waits for the request's expiry (an hour for authenticate).
 * `authenticate` publishes its two requests and only then writes the proposal and the auth request to
 * the browser's storage before returning, so a wallet that says no at once (one relay hop) can answer
 * within those writes on a busy device: the user refused in the wallet and the page kept "Waiting for
 * your wallet…".
 *
 * So, during a `connect` / `authenticate` call, the engine's answer events registered by that call are
 * held, and replayed, in order, as soon as the caller starts waiting (or the call fails). The SDK's
 * own listeners run unchanged, only later. Should the SDK change shape, nothing is held.
 */
function keepEarlyAnswers(events: EngineEvents | undefined) {
  const pass = <T,>(call: () => Promise<T>) => call()
  if (!events || typeof events.once !== 'function' || typeof events.emit !== 'function') return pass
  const held = new Map<string, (() => void)[]>()
  let registering: string[] | undefined
  const once = events.once.bind(events)
  const emit = events.emit.bind(events)
  events.once = (name, listener) => {
    if (registering && typeof name === 'string' && ANSWER_EVENT.test(name)) {
      registering.push(name)
      held.set(name, [])
    }
    return once(name, listener)
  }
  events.emit = (name, ...args) => {
    const queue = typeof name === 'string' ? held.get(name) : undefined
    if (!queue) return emit(name, ...args)
    queue.push(() => emit(name, ...args))
    return true
  }
  return async <T extends Answered>(call: () => Promise<T>, waits: 'approval' | 'response'): Promise<T> => {
    const names: string[] = []
    const release = () => {
      for (const name of names.splice(0)) {
        const queue = held.get(name) ?? []
        held.delete(name)
        for (const replay of queue) replay()
      }
    }
    registering = names
    let answered: T
    try {
      answered = await call()
    } catch (error) {
      release()
      throw error
    } finally {
      if (registering === names) registering = undefined
    }
    const wait = answered[waits]
    if (typeof wait !== 'function') {
      release()
      return answered
    }
    return {
      ...answered,
      [waits]: () => {
        const waiting = wait()
        release()
        return waiting
      },
    }
  }
}

/**
 * The Sign-In with Ethereum message a CACAO stands for, written by WalletConnect's own formatter (the
 * one its wallet SDK shows and signs), for one-tap sign-in (`oneTapSignIn.ts`).
 */
export const formatCacaoMessage: FormatCacaoMessage = (payload, iss) => formatMessage(payload as never, iss)

/**
 * Emits the provider's `display_uri` as soon as the SDK has made the pairing, instead of after the
 * proposal has gone out. The SDK (2.25, pinned) announces the URI only once `connect()` has encoded
 * the proposal, fetched a Verify API attestation (an iframe to WalletConnect's verify server: a
 * round trip to another host) and published it; the URI itself exists from the first moments of
 * `connect()`, and a wallet that pairs before the proposal is out receives it when it arrives (the
 * relay delivers a topic's messages to its subscribers and keeps them for the proposal's lifetime).
 * So the QR code shows after the pairing's key is made, not after two network round trips.
 *
 * The URI is the SDK's own: `formatUri` with the pairing's topic, symmetric key (from the SDK's
 * keychain), relay, expiry and methods, as its `pairing.create` builds it; the SDK's later
 * `display_uri` repeats the same string (the relay test checks both). Should the SDK's internals
 * change shape, this stays silent and the SDK's own announcement still comes.
 */
function announceUriAtPairing(provider: Provider): void {
  const core = provider.signer.client?.core
  if (!core) return
  core.pairing.events.on('pairing_create', (pairing: CreatedPairing) => {
    let symKey: string
    try {
      symKey = core.crypto.keychain.get(pairing.topic)
    } catch {
      return
    }
    const uri = formatUri({
      protocol: core.protocol,
      version: core.version,
      topic: pairing.topic,
      symKey,
      relay: pairing.relay,
      expiryTimestamp: pairing.expiry,
      methods: pairing.methods,
    })
    provider.events.emit('display_uri', uri)
  })
}
