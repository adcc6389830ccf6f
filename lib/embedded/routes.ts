import { createHash, randomBytes } from 'node:crypto'
import { additionalData } from '@/connectors/embedded/crypto/keyWrapping'
import { fromBase64Url } from '@/connectors/embedded/crypto/bytes'
import { openWithPrivateKey, sealToPublicKey, type Envelope } from '@/connectors/embedded/crypto/sealToPublicKey'
import type {
  CreateWalletResponse,
  RecoveryCodeResponse,
  RecoveryCompleteResponse,
  RecoveryKeyResponse,
  RecoveryVerifyResponse,
  WalletOptionsResponse,
} from '@/connectors/embedded/apiTypes'
import { clientIp as clientIpFromHeaders } from '@/lib/http/clientIp'
import { expiredCookie, readCookies, serializeCookie } from '@/lib/http/cookies'
import { jsonResponse } from '@/lib/http/json'
import { isStoreError } from '@/lib/store/errors'
import type { Store } from '@/lib/store/types'
import { type Address, getAddress } from 'viem'
import {
  readAddress,
  readCodeAttempt,
  readEmail,
  readEmbeddedBody,
  readEnvelope,
  readPublicKey,
  readRegistration,
  readSealed,
  readWalletId,
} from './bodies'
import { EmbeddedHttpError } from './EmbeddedHttpError'
import { redactForLog } from './logSafety'
import type { Mailer } from './mailer'
import { EMBEDDED_LIMITS, RECOVERY_CODE_TTL_SECONDS, RECOVERY_SESSION_TTL_SECONDS, type RateLimit } from './policy'
import { checkRecoveryCode, generateRecoveryCode, hashRecoveryCode } from './recoveryCode'
import type { RecoveryKeyPair } from './recoveryKey'
import { issueRegistrationOptions, relyingPartyFor, verifyRegistration } from './webauthn'

/** Everything the routes read from the server configuration. */
export type EmbeddedConfig = {
  /** Exact origins (`APP_ORIGIN`): the passkeys' expected origins and RP ids. */
  origins: readonly string[]
  recoveryKey: () => Promise<RecoveryKeyPair>
  mailer: Mailer
  secureCookies: boolean
  limits?: Record<keyof typeof EMBEDDED_LIMITS, RateLimit> | undefined
}

export type EmbeddedRouteDeps = {
  config: () => EmbeddedConfig | Promise<EmbeddedConfig>
  store: () => Promise<Store>
  now?: () => Date
  clientIp?: (request: Request) => string
  log?: (line: string) => void
  /**
   * Runs work the answer must not wait for (the recovery email). Default: started at once, its
   * failure logged; tests pass their own to await it.
   */
  background?: (task: () => Promise<void>) => void
}

/** The recovery session's cookie: httpOnly (script never reads it), sent only to the recovery routes. */
export const RECOVERY_COOKIE_PATH = '/api/embedded/recovery'
export function recoveryCookieName(secure: boolean): string {
  // `__Secure-` (RFC 6265bis): set only over HTTPS with Secure; `__Host-` would force Path=/.
  return secure ? '__Secure-sigil_recovery' : 'sigil_recovery'
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const newId = () => randomBytes(16).toString('base64url')

function toHttpError(error: unknown): EmbeddedHttpError {
  if (error instanceof EmbeddedHttpError) return error
  if (isStoreError(error)) return new EmbeddedHttpError('embedded_unavailable', { details: error.message, cause: error })
  return new EmbeddedHttpError('embedded_internal_error', { details: error instanceof Error ? `${error.name}: ${error.message}` : String(error), cause: error })
}

/**
 * The embedded wallet's API:
 * - `walletOptions`: a wallet id, its passkey's creation options, the recovery public key;
 * - `createWallet`: verifies the passkey and records the wallet (ciphertext only);
 * - `recoveryCode` → `recoveryVerify` → `recoveryKey` → `recoveryComplete`: email recovery.
 */
export function createEmbeddedRoutes(deps: EmbeddedRouteDeps) {
  const now = deps.now ?? (() => new Date())
  const ipOf = deps.clientIp ?? ((request: Request) => clientIpFromHeaders(request))
  const log = deps.log ?? ((line: string) => console.error(line))
  const background =
    deps.background ??
    ((task: () => Promise<void>) => {
      void task().catch((error: unknown) => log(`[sigil] background task failed: ${error instanceof Error ? redactForLog(error.message) : 'unknown error'}`))
    })

  async function limit(store: Store, key: string, rule: RateLimit, at: Date) {
    const { count, resetAt } = await store.hit(`embedded:${key}`, rule.windowMs, at)
    if (count > rule.max) {
      const seconds = Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000))
      throw new EmbeddedHttpError('embedded_rate_limited', { headers: { 'retry-after': String(seconds) } })
    }
  }

  async function handle(run: () => Promise<Response>): Promise<Response> {
    try {
      return await run()
    } catch (caught) {
      const error = toHttpError(caught)
      if (error.status >= 500) log(`[sigil] ${error.code}: ${redactForLog(error.details ?? '', 300)}`)
      return jsonResponse(error.toBody(), { status: error.status, headers: error.headers })
    }
  }

  /** The live recovery session of this request's cookie; anything else is 401. */
  async function recoverySession(request: Request, store: Store, config: EmbeddedConfig, at: Date) {
    const token = readCookies(request).get(recoveryCookieName(config.secureCookies))
    if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw new EmbeddedHttpError('embedded_recovery_session_invalid', { details: 'no session cookie' })
    const session = await store.getRecoverySession(sha256(token))
    if (!session || session.purpose !== 'email_recovery') throw new EmbeddedHttpError('embedded_recovery_session_invalid', { details: 'unknown session' })
    if (session.consumedAt) throw new EmbeddedHttpError('embedded_recovery_session_invalid', { details: 'session already used' })
    if (session.expiresAt.getTime() <= at.getTime()) throw new EmbeddedHttpError('embedded_recovery_session_invalid', { details: 'session expired' })
    return { ...session, token }
  }

  async function walletInSession(store: Store, walletId: string, email: string) {
    const wallet = await store.getEmbeddedWallet(walletId)
    // The same answer for "no such wallet" and "another email's wallet": nothing to learn by probing.
    if (!wallet || wallet.email !== email) throw new EmbeddedHttpError('embedded_wallet_not_found')
    return wallet
  }

  return {
    walletOptions: (request: Request) =>
      handle(async () => {
        const config = await deps.config()
        const store = await deps.store()
        const at = now()
        await limit(store, `options:ip:${ipOf(request)}`, (config.limits ?? EMBEDDED_LIMITS).walletOptionsPerIp, at)
        const email = readEmail(await readEmbeddedBody(request))
        const walletId = newId()
        const rp = relyingPartyFor(request, config.origins)
        const options = await issueRegistrationOptions({ store, rp, walletId, email, purpose: 'register', now: at })
        const body: WalletOptionsResponse = { walletId, options, recoveryPublicKey: (await config.recoveryKey()).publicKeyBase64Url }
        return jsonResponse(body)
      }),

    createWallet: (request: Request) =>
      handle(async () => {
        const config = await deps.config()
        const store = await deps.store()
        const at = now()
        await limit(store, `create:ip:${ipOf(request)}`, (config.limits ?? EMBEDDED_LIMITS).createWalletPerIp, at)
        const body = await readEmbeddedBody(request)
        const walletId = readWalletId(body)
        const email = readEmail(body)
        const address = readAddress(body)
        const recovery = readEnvelope(body.recovery, 'recovery')
        const vault = readSealed(body.vault, 'vault')
        const registration = readRegistration(body.registration)
        const rp = relyingPartyFor(request, config.origins)
        const credential = await verifyRegistration({ store, rp, registration, walletId, purpose: 'register', now: at })
        // The envelope must open with our key for this wallet: a wallet we could not recover is refused now, not at recovery.
        await openWithPrivateKey(await recoveryRecipient(config), recovery, additionalData.recovery(walletId)).then(
          (raw) => raw.fill(0),
          (cause: unknown) => {
            throw new EmbeddedHttpError('embedded_malformed_body', { details: 'the recovery envelope does not open with the recovery key', cause })
          },
        )
        const created = await store.createEmbeddedWallet(
          { walletId, email, address, recoveryEnvelope: JSON.stringify(recovery), vault: JSON.stringify(vault), createdAt: at },
          credential,
        )
        if (!created) throw new EmbeddedHttpError('embedded_wallet_exists')
        const response: CreateWalletResponse = { walletId, address }
        return jsonResponse(response, { status: 201 })
      }),

    recoveryCode: (request: Request) =>
      handle(async () => {
        const config = await deps.config()
        const store = await deps.store()
        const at = now()
        const limits = config.limits ?? EMBEDDED_LIMITS
        await limit(store, `code:ip:${ipOf(request)}`, limits.codeEmailPerIp, at)
        const email = readEmail(await readEmbeddedBody(request))
        await limit(store, `code:email:${sha256(email)}`, limits.codeEmailPerEmail, at)
        const requestId = newId()
        const code = generateRecoveryCode()
        // Only the newest code counts: guesses cannot be spread over several live codes.
        await store.voidRecoveryCodes(email, at)
        await store.putRecoveryCode({
          requestId,
          email,
          codeHash: hashRecoveryCode(requestId, code),
          createdAt: at,
          expiresAt: new Date(at.getTime() + RECOVERY_CODE_TTL_SECONDS * 1000),
        })
        // The same answer, at once, whether or not the email has a wallet: the lookup and the SMTP
        // exchange happen after it, so neither the timing nor a mail failure tells who has a wallet.
        // Only an owner's mailbox receives a code (a stranger's address gets nothing).
        background(async () => {
          if ((await store.listEmbeddedWallets(email)).length === 0) return
          try {
            await config.mailer.send({
              to: email,
              subject: 'Your Sigil recovery code',
              text:
                `Your Sigil wallet recovery code is ${code}.\n\n` +
                `It is valid for ${RECOVERY_CODE_TTL_SECONDS / 60} minutes and works once. ` +
                'If you did not ask to recover a wallet, ignore this email: nobody can use the code without this mailbox.',
            })
          } catch (cause) {
            // Never the code, the SMTP URL or a whole address: the transport's message, redacted and cut short.
            log(`[sigil] embedded_mail_failed: ${cause instanceof Error ? redactForLog(cause.message) : 'send failed'}`)
          }
        })
        const response: RecoveryCodeResponse = { requestId, expiresInSeconds: RECOVERY_CODE_TTL_SECONDS }
        return jsonResponse(response, { status: 202 })
      }),

    recoveryVerify: (request: Request) =>
      handle(async () => {
        const config = await deps.config()
        const store = await deps.store()
        const at = now()
        await limit(store, `verify:ip:${ipOf(request)}`, (config.limits ?? EMBEDDED_LIMITS).verifyPerIp, at)
        const { requestId, code } = readCodeAttempt(await readEmbeddedBody(request))
        // Counted before it is judged, in one statement: parallel guesses cannot slip past the limit.
        const record = await store.attemptRecoveryCode(requestId)
        if (!record) throw new EmbeddedHttpError('embedded_code_expired', { details: 'unknown or already used' })
        const wrongRule = (config.limits ?? EMBEDDED_LIMITS).wrongCodesPerEmail
        const wrongKey = `embedded:wrong-code:email:${sha256(record.email)}`
        // An email that had too many wrong codes today is locked, even for a right one.
        if ((await store.rateLimitCount(wrongKey, at)) >= wrongRule.max) throw new EmbeddedHttpError('embedded_code_locked', { details: 'too many wrong codes for this email' })
        const check = checkRecoveryCode(record, hashRecoveryCode(requestId, code), at)
        if (check.kind === 'locked') throw new EmbeddedHttpError('embedded_code_locked')
        if (check.kind === 'expired') throw new EmbeddedHttpError('embedded_code_expired')
        if (check.kind === 'wrong') {
          const { count } = await store.hit(wrongKey, wrongRule.windowMs, at)
          const emailLeft = wrongRule.max - count
          if (emailLeft <= 0) throw new EmbeddedHttpError('embedded_code_locked', { details: 'too many wrong codes for this email' })
          throw new EmbeddedHttpError('embedded_code_invalid', { attemptsLeft: Math.min(check.attemptsLeft, emailLeft) })
        }
        // Single use: of two right answers racing, one opens a session.
        if (!(await store.consumeRecoveryCode(requestId, at))) throw new EmbeddedHttpError('embedded_code_expired', { details: 'used meanwhile' })
        const token = randomBytes(32).toString('base64url')
        const expiresAt = new Date(at.getTime() + RECOVERY_SESSION_TTL_SECONDS * 1000)
        await store.putRecoverySession({ tokenHash: sha256(token), email: record.email, purpose: 'email_recovery', createdAt: at, expiresAt })
        const wallets = (await store.listEmbeddedWallets(record.email)).map((wallet) => ({ walletId: wallet.walletId, address: getAddress(wallet.address), createdAt: wallet.createdAt.toISOString() }))
        const cookie = serializeCookie(recoveryCookieName(config.secureCookies), token, {
          maxAge: RECOVERY_SESSION_TTL_SECONDS,
          path: RECOVERY_COOKIE_PATH,
          httpOnly: true,
          secure: config.secureCookies,
          sameSite: 'Strict',
        })
        const response: RecoveryVerifyResponse = { wallets, expiresAt: expiresAt.toISOString() }
        return jsonResponse(response, { headers: { 'set-cookie': cookie } })
      }),

    recoveryKey: (request: Request) =>
      handle(async () => {
        const config = await deps.config()
        const store = await deps.store()
        const at = now()
        await limit(store, `recovery:ip:${ipOf(request)}`, (config.limits ?? EMBEDDED_LIMITS).recoveryPerIp, at)
        const body = await readEmbeddedBody(request)
        const walletId = readWalletId(body)
        const publicKey = readPublicKey(body)
        const session = await recoverySession(request, store, config, at)
        const wallet = await walletInSession(store, walletId, session.email)
        const envelope = JSON.parse(wallet.recoveryEnvelope) as Envelope
        // Opened with the recovery key and at once sealed to the browser's one-time key: the answer
        // carries the data key wrapped, and this process holds it in plain only for these lines.
        const raw = await openWithPrivateKey(await recoveryRecipient(config), envelope, additionalData.recovery(walletId))
        let wrappedKey: Envelope
        try {
          wrappedKey = await sealToPublicKey(fromBase64Url(publicKey), raw, additionalData.recovery(walletId))
        } catch (cause) {
          throw new EmbeddedHttpError('embedded_malformed_body', { details: 'publicKey is not a P-256 point', cause })
        } finally {
          raw.fill(0)
        }
        // No excludeCredentials: a device that still holds one of the wallet's passkeys (its local
        // record lost, or a synced passkey) would answer InvalidStateError and never recover. A new
        // passkey for the same user id replaces the old one in the authenticator.
        const options = await issueRegistrationOptions({
          store,
          rp: relyingPartyFor(request, config.origins),
          walletId,
          email: wallet.email,
          purpose: 'recover',
          now: at,
        })
        const response: RecoveryKeyResponse = {
          walletId,
          address: getAddress(wallet.address) as Address,
          email: wallet.email,
          wrappedKey,
          vault: JSON.parse(wallet.vault) as RecoveryKeyResponse['vault'],
          options,
        }
        return jsonResponse(response)
      }),

    recoveryComplete: (request: Request) =>
      handle(async () => {
        const config = await deps.config()
        const store = await deps.store()
        const at = now()
        await limit(store, `recovery:ip:${ipOf(request)}`, (config.limits ?? EMBEDDED_LIMITS).recoveryPerIp, at)
        const body = await readEmbeddedBody(request)
        const walletId = readWalletId(body)
        const registration = readRegistration(body.registration)
        const session = await recoverySession(request, store, config, at)
        const wallet = await walletInSession(store, walletId, session.email)
        const rp = relyingPartyFor(request, config.origins)
        const credential = await verifyRegistration({ store, rp, registration, walletId, purpose: 'recover', now: at })
        // The session is used up first, in one statement that also checks it is still live: of two
        // completions racing, exactly one adds its passkey.
        if (!(await store.consumeRecoverySession(session.tokenHash, at))) {
          throw new EmbeddedHttpError('embedded_recovery_session_invalid', { details: 'session used or expired meanwhile' })
        }
        if (!(await store.addEmbeddedCredential(credential))) throw new EmbeddedHttpError('embedded_passkey_invalid', { details: 'credential already recorded' })
        const response: RecoveryCompleteResponse = { walletId, address: getAddress(wallet.address) }
        const cookie = expiredCookie(recoveryCookieName(config.secureCookies), { path: RECOVERY_COOKIE_PATH, httpOnly: true, secure: config.secureCookies, sameSite: 'Strict' })
        return jsonResponse(response, { headers: { 'set-cookie': cookie } })
      }),
  }
}

async function recoveryRecipient(config: EmbeddedConfig) {
  const pair = await config.recoveryKey()
  return { privateKey: pair.privateKey, publicKey: pair.publicKey }
}

export type EmbeddedRoutes = ReturnType<typeof createEmbeddedRoutes>
