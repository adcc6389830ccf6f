import { getAddress, isHex, type Address, type Hex } from 'viem'
import { authCatalogue } from '@sigil/lib/siwe/catalogue'
import { SIGN_IN_MESSAGE_TTL_MS } from '@sigil/lib/siwe/policy'
import { SIGN_IN_RECAP_METHODS } from '@sigil/lib/siwe/recap'
import type { HandOffPurpose } from '../shared/signInHandOff'
import { SignInOfferLapsedError } from './pairingErrors'

/**
 * One-tap sign-in over WalletConnect (docs/sign-in.md#one-tap-sign-in-over-walletconnect): instead of
 * proposing a session and then asking for a `personal_sign`, the pairing carries WalletConnect's
 * authenticate request (`wc_sessionAuthenticate`). A wallet that supports it shows one prompt: the
 * Sign-In with Ethereum message (with the ReCap of `lib/siwe/recap.ts`), signed while it approves the
 * session. A wallet that does not answers the session proposal the SDK sends alongside, and the page
 * signs in in two steps as before.
 *
 * The server writes nothing new: the nonce is the one `GET /api/auth/nonce` issued, the message
 * fields are the page's (domain and uri from its origin, its statement, 10 minutes), and the signed
 * message goes to `POST /api/auth/verify` like any other.
 */

/** What the page gives for a one-tap sign-in: its nonce, its origin and the app's chains. */
export type OneTapSignInRequest = {
  nonce: string
  /** The page's origin (`location.origin`): domain = its host, uri = the origin. */
  origin: string
  /** The app's chains, in the order offered; the wallet signs for one of them. */
  chainIds: readonly number[]
  statement?: string | undefined
  /** A sign-in (default), or a link message for the signed-in account (its statement names it). */
  purpose?: HandOffPurpose | undefined
  now?: Date | undefined
}

/** The signed message, ready for `POST /api/auth/verify`. */
export type OneTapSignedIn = {
  message: string
  signature: Hex
  address: Address
  chainId: number
  /** `eip191`: an ordinary account; `eip1271`: a contract account (ERC-1271 or ERC-6492), checked on chain by the server. */
  signatureType: 'eip191' | 'eip1271'
}

/** A CACAO as WalletConnect returns it (CAIP-74), the parts Sigil reads. */
export type Cacao = {
  h: { t: string }
  p: { iss: string; domain: string; aud?: string; uri?: string; version: string; nonce: string; iat: string; exp?: string; nbf?: string; statement?: string; requestId?: string; resources?: string[] }
  s: { t: string; s: string }
}

export type AuthenticateResult = { auths?: Cacao[] | undefined; session?: { namespaces: Record<string, { accounts: string[] }> } | undefined } | undefined

/**
 * `EthereumProvider.authenticate` (2.25), and the provider's chain and account setters it uses
 * afterwards (public at run time): the SDK's own types stay in its chunk.
 */
export type AuthenticatingProvider = {
  authenticate(params: Record<string, unknown>, walletUniversalLink?: string): Promise<AuthenticateResult>
  rpc?: { chains: string[]; optionalChains?: string[] | undefined } | undefined
  setChainIds?: ((chains: string[]) => void) | undefined
  setAccounts?: ((accounts: string[]) => void) | undefined
}

/**
 * A request of this pairing whose offer lapsed: the SDK still answers it until the next request
 * replaces its key (a wallet's approval can land while the page fetches the next nonce), so the
 * client keeps watching it and takes it if a wallet answers it first.
 */
export type LapsedOffer = { request: OneTapSignInRequest; answer: Promise<AuthenticateResult> }

/** Which request a wallet answered, and its answer. */
export type AnsweredOffer = { request: OneTapSignInRequest; auths: Cacao[] | undefined }

/**
 * The SDK's own end of an authenticate request (sign client 2.25: an hour after it was sent, the
 * request's promise rejects with this, re-thrown by `EthereumProvider.authenticate` by message only).
 * A page hidden that long never renewed its offer (`offerLapse`); its request is then a lapse too.
 */
const AUTHENTICATE_EXPIRY_MESSAGE = 'Request expired'

/** The first of `offers` a wallet answers; a request that fails is no answer (it never settles then). */
export function firstAnswered(offers: readonly LapsedOffer[]): Promise<{ offer: LapsedOffer; result: AuthenticateResult }> {
  return Promise.race(offers.map((offer) => offer.answer.then((result) => ({ offer, result }), () => new Promise<never>(() => undefined))))
}

/**
 * Leaves the provider as a plain connection would after an authenticate answer, and returns its CACAOs.
 *
 * `EthereumProvider.authenticate` keeps the request's chains as the provider's *required* chains and
 * then takes the first of them as the current chain, filtering the session's accounts by it. A wallet
 * that signed in on another chain (it has not the app's first) would leave the provider with no
 * account, and every later proposal would require chains Sigil only offers as optional
 * (docs/families/walletConnect.md#what-it-does). So the provider's chain is the one the wallet
 * signed for (else the session's first), as after `connect()`; `authenticateOnce` puts its chains back.
 */
export function adoptAnswer(provider: AuthenticatingProvider, result: AuthenticateResult): Cacao[] | undefined {
  const accounts = result?.session?.namespaces.eip155?.accounts ?? []
  if (accounts.length > 0 && provider.setChainIds && provider.setAccounts) {
    const signedChain = /^did:pkh:(eip155:[0-9]+):/.exec(result?.auths?.[0]?.p.iss ?? '')?.[1]
    const chains = [...new Set(accounts.map((account) => account.split(':').slice(0, 2).join(':')))]
    provider.setChainIds(signedChain && chains.includes(signedChain) ? [signedChain, ...chains.filter((chain) => chain !== signedChain)] : chains)
    provider.setAccounts(accounts)
  }
  return result?.auths
}

/**
 * Sends the authenticate request and resolves with the first answer a wallet gives: to this request,
 * or to one of `lapsed` (this pairing's lapsed requests, still answerable until this one replaces
 * their key). The provider's chains are put back as they were before the request (see `adoptAnswer`).
 *
 * A request still unanswered when `lapse` resolves fails with `SignInOfferLapsedError`, and joins
 * `lapsed` for the next attempt to keep watching: its nonce is about to die on the server
 * (docs/sign-in.md#one-tap-sign-in-over-walletconnect), and the client pairs again with a fresh one.
 * So does a request the SDK itself ended (`AUTHENTICATE_EXPIRY_MESSAGE`), which nothing can answer
 * any more.
 */
export async function authenticateOnce(
  provider: AuthenticatingProvider,
  request: OneTapSignInRequest,
  options: { lapse?: Promise<void> | undefined; lapsed?: LapsedOffer[] | undefined } = {},
): Promise<AnsweredOffer> {
  const { lapse, lapsed = [] } = options
  const earlier = [...lapsed]
  const before = provider.rpc ? [...provider.rpc.chains] : undefined
  // The chains in the proposal's order (preferred first, none excluded), as a plain pairing offers them.
  const offered = (provider.rpc?.optionalChains ?? []).map((chain) => Number(chain.split(':')[1])).filter((id) => Number.isSafeInteger(id) && id > 0)
  let won: { offer: LapsedOffer; result: AuthenticateResult }
  try {
    const answer = provider.authenticate(authenticateParams(offered.length > 0 ? { ...request, chainIds: offered } : request))
    // A lapsed request stays in the SDK until its hour is out, unanswerable once the next pairing
    // replaces its key: its end is nobody's error.
    answer.catch(() => undefined)
    const offer: LapsedOffer = { request, answer }
    const own = answer.then(
      (result) => ({ offer, result }),
      (error: unknown) => {
        throw error instanceof Error && error.message === AUTHENTICATE_EXPIRY_MESSAGE ? new SignInOfferLapsedError({ cause: error }) : error
      },
    )
    const lapsing = lapse?.then(() => {
      lapsed.push(offer)
      throw new SignInOfferLapsedError()
    })
    won = await Promise.race([own, ...(lapsing ? [lapsing] : []), ...(earlier.length > 0 ? [firstAnswered(earlier)] : [])])
  } finally {
    if (provider.rpc && before) provider.rpc.chains = before
  }
  return { request: won.offer.request, auths: adoptAnswer(provider, won.result) }
}

/** The message a CACAO's payload stands for, exactly as the wallet was shown it (from the SDK's chunk). */
export type FormatCacaoMessage = (payload: Cacao['p'], iss: string) => string

/**
 * The authenticate request for the SDK. `chains` go as numbers: `EthereumProvider.authenticate`
 * prefixes each with `eip155:` itself (and keeps them as the provider's chains, which
 * `authenticateOnce` puts back).
 */
export function authenticateParams(request: OneTapSignInRequest): Record<string, unknown> {
  const url = new URL(request.origin)
  const now = request.now ?? new Date()
  return {
    chains: [...request.chainIds],
    domain: url.host,
    uri: url.origin,
    nonce: request.nonce,
    statement: request.statement ?? authCatalogue.statement,
    // The ReCap asks for the methods a plain session is proposed with: the session gets exactly those.
    methods: [...SIGN_IN_RECAP_METHODS],
    exp: new Date(now.getTime() + SIGN_IN_MESSAGE_TTL_MS).toISOString(),
  }
}

/**
 * The signed sign-in from the wallet's answer, or null when the wallet approved a plain session
 * (no CACAO: the SDK fell back to the session proposal; the page then signs in in two steps).
 * The message is rebuilt from the CACAO with WalletConnect's own formatter, the one the wallet used,
 * so its text is exactly what was signed; the server judges it like any other.
 */
export function signedInFromCacaos(auths: readonly Cacao[] | undefined, format: FormatCacaoMessage): OneTapSignedIn | null {
  const cacao = auths?.[0]
  if (!cacao) return null
  // did:pkh:eip155:<chain>:<address> (CAIP-10 behind did:pkh); the address is kept as written, since
  // the message names it so (the server refuses one that is not checksummed).
  const issuer = /^did:pkh:eip155:([1-9][0-9]{0,15}):(0x[0-9a-fA-F]{40})$/.exec(cacao.p.iss)
  const type = cacao.s.t
  if (!issuer || (type !== 'eip191' && type !== 'eip1271') || !isHex(cacao.s.s)) return null
  const [, reference, address] = issuer as unknown as [string, string, string]
  return { message: format(cacao.p, cacao.p.iss), signature: cacao.s.s, address: getAddress(address), chainId: Number(reference), signatureType: type }
}
