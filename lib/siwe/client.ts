import { getAddress, isAddress, type Address } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { isChainId } from '@/lib/chains'
import { InvalidAddressError, ChainNotSupportedError } from '@/lib/errors/wallet'
import { HttpError } from '@/lib/errors/HttpError'
import { authCatalogue, authErrors, isAuthErrorCode, type AuthErrorCode } from './catalogue'
import { SIGN_IN_MESSAGE_TTL_MS } from './policy'
import { parseSigilAccount, type SigilAccount, type SignedInSession } from './account'
import type { WalletFamilyId } from './families'
import { ACCOUNT_ID_PATTERN, linkStatement } from './link'
import { endSessionHere, readWhileSignedIn, sessionLane, type SessionLane } from './signedInReads'

/**
 * Browser side of Sign-In with Ethereum: talks to `app/api/auth/*` and builds the EIP-4361 message.
 * Client-safe: imports no server module. Every failure is an `HttpError` of the auth catalogue (status, code, message).
 */

export { isAuthError } from './catalogue'

/** A failed call to the auth API as the browser sees it: status (0: no answer), the server's code and message; `retryable` for rate limits and outages. */
export type AuthApiError = HttpError<AuthErrorCode>

export type AuthClientOptions = {
  /** Prefix for the API paths; '' (same origin) in the browser, an absolute origin in Node tests. */
  baseUrl?: string | undefined
  /** Alternative fetch (tests that carry cookies by hand). */
  fetch?: typeof fetch | undefined
  /**
   * Stops the request: a view that asks while signed in passes its own, and aborts it once the page
   * knows the session ended (an answer the server gave after that would be a 401 nobody needs). An
   * aborted request rejects like an unreachable server (`network_error`): the caller that aborted it
   * no longer reads the outcome. The page ending its own session (`signOut`, `revokeSession` of its
   * own row) stops the signed-in reads first by itself, before the server is told (signedInReads.ts).
   */
  signal?: AbortSignal | undefined
}

export type { SignedInSession, SigilAccount, LinkedWallet } from './account'

async function call(path: string, init: RequestInit, options: AuthClientOptions = {}): Promise<Response> {
  const doFetch = options.fetch ?? fetch
  try {
    return await doFetch(`${options.baseUrl ?? ''}${path}`, {
      ...init,
      signal: options.signal,
      // The nonce binding and the session are httpOnly cookies: the browser must send them.
      credentials: 'same-origin',
      cache: 'no-store',
    })
  } catch (cause) {
    throw new HttpError(authErrors, 'network_error', { status: 0, cause })
  }
}

/** The signed-in reads and sign-outs of the cookie jar these options reach (signedInReads.ts). */
function laneOf(options: AuthClientOptions = {}): SessionLane {
  return sessionLane(options.fetch ?? fetch, options.baseUrl ?? '')
}

/**
 * A GET that only means something while signed in: its answer, or null when signed out (a 401, or
 * this page ended its session meanwhile: then it is stopped before the server is told, see
 * signedInReads.ts).
 */
async function signedInGet(path: string, options: AuthClientOptions = {}): Promise<Response | null> {
  const response = await readWhileSignedIn(laneOf(options), (signal) => call(path, { method: 'GET' }, { ...options, signal }), options.signal)
  if (response?.status === 401) {
    // Release the unread body: an open response keeps the page from ever going network-idle.
    await response.body?.cancel().catch(() => {})
    return null
  }
  return response
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch (cause) {
    throw new HttpError(authErrors, 'unexpected_response', { status: response.status, cause })
  }
}

async function failure(response: Response): Promise<AuthApiError> {
  const body = await readJson(response).catch(() => undefined)
  if (body && typeof body === 'object' && 'code' in body && isAuthErrorCode(body.code)) {
    const message = 'message' in body && typeof body.message === 'string' ? body.message : undefined
    return new HttpError(authErrors, body.code, { status: response.status, message })
  }
  return new HttpError(authErrors, 'unexpected_response', { status: response.status })
}

/** Asks the server for a fresh single-use nonce (valid 5 minutes, bound to this browser by a cookie). */
export async function fetchNonce(options?: AuthClientOptions): Promise<string> {
  const response = await call('/api/auth/nonce', { method: 'GET' }, options)
  if (!response.ok) throw await failure(response)
  const body = await readJson(response)
  if (body && typeof body === 'object' && 'nonce' in body && typeof body.nonce === 'string') return body.nonce
  throw new HttpError(authErrors, 'unexpected_response', { status: response.status })
}

export type CreateSignInMessageParameters = {
  address: string
  chainId: number
  nonce: string
  /** The page's origin, `window.location.origin`: domain = its host, uri = the origin itself. */
  origin: string
  statement?: string | undefined
  /** Defaults to now; a parameter so tests can pin time. */
  now?: Date | undefined
}

/**
 * The EIP-4361 message for this site. The server checks domain and uri against its configured
 * origins (never the Host header), so the message must name exactly the origin the page runs on.
 */
export function createSignInMessage(parameters: CreateSignInMessageParameters): string {
  const { address, chainId, nonce, origin, statement = authCatalogue.statement, now = new Date() } = parameters
  if (!isAddress(address, { strict: false })) throw new InvalidAddressError(address)
  if (!isChainId(chainId)) throw new ChainNotSupportedError(String(chainId))
  const url = new URL(origin)
  return createSiweMessage({
    address: getAddress(address),
    chainId,
    domain: url.host,
    uri: url.origin,
    nonce,
    statement,
    version: '1',
    issuedAt: now,
    expirationTime: new Date(now.getTime() + SIGN_IN_MESSAGE_TTL_MS),
  })
}

/**
 * Sends the signed message; on success the server has set the session cookie. `family`: the wallet
 * family of the connector that signed (lib/siwe/families.ts), recorded with the wallet's account.
 */
export async function verifySignIn(
  parameters: { message: string; signature: string; family?: WalletFamilyId | undefined },
  options?: AuthClientOptions,
): Promise<{ address: Address; chainId: number }> {
  const response = await call(
    '/api/auth/verify',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: parameters.message, signature: parameters.signature, family: parameters.family }),
    },
    options,
  )
  if (!response.ok) throw await failure(response)
  const body = await readJson(response)
  if (body && typeof body === 'object' && 'address' in body && 'chainId' in body && typeof body.address === 'string' && isAddress(body.address) && isChainId(body.chainId)) {
    return { address: getAddress(body.address), chainId: body.chainId }
  }
  throw new HttpError(authErrors, 'unexpected_response', { status: response.status })
}

/** The current session, or null when signed out (the server answers 401). */
export async function fetchSession(options?: AuthClientOptions): Promise<SignedInSession | null> {
  const response = await call('/api/auth/session', { method: 'GET' }, options)
  if (response.status === 401) {
    // Release the unread body: an open response keeps the page from ever going network-idle.
    await response.body?.cancel().catch(() => {})
    return null
  }
  if (!response.ok) throw await failure(response)
  const body = await readJson(response)
  if (
    body && typeof body === 'object' &&
    'address' in body && typeof body.address === 'string' && isAddress(body.address) &&
    'chainId' in body && isChainId(body.chainId) &&
    'issuedAt' in body && typeof body.issuedAt === 'string' &&
    'expiresAt' in body && typeof body.expiresAt === 'string'
  ) {
    return { address: getAddress(body.address), chainId: body.chainId, issuedAt: body.issuedAt, expiresAt: body.expiresAt }
  }
  throw new HttpError(authErrors, 'unexpected_response', { status: response.status })
}

/**
 * Ends the session: revoked on the server and its cookie cleared. `everywhere` ends every session of
 * the signed-in address, on every browser and device, and resolves with how many were ended.
 */
export function signOut(options?: AuthClientOptions & { everywhere?: boolean | undefined }): Promise<number | undefined> {
  return endSessionHere(laneOf(options), async () => {
    const path = options?.everywhere ? '/api/auth/logout?everywhere=1' : '/api/auth/logout'
    const response = await call(path, { method: 'POST' }, options)
    if (!response.ok) throw await failure(response)
    if (response.status === 204) return undefined
    const body = await readJson(response)
    if (body && typeof body === 'object' && 'revoked' in body && typeof body.revoked === 'number') return body.revoked
    throw new HttpError(authErrors, 'unexpected_response', { status: response.status })
  })
}

/** One live session of the signed-in address, as the sessions list shows it. */
export type ListedSession = {
  /** Names the session to `revokeSession`. */
  id: string
  /** "Chrome on macOS", or null when the browser did not say. */
  device: string | null
  /** The rough place a proxy in front of the site named, or null. */
  place: string | null
  chainId: number | null
  createdAt: string
  lastSeenAt: string
  /** This browser's own session. */
  current: boolean
}

function isListedSession(value: unknown): value is ListedSession {
  if (!value || typeof value !== 'object') return false
  const row = value as Record<string, unknown>
  const text = (field: unknown) => field === null || typeof field === 'string'
  return (
    typeof row.id === 'string' &&
    text(row.device) &&
    text(row.place) &&
    (row.chainId === null || typeof row.chainId === 'number') &&
    typeof row.createdAt === 'string' &&
    typeof row.lastSeenAt === 'string' &&
    typeof row.current === 'boolean'
  )
}

/** Every live session of the signed-in address, this browser's first; null when signed out. */
export function listSessions(options?: AuthClientOptions): Promise<ListedSession[] | null> {
  return signedInList('/api/auth/sessions', 'sessions', isListedSession, options)
}

/** A signed-in GET answering `{[key]: Row[]}`: the rows when every one is a `Row`; null when signed out. */
async function signedInList<Row>(path: string, key: string, isRow: (value: unknown) => value is Row, options?: AuthClientOptions): Promise<Row[] | null> {
  const response = await signedInGet(path, options)
  if (!response) return null
  if (!response.ok) throw await failure(response)
  const body = await readJson(response)
  const rows = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined
  if (Array.isArray(rows) && rows.every(isRow)) return rows
  throw new HttpError(authErrors, 'unexpected_response', { status: response.status })
}

/** A recovery of the signed-in address's embedded wallet under way: `GET /api/auth/recoveries`. */
export type PendingRecovery = { startedAt: string; releaseAt: string; browser: string; place: string | null }
export type PendingRecoveriesResponse = { recoveries: PendingRecovery[] }

function isPendingRecovery(value: unknown): value is PendingRecovery {
  if (!value || typeof value !== 'object') return false
  const row = value as Record<string, unknown>
  return (
    typeof row.startedAt === 'string' &&
    typeof row.releaseAt === 'string' &&
    !Number.isNaN(Date.parse(row.releaseAt)) &&
    typeof row.browser === 'string' &&
    (row.place === null || typeof row.place === 'string')
  )
}

/** The email recoveries under way of the signed-in address's embedded wallet; null when signed out. */
export function listPendingRecoveries(options?: AuthClientOptions): Promise<PendingRecovery[] | null> {
  return signedInList('/api/auth/recoveries', 'recoveries', isPendingRecovery, options)
}

/**
 * Ends one session of the signed-in address: another browser's, or this one's (`current`), which
 * signs this page out as `signOut` does.
 */
export function revokeSession(id: string, options?: AuthClientOptions & { current?: boolean | undefined }): Promise<void> {
  const revoke = async () => {
    const response = await call(
      '/api/auth/sessions/revoke',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) },
      options,
    )
    if (!response.ok) throw await failure(response)
    await response.body?.cancel().catch(() => {})
  }
  return options?.current ? endSessionHere(laneOf(options), revoke) : revoke()
}

async function accountFrom(response: Response): Promise<SigilAccount> {
  const account = parseSigilAccount(await readJson(response))
  if (account) return account
  throw new HttpError(authErrors, 'unexpected_response', { status: response.status })
}

/** The signed-in session's account, its linked wallets and the session; null when signed out. */
export async function fetchAccount(options?: AuthClientOptions): Promise<SigilAccount | null> {
  const response = await signedInGet('/api/auth/account', options)
  if (!response) return null
  if (!response.ok) throw await failure(response)
  return accountFrom(response)
}

/** A link nonce for this session's account (single use, 5 minutes) and the account's id. */
export async function fetchLinkNonce(options?: AuthClientOptions): Promise<{ nonce: string; accountId: string }> {
  const response = await call('/api/auth/link/nonce', { method: 'POST' }, options)
  if (!response.ok) throw await failure(response)
  const body = await readJson(response)
  if (body && typeof body === 'object' && 'nonce' in body && typeof body.nonce === 'string' && 'accountId' in body && typeof body.accountId === 'string' && ACCOUNT_ID_PATTERN.test(body.accountId)) {
    return { nonce: body.nonce, accountId: body.accountId }
  }
  throw new HttpError(authErrors, 'unexpected_response', { status: response.status })
}

/**
 * The message a second wallet signs to join the account: the sign-in message with the link
 * statement, which names the account (docs/sign-in.md, "Linked wallets").
 */
export function createLinkMessage(parameters: Omit<CreateSignInMessageParameters, 'statement'> & { accountId: string }): string {
  const { accountId, ...rest } = parameters
  return createSignInMessage({ ...rest, statement: linkStatement(accountId) })
}

/** Links the wallet that signed `message` to this session's account; resolves with the account. */
export async function linkWallet(
  parameters: { message: string; signature: string; family?: WalletFamilyId | undefined },
  options?: AuthClientOptions,
): Promise<SigilAccount> {
  const response = await call(
    '/api/auth/link',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(parameters) },
    options,
  )
  if (!response.ok) throw await failure(response)
  return accountFrom(response)
}

/**
 * Unlinks a wallet from this session's account: the account after it, or `'signedOut'` when it was
 * the wallet this session signed in with (its sessions, this one included, ended with it).
 */
export async function unlinkWallet(address: string, options?: AuthClientOptions): Promise<SigilAccount | 'signedOut'> {
  const response = await call(
    '/api/auth/unlink',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address }) },
    options,
  )
  if (!response.ok) throw await failure(response)
  const body = await readJson(response)
  if (body && typeof body === 'object' && 'signedOut' in body && body.signedOut === true) return 'signedOut'
  const account = parseSigilAccount(body)
  if (account) return account
  throw new HttpError(authErrors, 'unexpected_response', { status: response.status })
}
