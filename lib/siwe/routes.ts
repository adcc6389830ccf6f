import { generateSiweNonce } from 'viem/siwe'
import { clientIp as clientIpFromHeaders } from '@/lib/http/clientIp'
import { HttpError } from '@/lib/http/HttpError'
import { errorResponse, jsonResponse, responseForError } from '@/lib/http/json'
import { readJsonBody } from '@/lib/http/readBody'
import { clearSessionCookie, createSession, readSession, sessionSetCookie } from '@/lib/session/session'
import { isStoreError } from '@/lib/store/errors'
import type { Store } from '@/lib/store/types'
import { checkSignInMessage } from './checkSignInMessage'
import type { AuthLimits, RateLimit } from './limits'
import { bindingHash, bindingMatches, bindingSetCookie, newBindingToken, NONCE_TTL_MS, readBindingToken } from './nonceBinding'
import { parseSignInMessage } from './parseSignInMessage'
import type { SignInPolicy } from './policy'
import { parseSignature } from './verifySignIn'
import { verifySignInSignature } from './verifySignInSignature'

/** Everything the routes read from the server configuration, resolved per request. */
export type AuthConfig = {
  policy: SignInPolicy
  sessionSecret: string
  secureCookies: boolean
  limits: AuthLimits
}

export type AuthRouteDeps = {
  /** Throws on a configuration error (answered as 500, with the reason in the log). */
  config: () => AuthConfig | Promise<AuthConfig>
  /** Throws `StoreError` when the store cannot be opened (answered as 503). */
  store: () => Promise<Store>
  now?: () => Date
  clientIp?: (request: Request) => string
  log?: (line: string) => void
}

export type AuthRoutes = {
  /** GET /api/auth/nonce → 200 `{nonce}` + binding cookie. */
  nonce(request: Request): Promise<Response>
  /** POST /api/auth/verify `{message, signature}` → 200 `{address, chainId}` + session cookie. */
  verify(request: Request): Promise<Response>
  /** GET /api/auth/session → 200 `{address, chainId, issuedAt, expiresAt}` or 401 `not_signed_in`. */
  session(request: Request): Promise<Response>
  /** POST /api/auth/logout → 204, session cookie cleared. */
  logout(request: Request): Promise<Response>
}

/** Store failures are 503 (retryable): a sign-in the server cannot record is never accepted. */
function asHttpError(error: unknown): unknown {
  if (isStoreError(error)) return new HttpError('store_unavailable', { details: error.message, cause: error })
  return error
}

/** `{message, signature}`, both strings; anything else is 400 `malformed_body`. */
function readVerifyBody(body: unknown): { message: string; signature: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError('malformed_body', { details: 'not a JSON object' })
  const { message, signature } = body as Record<string, unknown>
  if (typeof message !== 'string' || typeof signature !== 'string') {
    throw new HttpError('malformed_body', { details: 'message and signature must be strings' })
  }
  return { message, signature }
}

export function createAuthRoutes(deps: AuthRouteDeps): AuthRoutes {
  const now = deps.now ?? (() => new Date())
  const ipOf = deps.clientIp ?? ((request: Request) => clientIpFromHeaders(request))
  const log = deps.log ?? ((line: string) => console.error(line))

  async function limit(store: Store, key: string, rule: RateLimit, at: Date): Promise<void> {
    const { count, resetAt } = await store.hit(key, rule.windowMs, at)
    if (count > rule.max) {
      const seconds = Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000))
      throw new HttpError('rate_limited', { headers: { 'retry-after': String(seconds) } })
    }
  }

  async function handle(run: () => Promise<Response>): Promise<Response> {
    try {
      return await run()
    } catch (error) {
      return responseForError(asHttpError(error), log)
    }
  }

  return {
    nonce: (request) =>
      handle(async () => {
        const config = await deps.config()
        const store = await deps.store()
        const at = now()
        await limit(store, `nonce:ip:${ipOf(request)}`, config.limits.noncePerIp, at)
        const token = readBindingToken(request, config.secureCookies) ?? newBindingToken()
        const nonce = generateSiweNonce()
        await store.putNonce({ nonce, binding: bindingHash(token), expiresAt: new Date(at.getTime() + NONCE_TTL_MS) })
        // The cookie is re-sent with a fresh Max-Age so it lasts as long as the newest nonce.
        return jsonResponse({ nonce }, { headers: { 'set-cookie': bindingSetCookie(token, config.secureCookies) } })
      }),

    verify: (request) =>
      handle(async () => {
        const config = await deps.config()
        const store = await deps.store()
        const at = now()
        await limit(store, `verify:ip:${ipOf(request)}`, config.limits.verifyPerIp, at)
        const body = readVerifyBody(await readJsonBody(request))
        const signature = parseSignature(body.signature)
        const message = parseSignInMessage(body.message)
        await limit(store, `verify:address:${message.address.toLowerCase()}`, config.limits.verifyPerAddress, at)
        // Burnt here, before any other check: whatever happens next, this nonce never works again.
        const issued = await store.takeNonce(message.nonce)
        checkSignInMessage(message, config.policy, at)
        if (!issued) throw new HttpError('nonce_invalid', { details: 'unknown or already used' })
        if (!bindingMatches(issued.binding, readBindingToken(request, config.secureCookies))) {
          throw new HttpError('nonce_invalid', { details: 'issued to another browser' })
        }
        if (issued.expiresAt.getTime() <= at.getTime()) throw new HttpError('nonce_expired')
        await verifySignInSignature({
          address: message.address,
          message: body.message,
          signature,
          chainId: message.chainId,
          rpcUrl: config.policy.rpcUrls[message.chainId],
          rpcTimeoutMs: config.policy.rpcTimeoutMs,
        })
        const session = createSession({ address: message.address, chainId: message.chainId, now: at })
        const cookie = await sessionSetCookie(session, { secret: config.sessionSecret, secure: config.secureCookies })
        return jsonResponse({ address: session.address, chainId: session.chainId }, { headers: { 'set-cookie': cookie } })
      }),

    session: (request) =>
      handle(async () => {
        const config = await deps.config()
        const session = await readSession(request, { secret: config.sessionSecret, secure: config.secureCookies, now: now() })
        if (!session) return errorResponse('not_signed_in')
        return jsonResponse(session)
      }),

    logout: () =>
      handle(async () => {
        const config = await deps.config()
        return new Response(null, {
          status: 204,
          headers: { 'set-cookie': clearSessionCookie({ secure: config.secureCookies }), 'cache-control': 'no-store' },
        })
      }),
  }
}
