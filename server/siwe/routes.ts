import 'server-only'
import { HttpError } from '@sigil/lib/errors/HttpError'
import { errorResponse, jsonResponse } from '@/server/http/json'
import { createRouteKit } from '@/server/http/routeKit'
import { readJsonBody } from '@/server/http/readBody'
import { clearSessionCookie, createSession, readSessionCookie, sessionIdHash, sessionRowMatches, sessionSetCookie, type SessionSecrets } from '@/server/session/session'
import { isStoreError, StoreUnavailableError } from '@/server/store/errors'
import type { Store } from '@/server/store/types'
import { authError, isAuthError, type ServerAuthErrorCode } from '@sigil/lib/siwe/catalogue'
import { LINK_NONCE_TTL_MS, NONCE_TTL_MS, type SignInPolicy } from '@sigil/lib/siwe/policy'
import { isWalletFamilyId, type WalletFamilyId } from '@sigil/lib/siwe/families'
import { linkStatement } from '@sigil/lib/siwe/link'
import { getAddress, isAddress } from 'viem'
import { accountView } from '@/server/session/accountView'
import type { Session } from '@/server/session/session'
import { checkSignInMessage } from './checkSignInMessage'
import type { AuthLimits } from './limits'
import { deviceLabel, placeFrom } from '@/server/session/device'
import { bindingHash, bindingMatches, bindingSetCookie, newBindingToken, newNonce, readBindingToken } from './nonceBinding'
import { parseSignInMessage } from './parseSignInMessage'
import { parseSignature } from './verifySignIn'
import { readCookies } from '@/server/http/cookies'
import { LOCALE_COOKIE } from '@sigil/lib/storageNames'
import type { PendingRecoveriesResponse } from '@sigil/lib/siwe/client'
import { localizeBrowserLabel } from '@/server/embedded/recoveryOrigin'
import { mailText } from '@/server/i18n/mailLocales'
import { negotiateLocale } from '@/server/i18n/negotiateLocale'
import { verifySignInSignature } from './verifySignInSignature'

/** Everything the routes read from the server configuration, resolved per request. */
export type AuthConfig = {
  policy: SignInPolicy
  /** Newest first: cookies are sealed with the first and opened with any (rotation). */
  sessionSecrets: SessionSecrets
  secureCookies: boolean
  limits: AuthLimits
  /**
   * The request header a trusted proxy in front of the app fills with the client's rough place
   * (`SESSION_PLACE_HEADER`, e.g. `cf-ipcountry`); unset: sessions record no place.
   */
  placeHeader?: string | undefined
}

export type AuthRouteDeps = {
  /** Throws on a configuration error (answered as 500, with the reason in the log). */
  config: () => AuthConfig | Promise<AuthConfig>
  /** Throws `StoreError` when the store cannot be opened (answered as 503). */
  store: () => Promise<Store>
  now?: () => Date
  /** The client's rate-limit key (`clientIp(request, hops)`, server/http/clientIp.ts). */
  clientIp: (request: Request) => string
  log?: (line: string) => void
  /** EIP-191 recovery for EOA signatures; inline by default (the server passes its worker pool). */
  recover?: ((parameters: { message: string; signature: `0x${string}` }) => Promise<`0x${string}`>) | undefined
}

export type AuthRoutes = {
  /** GET /api/auth/nonce → 200 `{nonce}` + binding cookie. */
  nonce(request: Request): Promise<Response>
  /** POST /api/auth/verify `{message, signature}` → 200 `{address, chainId}` + session cookie. */
  verify(request: Request): Promise<Response>
  /** GET /api/auth/session → 200 `{address, chainId, issuedAt, expiresAt}` or 401 `not_signed_in` (also once revoked). */
  session(request: Request): Promise<Response>
  /**
   * GET /api/auth/sessions → 200 `{sessions: [{id, device, place, chainId, createdAt, lastSeenAt,
   * current}]}`: every live session of the signed-in address, this one first; or 401 `not_signed_in`.
   */
  sessions(request: Request): Promise<Response>
  /**
   * POST /api/auth/sessions/revoke `{id}` → 200 `{revoked: true}`: that session of the same address
   * ended (its browser is signed out on its next request); this one's own id also clears the cookie.
   * 404 `unknown_session` for an id that is not a live session of this address; 401 `not_signed_in`.
   */
  revokeSession(request: Request): Promise<Response>
  /**
   * POST /api/auth/logout → 204: this session revoked in the store, its cookie cleared.
   * POST /api/auth/logout?everywhere=1 → 200 `{revoked}`: every session of this session's address
   * revoked (all browsers and devices), or 401 `not_signed_in` without a live session.
   */
  logout(request: Request): Promise<Response>
  /**
   * GET /api/auth/account → 200 `{account: {id, createdAt}, wallets: [{address, family, linkedAt,
   * current}], session}`: the signed-in session's account and every wallet linked to it; or 401.
   */
  account(request: Request): Promise<Response>
  /**
   * GET /api/auth/recoveries → 200 `{recoveries: [{startedAt, releaseAt, browser, place}]}`: the
   * email recoveries under way of the signed-in address's embedded wallet (none for any other
   * address), so the app's account view shows one on load, before any unlock; or 401.
   */
  recoveries(request: Request): Promise<Response>
  /**
   * POST /api/auth/link/nonce → 200 `{nonce, accountId, statement}`: a link nonce issued to this
   * session for its account (single use, 5 minutes), and the statement the link message must carry.
   */
  linkNonce(request: Request): Promise<Response>
  /**
   * POST /api/auth/link `{message, signature, family?}` → 200 the account (as `account`): the wallet
   * that signed the link message joins this session's account. 409 `wallet_linked_elsewhere` when it
   * belongs to another account; the sign-in codes for a message, nonce or signature that fails.
   */
  link(request: Request): Promise<Response>
  /**
   * POST /api/auth/unlink `{address}` → 200 the account (as `account`), or `{signedOut: true}` when
   * the wallet was this session's own (its sessions end with it, this cookie cleared). 404
   * `unknown_wallet`, 409 `last_wallet`.
   */
  unlink(request: Request): Promise<Response>
}

/** Store failures are 503 (retryable): a sign-in the server cannot record is never accepted; anything unknown is 500. */
function toHttpError(error: unknown): HttpError<ServerAuthErrorCode> {
  // The server only ever throws its own codes (the browser-side ones, such as `network_error`, never start here).
  if (isAuthError(error)) return error as HttpError<ServerAuthErrorCode>
  if (isStoreError(error)) return authError('store_unavailable', { details: error.message, cause: error })
  return authError('internal_error', { details: error instanceof Error ? `${error.name}: ${error.message}` : String(error), cause: error })
}

/** The error `check` throws, or null: lets a pure check run early and be answered later, in order. */
function failureOf(check: () => unknown): unknown {
  try {
    check()
    return null
  } catch (error) {
    return error
  }
}

/**
 * The body of a signed-message route (verify, link): `{message, signature, family?}`, the message
 * parsed as EIP-4361 (and its text as signed) and the signature as hex. A body that is not that is 400 `malformed_body`; a
 * message or signature that does not parse, its own catalogue error.
 */
/** What `readSignedBody` answers for a body it read: counted as an attempt at verify. */
const MALFORMED_ATTEMPT: ReadonlySet<string> = new Set(['malformed_body', 'malformed_message', 'malformed_signature'])

async function readSignedBody(request: Request) {
  const body = await readJsonBody(request)
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw authError('malformed_body', { details: 'not a JSON object' })
  const { message, signature, family } = body as Record<string, unknown>
  if (typeof message !== 'string' || typeof signature !== 'string') {
    throw authError('malformed_body', { details: 'message and signature must be strings' })
  }
  return { family: readFamily(family), signature: parseSignature(signature), message: parseSignInMessage(message), text: message }
}

/** `family`, when sent: one of the app's wallet families; anything else is 400 `malformed_body`. */
function readFamily(family: unknown): WalletFamilyId | null {
  if (family === undefined || family === null) return null
  if (!isWalletFamilyId(family)) throw authError('malformed_body', { details: 'family must be one of the wallet families' })
  return family
}

/** `{address}`, an Ethereum address; anything else is 400 `malformed_body`. */
function readUnlinkBody(body: unknown): string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw authError('malformed_body', { details: 'not a JSON object' })
  const { address } = body as Record<string, unknown>
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw authError('malformed_body', { details: 'address must be an Ethereum address' })
  return getAddress(address)
}

/** A session id as the sessions list gives it: the base64url SHA-256 of the session's id (43 characters). */
const SESSION_LISTING_ID = /^[A-Za-z0-9_-]{43}$/

/** `{id}`, a session id from the list; anything else is 400 `malformed_body`. */
function readRevokeBody(body: unknown): string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw authError('malformed_body', { details: 'not a JSON object' })
  const { id } = body as Record<string, unknown>
  if (typeof id !== 'string' || !SESSION_LISTING_ID.test(id)) throw authError('malformed_body', { details: 'id must be a session id from the list' })
  return id
}

export function createAuthRoutes(deps: AuthRouteDeps): AuthRoutes {
  const { now, ipOf, log, handle, limit, refuseOver } = createRouteKit({
    api: 'auth',
    deps,
    toHttpError,
    rateLimited: ({ seconds }) => authError('rate_limited', { headers: { 'retry-after': String(seconds) } }),
  })

  /**
   * The request's live session (cookie opened, its row in the store matching it) and the store, or
   * 401 `not_signed_in` clearing the cookie: what every account route starts with.
   */
  async function liveSession(request: Request, config: AuthConfig, at: Date): Promise<{ session: Session; idHash: string; store: Store }> {
    const found = await readSessionCookie(request, { secrets: config.sessionSecrets, secure: config.secureCookies, now: at })
    if (!found) throw authError('not_signed_in')
    const store = await deps.store()
    const idHash = sessionIdHash(found.id)
    if (!sessionRowMatches(await store.touchSession(idHash, at), found.session)) {
      throw authError('not_signed_in', { headers: { 'set-cookie': clearSessionCookie({ secure: config.secureCookies }) } })
    }
    return { session: found.session, idHash, store }
  }

  /** The signature check of a signed body (readSignedBody), on the message's chain: EOA recovery or the contract's ERC-1271/6492 answer. */
  function checkSignature(config: AuthConfig, signed: Awaited<ReturnType<typeof readSignedBody>>, beforeChainCheck?: () => Promise<void>): ReturnType<typeof verifySignInSignature> {
    const { message, text, signature } = signed
    return verifySignInSignature({
      address: message.address,
      message: text,
      signature,
      chainId: message.chainId,
      rpcUrl: config.policy.rpcUrls[message.chainId],
      rpcTimeoutMs: config.policy.rpcTimeoutMs,
      recover: deps.recover,
      beforeChainCheck,
    })
  }

  return {
    nonce: (request) =>
      handle(async () => {
        const config = await deps.config()
        const store = await deps.store()
        const at = now()
        const known = readBindingToken(request, config.secureCookies)
        const token = known ?? newBindingToken()
        const binding = bindingHash(token)
        const nonce = newNonce()
        // Per browser first (when it has a binding cookie): a browser past its own limit is refused
        // before it spends the budget its IP shares with every other browser behind it. Both counts
        // and the nonce are one statement; the nonce is saved only when both are within their limits.
        const browser = known ? { key: `nonce:browser:${binding}`, ...config.limits.noncePerBrowser } : null
        const client = { key: `nonce:ip:${ipOf(request)}`, ...config.limits.noncePerIp }
        const counted = await store.putNonce(
          { nonce, binding, expiresAt: new Date(at.getTime() + NONCE_TTL_MS) },
          { now: at, browser, client },
        )
        if (browser && counted.browser) refuseOver(counted.browser, config.limits.noncePerBrowser, browser.key, at)
        if (counted.client) refuseOver(counted.client, config.limits.noncePerIp, client.key, at)
        if (!counted.saved) throw new StoreUnavailableError('The database counted the nonce request within its limits but did not save the nonce.')
        // The cookie is re-sent with a fresh Max-Age so it lasts as long as the newest nonce.
        return jsonResponse({ nonce }, { headers: { 'set-cookie': bindingSetCookie(token, config.secureCookies) } })
      }),

    verify: (request) =>
      handle(async () => {
        const config = await deps.config()
        const signed = await readSignedBody(request).catch(async (error: unknown) => {
          // A body that was read but holds no sign-in is an attempt too (the README: every attempt
          // with a readable body counts): parsing a 4 KB message costs the server as much as a real
          // one's, so junk spends the client's budget like any attempt, and past it gets 429.
          if (error instanceof HttpError && MALFORMED_ATTEMPT.has(error.code)) {
            await limit(await deps.store(), `verify:ip:${ipOf(request)}`, config.limits.verifyPerIp, now())
          }
          throw error
        })
        const { family, message } = signed
        const store = await deps.store()
        const at = now()
        const ip = ipOf(request)
        const token = readBindingToken(request, config.secureCookies)
        // Judged now (pure), answered in its usual place below, after the rate limits.
        const policyError = failureOf(() => checkSignInMessage(message, config.policy, at))
        const { session, id } = createSession({ address: message.address, chainId: message.chainId, now: at })
        const idHash = sessionIdHash(id)
        // One round trip: the client's count, the nonce burnt (before any other check: whatever
        // happens next, it never works again), and the address's count in this client's bucket,
        // which only a live nonce issued to this browser reaches. Junk naming someone's address,
        // from anyone else, never touches the budget of the owner's own client. When the message
        // passed the policy, the same statement records the session if the nonce was good and both
        // counts are within their limits; a failed signature below revokes it again.
        const attempt = await store.beginSignIn({
          nonce: message.nonce,
          binding: token ? bindingHash(token) : null,
          clientKey: `verify:ip:${ip}`,
          clientWindowMs: config.limits.verifyPerIp.windowMs,
          addressKey: `verify:address:${message.address.toLowerCase()}:${ip}`,
          addressWindowMs: config.limits.verifyPerAddress.windowMs,
          now: at,
          session: policyError
            ? undefined
            : {
                record: {
                  idHash,
                  address: session.address,
                  chainId: session.chainId,
                  createdAt: at,
                  expiresAt: new Date(session.expiresAt),
                  device: deviceLabel(request.headers.get('user-agent')),
                  place: placeFrom(request.headers, config.placeHeader),
                },
                clientMax: config.limits.verifyPerIp.max,
                addressMax: config.limits.verifyPerAddress.max,
                family,
              },
        })
        // A session recorded for a sign-in that then fails goes again. Its id never left this request,
        // so a failure to delete it is only logged: the answer stays the sign-in's own error (and a
        // row that could not go is kept as the saved one, should the sign-in still succeed).
        let saved = attempt.sessionSaved
        const discard = async () => {
          if (!saved) return
          await store.revokeSession(idHash).then(
            () => void (saved = false),
            (error: unknown) => log(`[sigil] could not delete an unused session row: ${error instanceof Error ? error.message : String(error)}`),
          )
        }
        try {
          refuseOver(attempt.client, config.limits.verifyPerIp, 'verify:ip', at)
          if (attempt.address) refuseOver(attempt.address, config.limits.verifyPerAddress, 'verify:address', at)
          if (policyError) throw policyError
          const issued = attempt.nonce
          if (!issued) throw authError('nonce_invalid', { details: 'unknown or already used' })
          if (!bindingMatches(issued.binding, token)) throw authError('nonce_invalid', { details: 'issued to another browser' })
          if (issued.expiresAt.getTime() <= at.getTime()) throw authError('nonce_expired')
        } catch (error) {
          // The statement saves no session when any of these fail; kept so the two can never disagree silently.
          await discard()
          throw error
        }
        try {
          // A signature that is not the address's own key's is judged by the chain, which can take
          // seconds: the session saved with the nonce goes first, so it never shows in the address's
          // sessions meanwhile (a stranger's junk naming it would), and is saved again once it holds.
          await checkSignature(config, signed, discard)
        } catch (error) {
          await discard()
          throw error
        }
        if (!saved) {
          await store.putSession({
            idHash,
            address: session.address,
            chainId: session.chainId,
            createdAt: at,
            expiresAt: new Date(session.expiresAt),
            device: deviceLabel(request.headers.get('user-agent')),
            place: placeFrom(request.headers, config.placeHeader),
          })
        }
        // The address's account (made at its first sign-in, with the family it came from): a sign-in
        // whose account cannot be read is not accepted either. A returning wallet's was read by
        // `beginSignIn` already (its account there, with nothing to fill in): one statement fewer.
        if (!attempt.accountKnown) {
          try {
            await store.ensureAccount(session.address, family, at)
          } catch (error) {
            await store.revokeSession(idHash).catch(() => undefined)
            throw error
          }
        }
        const cookie = await sessionSetCookie(session, id, { secrets: config.sessionSecrets, secure: config.secureCookies })
        return jsonResponse({ address: session.address, chainId: session.chainId }, { headers: { 'set-cookie': cookie } })
      }),

    session: (request) =>
      handle(async () => {
        const config = await deps.config()
        const at = now()
        const found = await readSessionCookie(request, { secrets: config.sessionSecrets, secure: config.secureCookies, now: at })
        if (!found) return errorResponse(authError('not_signed_in'))
        const store = await deps.store()
        // The check also marks the session seen (at most every few minutes), for the sessions list.
        if (!sessionRowMatches(await store.touchSession(sessionIdHash(found.id), at), found.session)) {
          // Revoked (logout elsewhere, "sign out everywhere"), or the row is another address's or
          // chain's (a cookie re-sealed by whoever holds the secret): the browser may drop its copy.
          return errorResponse(authError('not_signed_in', { headers: { 'set-cookie': clearSessionCookie({ secure: config.secureCookies }) } }))
        }
        return jsonResponse(found.session)
      }),

    sessions: (request) =>
      handle(async () => {
        const config = await deps.config()
        const at = now()
        const found = await readSessionCookie(request, { secrets: config.sessionSecrets, secure: config.secureCookies, now: at })
        if (!found) return errorResponse(authError('not_signed_in'))
        const store = await deps.store()
        const idHash = sessionIdHash(found.id)
        const listed = sessionRowMatches(await store.touchSession(idHash, at), found.session) ? await store.listAddressSessions(idHash, at) : null
        if (!listed) return errorResponse(authError('not_signed_in', { headers: { 'set-cookie': clearSessionCookie({ secure: config.secureCookies }) } }))
        return jsonResponse({
          sessions: listed.map((row) => ({
            id: row.idHash,
            device: row.device,
            place: row.place,
            chainId: row.chainId,
            createdAt: row.createdAt.toISOString(),
            lastSeenAt: row.lastSeenAt.toISOString(),
            current: row.idHash === idHash,
          })),
        })
      }),

    revokeSession: (request) =>
      handle(async () => {
        const config = await deps.config()
        const at = now()
        const target = readRevokeBody(await readJsonBody(request))
        const found = await readSessionCookie(request, { secrets: config.sessionSecrets, secure: config.secureCookies, now: at })
        if (!found) return errorResponse(authError('not_signed_in'))
        const store = await deps.store()
        const idHash = sessionIdHash(found.id)
        if (!sessionRowMatches(await store.sessionOwner(idHash, at), found.session)) {
          return errorResponse(authError('not_signed_in', { headers: { 'set-cookie': clearSessionCookie({ secure: config.secureCookies }) } }))
        }
        if (!(await store.revokeSiblingSession(idHash, target, at))) throw authError('unknown_session')
        // This browser's own session: its cookie goes too, as with signing out.
        const headers = target === idHash ? { 'set-cookie': clearSessionCookie({ secure: config.secureCookies }) } : undefined
        return jsonResponse({ revoked: true }, headers ? { headers } : undefined)
      }),

    logout: (request) =>
      handle(async () => {
        const config = await deps.config()
        const at = now()
        const clear = { 'set-cookie': clearSessionCookie({ secure: config.secureCookies }) }
        const everywhere = new URL(request.url).searchParams.get('everywhere') === '1'
        const found = await readSessionCookie(request, { secrets: config.sessionSecrets, secure: config.secureCookies, now: at })
        if (!found) {
          if (everywhere) return errorResponse(authError('not_signed_in', { headers: clear }))
          return new Response(null, { status: 204, headers: { ...clear, 'cache-control': 'no-store' } })
        }
        const idHash = sessionIdHash(found.id)
        try {
          const store = await deps.store()
          if (everywhere) {
            const revoked = await store.revokeAddressSessions(idHash, at)
            if (revoked === 0) return errorResponse(authError('not_signed_in', { headers: clear }))
            return jsonResponse({ revoked }, { headers: clear })
          }
          await store.revokeSession(idHash)
        } catch (error) {
          // The cookie goes either way; the 503 says the copy elsewhere may still work: retry.
          const failure = toHttpError(error)
          throw authError(failure.code, { details: failure.details, cause: error, headers: { ...failure.headers, ...clear } })
        }
        return new Response(null, { status: 204, headers: { ...clear, 'cache-control': 'no-store' } })
      }),

    account: (request) =>
      handle(async () => {
        const config = await deps.config()
        const at = now()
        const { session, store } = await liveSession(request, config, at)
        return jsonResponse(await accountView(store, session, at))
      }),

    recoveries: (request) =>
      handle(async () => {
        const config = await deps.config()
        const at = now()
        const { session, store } = await liveSession(request, config, at)
        // The signed-in address proved it holds the wallet's key: it may see its wallet's recoveries
        // without unlocking the vault. The browser in the page's words (its locale cookie, else its
        // Accept-Language).
        const words = mailText(negotiateLocale({ cookie: readCookies(request).get(LOCALE_COOKIE), acceptLanguage: request.headers.get('accept-language') }))
        const recoveries = await store.listPendingRecoveriesOfAddress(session.address, at)
        const body: PendingRecoveriesResponse = {
          recoveries: recoveries.map((record) => ({
            startedAt: record.startedAt.toISOString(),
            releaseAt: record.releaseAt.toISOString(),
            browser: localizeBrowserLabel(record.browser, words),
            place: record.place,
          })),
        }
        return jsonResponse(body, { headers: { 'cache-control': 'no-store' } })
      }),

    linkNonce: (request) =>
      handle(async () => {
        const config = await deps.config()
        const at = now()
        const { session, idHash, store } = await liveSession(request, config, at)
        await limit(store, `link-nonce:session:${idHash}`, config.limits.noncePerBrowser, at)
        await limit(store, `nonce:ip:${ipOf(request)}`, config.limits.noncePerIp, at)
        const accountId = await store.ensureAccount(session.address, null, at)
        const nonce = newNonce()
        await store.putLinkNonce({ nonce, sessionHash: idHash, accountId, expiresAt: new Date(at.getTime() + LINK_NONCE_TTL_MS) })
        return jsonResponse({ nonce, accountId, statement: linkStatement(accountId) })
      }),

    link: (request) =>
      handle(async () => {
        const config = await deps.config()
        const signed = await readSignedBody(request)
        const { family, message } = signed
        const at = now()
        const { session, idHash, store } = await liveSession(request, config, at)
        await limit(store, `link:ip:${ipOf(request)}`, config.limits.verifyPerIp, at)
        const accountId = await store.ensureAccount(session.address, null, at)
        // Burnt first, whatever happens next: a link nonce works once, even for a link that fails.
        const issued = await store.takeLinkNonce(message.nonce)
        // The same policy as a sign-in, except the statement: it must name this session's account.
        checkSignInMessage(message, config.policy, at, { statement: linkStatement(accountId) })
        if (!issued) throw authError('nonce_invalid', { details: 'unknown or already used link nonce' })
        if (issued.sessionHash !== idHash || issued.accountId !== accountId) throw authError('nonce_invalid', { details: 'link nonce issued to another session' })
        if (issued.expiresAt.getTime() <= at.getTime()) throw authError('nonce_expired')
        await checkSignature(config, signed)
        const outcome = await store.linkWallet({ accountId, address: message.address, family, now: at })
        if (outcome === 'linked_elsewhere') throw authError('wallet_linked_elsewhere')
        if (outcome === 'no_account') throw authError('not_signed_in')
        return jsonResponse(await accountView(store, session, at))
      }),

    unlink: (request) =>
      handle(async () => {
        const config = await deps.config()
        const address = readUnlinkBody(await readJsonBody(request))
        const at = now()
        const { session, store } = await liveSession(request, config, at)
        const accountId = await store.ensureAccount(session.address, null, at)
        const outcome = await store.unlinkWallet({ accountId, address })
        if (outcome.kind === 'unknown_wallet') throw authError('unknown_wallet')
        if (outcome.kind === 'last_wallet') throw authError('last_wallet')
        // The wallet this session signed in with: its sessions, this one included, ended with it.
        if (address.toLowerCase() === session.address.toLowerCase()) {
          return jsonResponse({ signedOut: true }, { headers: { 'set-cookie': clearSessionCookie({ secure: config.secureCookies }) } })
        }
        return jsonResponse(await accountView(store, session, at))
      }),
  }
}
