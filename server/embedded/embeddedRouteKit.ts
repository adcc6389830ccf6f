/**
 * The embedded API's route kit: what the route groups (walletRoutes.ts, recoveryRoutes.ts,
 * deviceRoutes.ts, pairingRoutes.ts, cancelRoutes.ts) share from one `createEmbeddedRoutes` call —
 * the route wrappers with their preamble and client limits, the store once its emails are sealed,
 * the mail sender, the cookies' flags, and the checks of sessions, recoveries and passkeys.
 */
import { readCookies } from '@/server/http/cookies'
import { redactForLog } from '@/server/http/logSafety'
import { createRouteKit } from '@/server/http/routeKit'
import { emailCookieName, bindingCookieName, recoveryCookieName, recoveryPendingCookieName } from '@sigil/lib/storageNames'
import type { RecoveryRecord } from '@/server/store/embeddedTypes'
import type { Store } from '@/server/store/types'
import type { readAssertion } from './bodies'
import { emailHashes, openEmail, resealWalletEmails } from './emailAtRest'
import { hashToken } from './emailCode'
import { embeddedError } from './httpErrors'
import type { Mailer } from './mailer'
import { EMBEDDED_LIMITS, type EmbeddedLimits } from './policy'
import type { RecoveryKeyring } from './recoveryKey'
import { TOKEN, toHttpError, type EmbeddedConfig, type EmbeddedRouteDeps } from './routeShared'
import { relyingPartyFor, verifyAssertion } from './webauthn'

/** Rows written before migration 9 get their email sealed once per store, before the API first uses it. */
const emailsSealed = new WeakMap<Store, Promise<void>>()

/** What every route's preamble reads, once: its configuration, the store, the clock and the limits. */
export type RouteContext = { request: Request; config: EmbeddedConfig; store: Store; at: Date; limits: EmbeddedLimits }
/** A route's per-client limit: the count `<name>:ip:<client>` against `limits[rule]`, taken before the body is read. */
export type ClientLimit = readonly [name: string, rule: keyof EmbeddedLimits] | null

/** The kit of one `createEmbeddedRoutes` call: its clock, log, limits, route wrappers and shared checks. */
export type EmbeddedRouteKit = ReturnType<typeof createEmbeddedRouteKit>

export function createEmbeddedRouteKit(deps: EmbeddedRouteDeps) {
  const { now, ipOf, log, handle, limit, secondsUntil } = createRouteKit({
    api: 'embedded',
    deps,
    toHttpError,
    rateLimited: ({ resetAt, seconds }) => embeddedError('embedded_rate_limited', { headers: { 'retry-after': String(seconds) }, retryAt: resetAt }),
    keyPrefix: 'embedded:',
  })
  const background =
    deps.background ??
    ((task: () => Promise<void>) => {
      void task().catch((error: unknown) => log(`[sigil] background task failed: ${error instanceof Error ? redactForLog(error.message) : 'unknown error'}`))
    })

  /** A refusal until `resetAt`: its `Retry-After`, its `retryAt` and the message's `{time}`. */
  function limited(code: 'embedded_code_requests_limited' | 'embedded_code_requests_paused' | 'embedded_code_tries_exhausted' | 'embedded_code_tries_exhausted_email', resetAt: Date, at: Date) {
    return embeddedError(code, { headers: { 'retry-after': String(secondsUntil(resetAt, at)) }, retryAt: resetAt })
  }

  /**
   * The store and the recovery key ring, once every wallet's email is at rest as migration 9 wants
   * it (hash and ciphertext, no plain column): done once per store, at the first request.
   */
  async function storeAndKeys(config: EmbeddedConfig): Promise<{ store: Store; keyring: RecoveryKeyring }> {
    const store = await deps.store()
    const keyring = await config.recoveryKeys()
    let sealing = emailsSealed.get(store)
    if (!sealing) {
      sealing = resealWalletEmails({ store, keyring, plainOnly: true }).then((report) => {
        if (report.sealed > 0) log(`[sigil] embedded: sealed the email of ${report.sealed} wallets from before migration 9`)
      })
      emailsSealed.set(store, sealing)
      sealing.catch(() => emailsSealed.delete(store))
    }
    await sealing
    return { store, keyring }
  }

  /** Sends one email; a failure is logged without the code or the whole address. */
  async function sendLogged(mailer: Mailer, mail: { to: string; subject: string; text: string }) {
    try {
      await mailer.send(mail)
    } catch (cause) {
      log(`[sigil] embedded_mail_failed: ${cause instanceof Error ? redactForLog(cause.message) : 'send failed'}`)
      throw embeddedError('embedded_mail_failed', { details: 'see the line above', cause })
    }
  }

  // Over https (the vault): SameSite=None + Partitioned, as a frame of another site must send them
  // (CHIPS: kept per top-level site, so another site's page never gets this one's). Plain http (unit
  // tests only): Strict.
  const cookieFlags = (config: EmbeddedConfig, path: string) =>
    config.secureCookies
      ? { path, httpOnly: true, secure: true, sameSite: 'None' as const, partitioned: true }
      : { path, httpOnly: true, secure: false, sameSite: 'Strict' as const }

  /** The live session of `purpose` behind this request's cookie; anything else is refused with `refusal`. */
  async function sessionOf(request: Request, store: Store, config: EmbeddedConfig, at: Date, purpose: 'email_recovery' | 'email_verification') {
    const name = purpose === 'email_recovery' ? recoveryCookieName(config.secureCookies) : emailCookieName(config.secureCookies)
    const refusal = purpose === 'email_recovery' ? 'embedded_recovery_session_invalid' : 'embedded_email_unverified'
    const token = readCookies(request).get(name)
    if (!token || !TOKEN.test(token)) throw embeddedError(refusal, { details: 'no session cookie' })
    const session = await store.getRecoverySession(hashToken(token))
    if (!session || session.purpose !== purpose) throw embeddedError(refusal, { details: 'unknown session' })
    if (session.consumedAt) throw embeddedError(refusal, { details: 'session already used' })
    if (session.expiresAt.getTime() <= at.getTime()) throw embeddedError(refusal, { details: 'session expired' })
    return session
  }

  /** The started recovery this browser's pending-recovery cookie names (of `walletId` when given; any state); refused without one. */
  async function pendingRecovery(request: Request, store: Store, config: EmbeddedConfig, walletId: string | undefined): Promise<RecoveryRecord> {
    const token = readCookies(request).get(recoveryPendingCookieName(config.secureCookies))
    if (!token || !TOKEN.test(token)) throw embeddedError('embedded_recovery_session_invalid', { details: 'no started recovery in this browser' })
    const record = await store.getRecoveryByToken(hashToken(token), walletId)
    if (!record) throw embeddedError('embedded_recovery_session_invalid', { details: 'no started recovery in this browser for this wallet' })
    return record
  }

  /** The session's wallet and its email (opened from the row); the same refusal for anything else. */
  async function walletInSession(store: Store, keyring: RecoveryKeyring, walletId: string, sessionEmailHash: string) {
    const wallet = await store.getEmbeddedWallet(walletId)
    // The same answer for "no such wallet", "another email's wallet" and "never verified": nothing to learn by probing.
    if (!wallet || !wallet.emailVerifiedAt || !wallet.emailSealed) throw embeddedError('embedded_wallet_not_found')
    const email = openEmail(keyring, wallet.emailSealed, { wallet: walletId })
    if (!emailHashes(keyring, email).includes(sessionEmailHash)) throw embeddedError('embedded_wallet_not_found')
    return { wallet, email }
  }

  /** A wallet's email, opened from its row (sealed at rest); undefined for a wallet that has none. */
  function walletEmail(keyring: RecoveryKeyring, wallet: { walletId: string; emailSealed: string | null }): string | undefined {
    return wallet.emailSealed ? openEmail(keyring, wallet.emailSealed, { wallet: wallet.walletId }) : undefined
  }

  /** The binding cookie this request brings, when it is a well-formed one. */
  function bindingCookie(request: Request, config: EmbeddedConfig): string | undefined {
    const existing = readCookies(request).get(bindingCookieName(config.secureCookies))
    return existing && TOKEN.test(existing) ? existing : undefined
  }

  /** The site's own origin for a link in an email: the configured origin this browser is on (never the Host header). */
  function siteOrigin(request: Request, config: EmbeddedConfig): string {
    const origin = request.headers.get('origin')
    const chosen = (origin && config.origins.find((candidate) => candidate === origin)) || config.origins[0]
    if (!chosen) throw embeddedError('embedded_internal_error', { details: 'no APP_ORIGIN configured' })
    return chosen
  }

  async function preamble(request: Request, config: EmbeddedConfig, store: Store, gate: ClientLimit): Promise<RouteContext> {
    const at = now()
    const limits = config.limits ?? EMBEDDED_LIMITS
    if (gate) await limit(store, `${gate[0]}:ip:${ipOf(request)}`, limits[gate[1]], at)
    return { request, config, store, at, limits }
  }

  /** A route of the API: answered by its catalogue (`handle`), after the preamble and the client's limit. */
  function route(gate: ClientLimit, run: (context: RouteContext) => Promise<Response>) {
    return (request: Request) =>
      handle(async () => {
        const config = await deps.config()
        return run(await preamble(request, config, await deps.store(), gate))
      })
  }

  /** A route that reads or writes a wallet's email: the store once its emails are sealed, and the recovery key ring. */
  function keyedRoute(gate: ClientLimit, run: (context: RouteContext & { keyring: RecoveryKeyring }) => Promise<Response>) {
    return (request: Request) =>
      handle(async () => {
        const config = await deps.config()
        const { store, keyring } = await storeAndKeys(config)
        return run({ ...(await preamble(request, config, store, gate)), keyring })
      })
  }

  /** The request holds one of `walletId`'s passkeys: its fresh assertion, for this site (framed by an allowed top origin, if framed). */
  function provePasskey(context: Pick<RouteContext, 'request' | 'config' | 'store' | 'at'>, walletId: string, assertion: ReturnType<typeof readAssertion>) {
    const { request, config, store, at } = context
    return verifyAssertion({ store, rp: relyingPartyFor(request, config.origins), topOrigins: config.frameOrigins ?? [], assertion, walletId, now: at })
  }

  return {
    deps,
    now,
    ipOf,
    log,
    limit,
    background,
    limited,
    sendLogged,
    cookieFlags,
    sessionOf,
    pendingRecovery,
    walletInSession,
    walletEmail,
    bindingCookie,
    siteOrigin,
    route,
    keyedRoute,
    provePasskey,
  }
}
