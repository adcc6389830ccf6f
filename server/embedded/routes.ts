import { randomBytes } from 'node:crypto'
import { additionalData, type Sealed } from '@/lib/embedded/crypto/keyWrapping'
import { fromBase64Url } from '@/lib/embedded/crypto/bytes'
import { sealToPublicKey, type Envelope } from '@/lib/embedded/crypto/sealToPublicKey'
import type {
  CreateWalletResponse,
  DeviceChallengeResponse,
  PairingApproveResponse,
  PairingClaimResponse,
  PairingPeekResponse,
  PairingCompleteResponse,
  PairingPackageResponse,
  PairingStartResponse,
  PairingStatusResponse,
  WalletLogResponse,
  WalletSettingsResponse,
  EmailCodeResponse,
  EmailVerifyResponse,
  RecoveryCodeResponse,
  RecoveryCompleteResponse,
  RecoveryKeyResponse,
  RecoveryPendingResponse,
  RecoveryStatus,
  RecoveryVerifyResponse,
  WalletOptionsResponse,
  WalletRecoveriesCancelResponse,
  WalletRecoveriesChallengeResponse,
  WalletRecoveriesResponse,
} from '@/lib/embedded/apiTypes'
import { deviceProofMessage } from '@/lib/embedded/deviceProof'
import { DEFAULT_EMBEDDED_RECOVERY_DELAY_SECONDS } from '@/server/config/env'
import { embeddedApiPaths } from '@/lib/embedded/apiTypes'
import { format, utcMinute } from '@/lib/i18n/format'
import { mailText, type MailText } from '@/server/i18n/mailLocales'
import { negotiateLocale } from '@/server/i18n/negotiateLocale'
import { expiredCookie, readCookies, serializeCookie } from '@/server/http/cookies'
import { isHttpError, type HttpError } from '@/lib/errors/HttpError'
import { errorResponse, jsonResponse } from '@/server/http/json'
import { refusalLog } from '@/server/http/refusalLog'
import { createRouteKit } from '@/server/http/routeKit'
import { bindingCookieName, EMAIL_COOKIE_PATH, emailCookieName, RECOVERY_COOKIE_PATH, recoveryCookieName, recoveryPendingCookieName } from '@/lib/storageNames'
import { isStoreError } from '@/server/store/errors'
import type { EmailCodePurpose, EmailCodeRecord, RecoveryGate, RecoveryRecord } from '@/server/store/embeddedTypes'
import { recoveryGate } from '@/server/store/recoveryGate'
import type { Store } from '@/server/store/types'
import { type Address, getAddress, recoverMessageAddress } from 'viem'
import {
  readAddress,
  readAssertion,
  readCodeAttempt,
  readEmail,
  readEmbeddedBody,
  readEnvelope,
  readPairingCode,
  readPairingId,
  readChallengePurpose,
  readDeviceProof,
  readPublicKey,
  readRecoveryId,
  readRegistration,
  readSealed,
  readToken,
  readWalletId,
  readWalletSettings,
} from './bodies'
import { cancelPageHtml, cancelPageRequest, readCancelToken } from './cancelPage'
import { embeddedError, embeddedErrors } from './httpErrors'
import { emailHashes, hashEmail, openEmail, resealWalletEmails, SealedEmailError, sealEmail } from './emailAtRest'
import { generateEmailCode, hashEmailCode, hashToken, judgeEmailCode } from './emailCode'
import { redactForLog } from '@/server/http/logSafety'
import { MailConfigError, type Mailer } from './mailer'
import {
  EMAIL_SESSION_TTL_SECONDS,
  EMBEDDED_LIMITS,
  KNOWN_BINDING_TTL_MS,
  MAX_WALLETS_PER_EMAIL,
  PAIRING_TTL_SECONDS,
  RECOVERY_CANCEL_TTL_SECONDS,
  RECOVERY_CODE_MAX_ATTEMPTS,
  RECOVERY_CODE_TTL_SECONDS,
  RECOVERY_SESSION_TTL_SECONDS,
  type EmbeddedLimits,
} from './policy'
import type { RecoveryKeyring } from './recoveryKey'
import { openRecoveryEnvelope, parseStoredEnvelope, RecoveryKeyMissingError, storedEnvelopeJson } from './recoveryEnvelope'
import { formatPairingCode, generatePairingCode } from '@/lib/embedded/pairingCode'
import { qrPath } from './pairingQr'
import type { PairingRecord } from '@/server/store/embeddedTypes'
import { coarsePlace, browserName, localizeBrowserLabel } from './recoveryOrigin'
import { issueAssertionOptions, issueChallenge, issueRegistrationOptions, relyingPartyFor, takeChallenge, verifyAssertion, verifyRegistration, verifyWalletAssertion } from './webauthn'

/** Everything the routes read from the server configuration. */
export type EmbeddedConfig = {
  /** Exact origins (`APP_ORIGIN`): the passkeys' expected origins and RP ids, and the cancel link's site. */
  origins: readonly string[]
  /**
   * The app's pages (`APP_ORIGIN`) that frame the vault: the only top origins a passkey assertion made
   * in the vault's frame may name (WebAuthn L3 `topOrigin`). Default: none (a framed assertion is refused).
   */
  frameOrigins?: readonly string[] | undefined
  /** `EMBEDDED_RECOVERY_KEY` (current) and `EMBEDDED_RECOVERY_KEYS_PREVIOUS`: envelopes and code HMACs. */
  recoveryKeys: () => Promise<RecoveryKeyring>
  mailer: Mailer
  secureCookies: boolean
  limits?: EmbeddedLimits | undefined
  /** `EMBEDDED_RECOVERY_DELAY`: seconds from a recovery's start to its key's release (default 48 h). */
  recoveryDelaySeconds?: number | undefined
}

export type EmbeddedRouteDeps = {
  config: () => EmbeddedConfig | Promise<EmbeddedConfig>
  store: () => Promise<Store>
  now?: () => Date
  clientIp?: (request: Request) => string
  log?: (line: string) => void
  /**
   * Runs work the answer must not wait for (the recovery emails). Default: started at once, its
   * failure logged; tests pass their own to await it.
   */
  background?: (task: () => Promise<void>) => void
}

/**
 * The cookies of the embedded API (named in `lib/storageNames.ts`), all httpOnly (script never reads
 * them); over https `Secure; SameSite=None; Partitioned` (see `cookieFlags`), over plain http Strict:
 * - the code binding: set when a code is asked for, checked when it is entered, so a code works only
 *   in the browser that asked for it. Path=/, hence `__Host-` (RFC 6265bis) when secure;
 * - the proven email: set by a right verification code, used up by the wallet it lets this browser make;
 * - the recovery session: set by a right recovery code, sent only to the recovery routes.
 */
const TOKEN = /^[A-Za-z0-9_-]{43}$/
const newId = () => randomBytes(16).toString('base64url')
/** A wait in words for the refusal's message: `47 h 59 min`, `12 min`, `40 s`. */
function waitInWords(seconds: number): string {
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`
  if (seconds >= 60) return `${Math.ceil(seconds / 60)} min`
  return `${Math.max(1, seconds)} s`
}

/** Whole seconds from `at` to the recovery's release (0 once it passed). */
const secondsLeft = (record: RecoveryRecord, at: Date) => Math.max(0, Math.ceil((record.releaseAt.getTime() - at.getTime()) / 1000))

/** A closed gate as the API's refusal: too early (425, with the time left), cancelled, finished, or over. */
function gateRefusal(gate: Exclude<RecoveryGate, { kind: 'open' }>, at: Date) {
  switch (gate.kind) {
    case 'unknown':
      return embeddedError('embedded_recovery_session_invalid', { details: 'no recovery started in this browser for this wallet' })
    case 'too_early': {
      const seconds = secondsLeft(gate.record, at)
      const releaseAt = gate.record.releaseAt.toISOString()
      return embeddedError('embedded_recovery_pending', {
        message: format(embeddedErrors.messages.embedded_recovery_pending, { releaseAt: utcMinute(gate.record.releaseAt), timeLeft: waitInWords(seconds) }),
        fields: { releaseAt, secondsLeft: seconds },
        headers: { 'retry-after': String(Math.max(1, seconds)) },
      })
    }
    case 'cancelled':
      return embeddedError('embedded_recovery_cancelled')
    case 'already_completed':
      return embeddedError('embedded_recovery_completed')
    case 'expired':
      return embeddedError('embedded_recovery_session_invalid', { details: 'the recovery is over: start again' })
    case 'not_released':
      return embeddedError('embedded_recovery_session_invalid', { details: 'no key released in this recovery, or released over 1800 s ago' })
  }
}

function recoveryStatus(record: RecoveryRecord, address: string, at: Date): RecoveryStatus {
  return {
    walletId: record.walletId,
    address: getAddress(address),
    state: record.state,
    startedAt: record.startedAt.toISOString(),
    releaseAt: record.releaseAt.toISOString(),
    secondsLeft: secondsLeft(record, at),
  }
}
const newToken = () => randomBytes(32).toString('base64url')

function toHttpError(error: unknown): HttpError {
  if (isHttpError(error, embeddedErrors)) return error
  if (isStoreError(error)) return embeddedError('embedded_unavailable', { details: error.message, cause: error })
  if (error instanceof RecoveryKeyMissingError) return embeddedError('embedded_unavailable', { details: error.message, cause: error })
  // A stored email that does not open: its key was retired without a re-seal (or the row was tampered with).
  if (error instanceof SealedEmailError) return embeddedError('embedded_unavailable', { details: error.message, cause: error })
  // Mail settings production refuses (next start refuses them first) or none at all: email steps cannot run.
  if (error instanceof MailConfigError) return embeddedError('embedded_mail_unavailable', { details: error.message, cause: error })
  return embeddedError('embedded_internal_error', { details: error instanceof Error ? `${error.name}: ${error.message}` : String(error), cause: error })
}

/** Rows written before migration 9 get their email sealed once per store, before the API first uses it. */
const emailsSealed = new WeakMap<Store, Promise<void>>()

/** A code's mail, by purpose, in the words of one locale. */
const CODE_MAIL = {
  verify_email: (text: MailText) => ({ subject: text.verifySubject, text: text.verifyText }),
  recovery: (text: MailText) => ({ subject: text.recoverySubject, text: text.recoveryText }),
} as const

/**
 * The language of the browser a request came from: the vault sends its own as `Accept-Language`
 * (connectors/embedded/vault/api.ts), else the browser's; English when neither is one of ours.
 */
function requestLocale(request: Request): string {
  return negotiateLocale({ acceptLanguage: request.headers.get('accept-language') })
}

/**
 * The embedded wallet's API:
 * - `emailCode` → `emailVerify`: the email is proven by a code before anything is made for it;
 * - `walletOptions`: a wallet id, its passkey's creation options, the recovery public key (proven email only);
 * - `createWallet`: verifies the passkey and records the wallet (ciphertext only), at most 5 per email;
 * - `recoveryCode` → `recoveryVerify` → `recoveryStart` → (the delay) → `recoveryKey` → `recoveryComplete`:
 *   email recovery, time-locked: the owner is mailed a notice with a cancel link when it starts
 *   (`recoveryCancelPage`, `recoveryCancel`), and the key is released only after
 *   `EMBEDDED_RECOVERY_DELAY`; `recoveryPending` tells the recovering browser where it stands;
 * - `walletRecoveriesChallenge` → `walletRecoveries` / `walletRecoveriesCancel`: an owner's device
 *   (the wallet's key signs; its passkey asserts) sees a pending recovery and cancels it.
 */
export function createEmbeddedRoutes(deps: EmbeddedRouteDeps) {
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

  /**
   * Issues a code of `purpose` for `email`, bound to this browser, and answers 202 with the binding
   * cookie. `deliver` sends it (or decides not to). Counted per (email, browser) — the binding, or the
   * client address for a browser that brings none — then, unless this browser used a code of the
   * email in the last 30 days, against the email's hourly ceiling: the request that reaches it has
   * the owner alerted; past it, only such known browsers get codes (policy.ts).
   */
  async function issueCode(request: Request, config: EmbeddedConfig, store: Store, keyring: RecoveryKeyring, at: Date, email: string, purpose: EmailCodePurpose, deliver: (code: string) => Promise<void>) {
    const limits = config.limits ?? EMBEDDED_LIMITS
    const rules = purpose === 'recovery'
      ? { prefix: 'code', browser: limits.codeEmailPerBrowser, ceiling: limits.codeEmailCeilingPerEmail }
      : { prefix: 'email-code', browser: limits.verificationEmailPerBrowser, ceiling: limits.verificationEmailCeilingPerEmail }
    const emailHash = hashEmail(keyring.current, email)
    const existing = bindingCookie(request, config)
    const binding = existing ?? newToken()
    const bindingHash = hashToken(binding)
    const from = existing ? `b:${bindingHash}` : `ip:${ipOf(request)}`
    const own = await store.hit(`embedded:${rules.prefix}:email:${emailHash}:from:${from}`, rules.browser.windowMs, at)
    if (own.count > rules.browser.max) {
      refusalLog().note('rate_limited', `embedded ${rules.prefix}:email-browser`)
      throw limited('embedded_code_requests_limited', own.resetAt, at)
    }
    const known = existing !== undefined && (await store.isKnownBinding(emailHash, bindingHash, new Date(at.getTime() - KNOWN_BINDING_TTL_MS)))
    if (!known) {
      const all = await store.hit(`embedded:${rules.prefix}:ceiling:${emailHash}`, rules.ceiling.windowMs, at)
      if (all.count > rules.ceiling.max) {
        refusalLog().note('rate_limited', `embedded ${rules.prefix}:ceiling`)
        // Exactly one request sees the count one past the ceiling in a window: the owner is told once.
        if (all.count === rules.ceiling.max + 1) alertOwner(config, store, keyring, email, purpose, rules.ceiling.max, all.resetAt, requestLocale(request))
        throw limited('embedded_code_requests_paused', all.resetAt, at)
      }
    }
    const requestId = newId()
    const code = generateEmailCode()
    // One statement: it replaces this browser's live code of this purpose for the email (never another browser's).
    await store.issueEmailCode({
      requestId,
      emailHash,
      emailSealed: sealEmail(keyring.current, email, { code: requestId }),
      purpose,
      codeHash: hashEmailCode(keyring.current, purpose, requestId, code),
      bindingHash,
      createdAt: at,
      expiresAt: new Date(at.getTime() + RECOVERY_CODE_TTL_SECONDS * 1000),
    })
    await deliver(code)
    const body: EmailCodeResponse | RecoveryCodeResponse = { requestId, expiresInSeconds: RECOVERY_CODE_TTL_SECONDS }
    // Kept as long as a used code makes this browser known to the email (a code asked for later reuses it).
    const cookie = serializeCookie(bindingCookieName(config.secureCookies), binding, { ...cookieFlags(config, '/'), maxAge: KNOWN_BINDING_TTL_MS / 1000 })
    return jsonResponse(body, { status: 202, headers: { 'set-cookie': cookie } })
  }

  /**
   * The alert when an email's codes reach their hourly ceiling: after the answer, and for recovery only
   * to an email with a verified wallet (as the codes themselves), so neither tells who has a wallet.
   */
  function alertOwner(config: EmbeddedConfig, store: Store, keyring: RecoveryKeyring, email: string, purpose: EmailCodePurpose, max: number, until: Date, locale: string) {
    background(async () => {
      const [wallet] = await store.listRecoverableWallets(emailHashes(keyring, email), 1)
      if (purpose === 'recovery' && !wallet) return
      // In the owner's language when the email has a wallet, else the asking browser's.
      const text = mailText(wallet?.locale ?? locale)
      await sendLogged(config.mailer, {
        to: email,
        subject: text.ceilingSubject,
        text: format(text.ceilingText, { count: max, time: utcMinute(until) }),
      }).catch(() => undefined)
    })
  }

  function codeMail(purpose: EmailCodePurpose, email: string, code: string, locale: string | null) {
    const mail = CODE_MAIL[purpose](mailText(locale))
    return { to: email, subject: mail.subject, text: format(mail.text, { code, minutes: RECOVERY_CODE_TTL_SECONDS / 60 }) }
  }

  /** Every unknown browser's tries at an email's codes, over all purposes (`codeTriesPerEmail`). */
  const emailTriesKey = (emailHash: string) => `embedded:code-tries:email:${emailHash}`

  /**
   * One try at a code of `purpose`. The browser binding is judged first, by the store, before
   * anything is counted: a try from a browser that did not ask for the code is refused and counts
   * only against the client address. From the right browser it is counted (the code's tries and this
   * browser's at the email, in one transaction that refuses at either cap), then judged — the age, the
   * HMAC — and used up when right. Returns the code's row and the email it proves.
   */
  async function acceptCode(request: Request, config: EmbeddedConfig, store: Store, keyring: RecoveryKeyring, at: Date, purpose: EmailCodePurpose): Promise<{ record: EmailCodeRecord; email: string }> {
    const limits = config.limits ?? EMBEDDED_LIMITS
    await limit(store, `verify:ip:${ipOf(request)}`, limits.verifyPerIp, at)
    const { requestId, code } = readCodeAttempt(await readEmbeddedBody(request))
    const binding = bindingCookie(request, config)
    const bindingHash = binding ? hashToken(binding) : null
    const rule = limits.codeTriesPerBrowser
    const attempt = await store.attemptEmailCode(
      requestId,
      purpose,
      bindingHash,
      {
        maxAttempts: RECOVERY_CODE_MAX_ATTEMPTS,
        triesKey: (emailHash) => `embedded:code-tries:${purpose}:email:${emailHash}:b:${bindingHash}`,
        triesMax: rule.max,
        triesWindowMs: rule.windowMs,
        email: {
          key: emailTriesKey,
          max: limits.codeTriesPerEmail.max,
          windowMs: limits.codeTriesPerEmail.windowMs,
          knownSince: new Date(at.getTime() - KNOWN_BINDING_TTL_MS),
        },
      },
      at,
    )
    if (attempt.kind === 'unknown') throw embeddedError('embedded_code_expired', { details: 'unknown, used or replaced' })
    if (attempt.kind === 'other_browser') throw embeddedError('embedded_code_other_browser', { details: binding ? 'another binding' : 'no binding cookie' })
    if (attempt.kind === 'locked' && attempt.scope === 'binding') throw limited('embedded_code_tries_exhausted', attempt.until, at)
    if (attempt.kind === 'locked' && attempt.scope === 'email') throw limited('embedded_code_tries_exhausted_email', attempt.until, at)
    if (attempt.kind === 'locked') throw embeddedError('embedded_code_locked', { details: 'no tries left for this code' })
    const codeTriesLeft = RECOVERY_CODE_MAX_ATTEMPTS - attempt.record.attempts
    const judgement = judgeEmailCode({
      keyring,
      record: attempt.record,
      code,
      bindingToken: binding,
      now: at,
      codeTriesLeft,
      emailTriesLeft: rule.max - attempt.bindingTries,
    })
    if (judgement.kind === 'other_browser') throw embeddedError('embedded_code_other_browser')
    if (judgement.kind === 'expired') throw embeddedError('embedded_code_expired')
    // This browser's tries at the email ran out before the code's: a lock with an end.
    if (judgement.kind === 'locked' && codeTriesLeft > 0) throw limited('embedded_code_tries_exhausted', attempt.bindingResetAt, at)
    if (judgement.kind === 'locked') throw embeddedError('embedded_code_locked')
    if (judgement.kind === 'wrong') throw embeddedError('embedded_code_invalid', { attemptsLeft: judgement.attemptsLeft })
    // Single use: of two right answers racing, one opens a session.
    const refundKey = attempt.emailCounted ? emailTriesKey(attempt.record.emailHash) : undefined
    if (!(await store.consumeEmailCode(requestId, at, refundKey))) throw embeddedError('embedded_code_expired', { details: 'used meanwhile' })
    return { record: attempt.record, email: openEmail(keyring, attempt.record.emailSealed, { code: requestId }) }
  }

  /** A new session of `purpose` for the email (by its hash): its row (token hashed) and its cookie. */
  async function openSession(store: Store, config: EmbeddedConfig, at: Date, emailHash: string, purpose: 'email_recovery' | 'email_verification') {
    const token = newToken()
    const ttl = purpose === 'email_recovery' ? RECOVERY_SESSION_TTL_SECONDS : EMAIL_SESSION_TTL_SECONDS
    const expiresAt = new Date(at.getTime() + ttl * 1000)
    await store.putRecoverySession({ tokenHash: hashToken(token), emailHash, purpose, createdAt: at, expiresAt })
    const name = purpose === 'email_recovery' ? recoveryCookieName(config.secureCookies) : emailCookieName(config.secureCookies)
    const path = purpose === 'email_recovery' ? RECOVERY_COOKIE_PATH : EMAIL_COOKIE_PATH
    return { expiresAt, cookie: serializeCookie(name, token, { ...cookieFlags(config, path), maxAge: ttl }) }
  }

  /** The site's own origin for a link in an email: the configured origin this browser is on (never the Host header). */
  function siteOrigin(request: Request, config: EmbeddedConfig): string {
    const origin = request.headers.get('origin')
    const chosen = (origin && config.origins.find((candidate) => candidate === origin)) || config.origins[0]
    if (!chosen) throw embeddedError('embedded_internal_error', { details: 'no APP_ORIGIN configured' })
    return chosen
  }

  /** What every route's preamble reads, once: its configuration, the store, the clock and the limits. */
  type RouteContext = { request: Request; config: EmbeddedConfig; store: Store; at: Date; limits: EmbeddedLimits }
  /** A route's per-client limit: the count `<name>:ip:<client>` against `limits[rule]`, taken before the body is read. */
  type ClientLimit = readonly [name: string, rule: keyof EmbeddedLimits] | null

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

  /** A pairing as its owner (the device that opened it) names it; anything else is "unknown". */
  async function ownedPairing(store: Store, pairingId: string, ownerToken: string, at: Date): Promise<PairingRecord> {
    const pairing = await store.getPairing(pairingId)
    if (!pairing || pairing.ownerHash !== hashToken(ownerToken)) throw embeddedError('embedded_pairing_code_invalid', { details: 'unknown pairing or owner token' })
    return livePairing(pairing, at)
  }

  /** A pairing as its claimant (the new device) names it. */
  async function claimedPairing(store: Store, pairingId: string, claimToken: string, at: Date): Promise<PairingRecord> {
    const pairing = await store.getPairing(pairingId)
    if (!pairing || pairing.claimHash === null || pairing.claimHash !== hashToken(claimToken)) throw embeddedError('embedded_pairing_code_invalid', { details: 'unknown pairing or claim token' })
    return livePairing(pairing, at)
  }

  function livePairing(pairing: PairingRecord, at: Date): PairingRecord {
    if (pairing.cancelledAt) throw embeddedError('embedded_pairing_used', { details: 'cancelled by the first device' })
    if (pairing.completedAt) return pairing
    if (pairing.expiresAt.getTime() <= at.getTime()) throw embeddedError('embedded_pairing_expired')
    return pairing
  }

  const pairingOutcomeError = (outcome: 'unknown' | 'expired' | 'used' | 'not_claimed' | 'not_approved' | 'credential_exists') =>
    outcome === 'expired'
      ? embeddedError('embedded_pairing_expired')
      : outcome === 'used'
        ? embeddedError('embedded_pairing_used')
        : outcome === 'not_approved'
          ? embeddedError('embedded_pairing_not_approved')
          : outcome === 'credential_exists'
            ? embeddedError('embedded_passkey_invalid', { details: 'credential already recorded' })
            : embeddedError('embedded_pairing_code_invalid', { details: outcome })

  return {
    emailCode: keyedRoute(['email-code', 'verificationEmailPerIp'], async ({ request, config, store, keyring, at }) => {
      const email = readEmail(await readEmbeddedBody(request))
      // Any address may be proven, so there is nothing to hide here: the send is awaited and a failure reported.
      return issueCode(request, config, store, keyring, at, email, 'verify_email', (code) => sendLogged(config.mailer, codeMail('verify_email', email, code, requestLocale(request))))
    }),

    emailVerify: keyedRoute(null, async ({ request, config, store, keyring, at }) => {
      const { record, email } = await acceptCode(request, config, store, keyring, at, 'verify_email')
      const { expiresAt, cookie } = await openSession(store, config, at, record.emailHash, 'email_verification')
      const body: EmailVerifyResponse = { email, expiresAt: expiresAt.toISOString() }
      return jsonResponse(body, { headers: { 'set-cookie': cookie } })
    }),

    walletOptions: keyedRoute(['options', 'walletOptionsPerIp'], async ({ request, config, store, keyring, at }) => {
      const email = readEmail(await readEmbeddedBody(request))
      const session = await sessionOf(request, store, config, at, 'email_verification')
      const hashes = emailHashes(keyring, email)
      if (!hashes.includes(session.emailHash)) throw embeddedError('embedded_email_unverified', { details: 'the proven email is another one' })
      // Said before the passkey prompt, so no passkey is made for a wallet that cannot be recorded.
      if ((await store.listRecoverableWallets(hashes, MAX_WALLETS_PER_EMAIL)).length >= MAX_WALLETS_PER_EMAIL) throw embeddedError('embedded_wallet_limit')
      const walletId = newId()
      const rp = relyingPartyFor(request, config.origins)
      const options = await issueRegistrationOptions({ store, rp, walletId, email, purpose: 'register', now: at })
      const body: WalletOptionsResponse = { walletId, options, recoveryPublicKey: keyring.current.publicKeyBase64Url }
      return jsonResponse(body)
    }),

    createWallet: keyedRoute(['create', 'createWalletPerIp'], async ({ request, config, store, keyring, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const email = readEmail(body)
      const address = readAddress(body)
      const recovery = readEnvelope(body.recovery, 'recovery')
      const vault = readSealed(body.vault, 'vault')
      const registration = readRegistration(body.registration)
      const session = await sessionOf(request, store, config, at, 'email_verification')
      const hashes = emailHashes(keyring, email)
      if (!hashes.includes(session.emailHash)) throw embeddedError('embedded_email_unverified', { details: 'the proven email is another one' })
      const rp = relyingPartyFor(request, config.origins)
      const credential = await verifyRegistration({ store, rp, registration, walletId, purpose: 'register', now: at })
      // The envelope must open with one of our keys for this wallet: a wallet we could not recover is
      // refused now, not at recovery. Stored with the id of the key that opened it (the current one,
      // unless the browser fetched its options just before a rotation).
      const opened = await openRecoveryEnvelope(keyring, recovery, walletId).catch((cause: unknown) => {
        throw embeddedError('embedded_malformed_body', { details: 'the recovery envelope does not open with the recovery key', cause })
      })
      opened.raw.fill(0)
      const outcome = await store.createVerifiedWallet(
        {
          walletId,
          // The email at rest: its keyed hash for lookups, sealed for this wallet for the owner's emails.
          emailHash: hashEmail(keyring.current, email),
          emailSealed: sealEmail(keyring.current, email, { wallet: walletId }),
          address,
          recoveryEnvelope: storedEnvelopeJson(recovery, opened.key),
          vault: JSON.stringify(vault),
          createdAt: at,
          // The vault's language: the owner's later security mails are written in it.
          locale: requestLocale(request),
        },
        credential,
        { sessionHash: session.tokenHash, emailHashes: hashes, maxPerEmail: MAX_WALLETS_PER_EMAIL, now: at },
      )
      if (outcome === 'unverified') throw embeddedError('embedded_email_unverified', { details: 'session used or expired meanwhile' })
      if (outcome === 'limit') throw embeddedError('embedded_wallet_limit')
      if (outcome === 'exists') throw embeddedError('embedded_wallet_exists')
      const response: CreateWalletResponse = { walletId, address }
      // The proven email made its wallet: another one needs another code.
      return jsonResponse(response, { status: 201, headers: { 'set-cookie': expiredCookie(emailCookieName(config.secureCookies), cookieFlags(config, EMAIL_COOKIE_PATH)) } })
    }),

    recoveryCode: keyedRoute(['code', 'codeEmailPerIp'], async ({ request, config, store, keyring, at }) => {
      const email = readEmail(await readEmbeddedBody(request))
      // The same answer, at once, whether or not the email has a wallet: the lookup and the SMTP
      // exchange happen after it, so neither the timing nor a mail failure tells who has a wallet.
      // Only an owner of a verified wallet receives a code (a stranger's address gets nothing).
      return issueCode(request, config, store, keyring, at, email, 'recovery', async (code) => {
        background(async () => {
          const [wallet] = await store.listRecoverableWallets(emailHashes(keyring, email), 1)
          if (!wallet) return
          // The owner's language (the wallet's), else the asking vault's.
          await sendLogged(config.mailer, codeMail('recovery', email, code, wallet.locale ?? requestLocale(request))).catch(() => undefined)
        })
      })
    }),

    recoveryVerify: keyedRoute(null, async ({ request, config, store, keyring, at }) => {
      const { record, email } = await acceptCode(request, config, store, keyring, at, 'recovery')
      const { expiresAt, cookie } = await openSession(store, config, at, record.emailHash, 'email_recovery')
      const wallets = (await store.listRecoverableWallets(emailHashes(keyring, email), MAX_WALLETS_PER_EMAIL)).map((wallet) => ({
        walletId: wallet.walletId,
        address: getAddress(wallet.address),
        createdAt: wallet.createdAt.toISOString(),
      }))
      const response: RecoveryVerifyResponse = { wallets, expiresAt: expiresAt.toISOString() }
      return jsonResponse(response, { headers: { 'set-cookie': cookie } })
    }),

    recoveryStart: keyedRoute(['recovery', 'recoveryPerIp'], async ({ request, config, store, keyring, at }) => {
      const walletId = readWalletId(await readEmbeddedBody(request))
      const session = await sessionOf(request, store, config, at, 'email_recovery')
      const { wallet, email } = await walletInSession(store, keyring, walletId, session.emailHash)
      // The owner's choices (walletSettings): no email recovery at all, or a longer wait than the server's.
      if (!wallet.emailRecovery) throw embeddedError('embedded_recovery_off')
      const delay = Math.max(config.recoveryDelaySeconds ?? DEFAULT_EMBEDDED_RECOVERY_DELAY_SECONDS, wallet.recoveryDelaySeconds ?? 0)
      const token = newToken()
      const cancelToken = newId()
      const releaseAt = new Date(at.getTime() + delay * 1000)
      const outcome = await store.startRecovery(
        {
          recoveryId: newId(),
          cancelHash: hashToken(cancelToken),
          tokenHash: hashToken(token),
          sessionHash: session.tokenHash,
          walletId,
          emailHash: session.emailHash,
          startedAt: at,
          releaseAt,
          cancelExpiresAt: new Date(releaseAt.getTime() + RECOVERY_CANCEL_TTL_SECONDS * 1000),
          browser: browserName(request.headers.get('user-agent')),
          place: coarsePlace(request.headers),
        },
        at,
      )
      if (outcome.kind === 'session_invalid') throw embeddedError('embedded_recovery_session_invalid', { details: 'session used or expired meanwhile' })
      const body = recoveryStatus(outcome.record, wallet.address, at)
      // Started before: the same recovery, and the cookie this browser got then.
      if (outcome.kind === 'exists') return jsonResponse(body)
      // The owner is told now, while the key is still locked: the link cancels before the release.
      const { record } = outcome
      // In the language the wallet was made in (the owner's), else the recovering browser's; the cancel
      // page opens in the same one.
      const locale = wallet.locale ?? requestLocale(request)
      const text = mailText(locale)
      const link = `${siteOrigin(request, config)}${embeddedApiPaths.recoveryCancel}?token=${cancelToken}&lang=${locale}`
      const address = getAddress(wallet.address)
      // The label recorded at the start, in the owner's words.
      const browser = localizeBrowserLabel(record.browser, text)
      background(() =>
        sendLogged(config.mailer, {
          to: email,
          subject: format(text.noticeSubject, { address }),
          text: format(text.noticeText, {
            address,
            time: utcMinute(record.startedAt),
            from: record.place ? `${browser}, ${record.place}` : browser,
            releaseTime: utcMinute(record.releaseAt),
            link,
            expiry: utcMinute(record.cancelExpiresAt),
          }),
        }).catch(() => undefined),
      )
      // Outlives the delay: this browser may leave and come back to finish.
      const cookie = serializeCookie(recoveryPendingCookieName(config.secureCookies), token, {
        ...cookieFlags(config, RECOVERY_COOKIE_PATH),
        maxAge: delay + RECOVERY_CANCEL_TTL_SECONDS,
      })
      return jsonResponse(body, { status: 201, headers: { 'set-cookie': cookie } })
    }),

    recoveryPending: route(['recovery', 'recoveryPerIp'], async ({ request, config, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = body.walletId === undefined ? undefined : readWalletId(body)
      const token = readCookies(request).get(recoveryPendingCookieName(config.secureCookies))
      const record = token && TOKEN.test(token) ? await store.getRecoveryByToken(hashToken(token), walletId) : undefined
      const wallet = record ? await store.getEmbeddedWallet(record.walletId) : undefined
      // No started recovery here is the common answer (every vault open asks), not an error.
      if (!record || !wallet) return jsonResponse({ state: 'none' } satisfies RecoveryPendingResponse)
      return jsonResponse(recoveryStatus(record, wallet.address, at))
    }),

    recoveryKey: keyedRoute(['recovery', 'recoveryPerIp'], async ({ request, config, store, keyring, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const publicKey = readPublicKey(body)
      const record = await pendingRecovery(request, store, config, walletId)
      // Refused early without touching the envelope; decided again below, on the locked row.
      const early = recoveryGate(record, at, false)
      if (early.kind !== 'open') throw gateRefusal(early, at)
      const wallet = await store.getEmbeddedWallet(walletId)
      const email = wallet?.emailVerifiedAt ? walletEmail(keyring, wallet) : undefined
      // The wallet's email is still the one that started the recovery (its hash under any key of the ring).
      if (!wallet || !email || !record.emailHash || !emailHashes(keyring, email).includes(record.emailHash)) throw embeddedError('embedded_wallet_not_found')
      // Opened with the recovery key and at once sealed to the browser's one-time key: the answer
      // carries the data key wrapped, and this process holds it in plain only for these lines.
      const { raw } = await openRecoveryEnvelope(keyring, parseStoredEnvelope(wallet.recoveryEnvelope), walletId)
      let wrappedKey: Envelope
      try {
        wrappedKey = await sealToPublicKey(fromBase64Url(publicKey), raw, additionalData.recovery(walletId))
      } catch (cause) {
        throw embeddedError('embedded_malformed_body', { details: 'publicKey is not a P-256 point', cause })
      } finally {
        raw.fill(0)
      }
      // The gate on the locked row: a cancel that came meanwhile wins, and the sealed key is dropped.
      // The browser finishes within a recovery session's time (docs/connectors/retries-and-timeouts.md#embedded-wallet-the-server) of this release, or asks again.
      const gate = await store.releaseRecoveryKey(record.tokenHash, walletId, at, new Date(at.getTime() + RECOVERY_SESSION_TTL_SECONDS * 1000))
      if (gate.kind !== 'open') throw gateRefusal(gate, at)
      // No excludeCredentials: a device that still holds one of the wallet's passkeys (its local
      // record lost, or a synced passkey) would answer InvalidStateError and never recover. A new
      // passkey for the same user id replaces the old one in the authenticator.
      const options = await issueRegistrationOptions({
        store,
        rp: relyingPartyFor(request, config.origins),
        walletId,
        email,
        purpose: 'recover',
        now: at,
      })
      const response: RecoveryKeyResponse = {
        walletId,
        address: getAddress(wallet.address) as Address,
        email,
        wrappedKey,
        vault: JSON.parse(wallet.vault) as RecoveryKeyResponse['vault'],
        options,
      }
      return jsonResponse(response)
    }),

    recoveryComplete: keyedRoute(['recovery', 'recoveryPerIp'], async ({ request, config, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const registration = readRegistration(body.registration)
      const record = await pendingRecovery(request, store, config, walletId)
      const early = recoveryGate(record, at, true)
      if (early.kind !== 'open') throw gateRefusal(early, at)
      const wallet = await store.getEmbeddedWallet(walletId)
      if (!wallet) throw embeddedError('embedded_wallet_not_found')
      const rp = relyingPartyFor(request, config.origins)
      const credential = await verifyRegistration({ store, rp, registration, walletId, purpose: 'recover', now: at })
      // One transaction on the locked row: of completions racing, exactly one adds its passkey; a
      // cancel that came first stops them all.
      const outcome = await store.completeRecovery(record.tokenHash, credential, at)
      if (outcome.kind === 'credential_exists') throw embeddedError('embedded_passkey_invalid', { details: 'credential already recorded' })
      if (outcome.kind !== 'completed') throw gateRefusal(outcome, at)
      const response: RecoveryCompleteResponse = { walletId, address: getAddress(wallet.address) }
      const headers = new Headers()
      headers.append('set-cookie', expiredCookie(recoveryPendingCookieName(config.secureCookies), cookieFlags(config, RECOVERY_COOKIE_PATH)))
      headers.append('set-cookie', expiredCookie(recoveryCookieName(config.secureCookies), cookieFlags(config, RECOVERY_COOKIE_PATH)))
      return jsonResponse(response, { headers })
    }),

    /**
     * An owner's device asks for a challenge: to sign with the wallet's key (`status`), or to assert
     * with the wallet's passkey (`veto`). Issued for any wallet id: it tells nothing about the wallet.
     */
    walletRecoveriesChallenge: route(['device', 'recoveryPerIp'], async ({ request, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const purpose = readChallengePurpose(body)
      const response: WalletRecoveriesChallengeResponse = { challenge: await issueChallenge({ store, walletId, purpose, now: at }) }
      return jsonResponse(response)
    }),

    /**
     * The wallet's pending recoveries, for a device that proves it holds the wallet: the wallet key's
     * signature of a `status` challenge (the vault signs it when it unlocks the wallet, no extra touch).
     * A stranger who knows only the wallet id learns nothing — not even whether it exists.
     */
    walletRecoveries: route(['device', 'recoveryPerIp'], async ({ request, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const { challenge, signature } = readDeviceProof(body)
      await takeChallenge(store, challenge, walletId, 'status', at)
      const wallet = await store.getEmbeddedWallet(walletId)
      const signer = await recoverMessageAddress({ message: deviceProofMessage(walletId, challenge), signature }).catch(() => undefined)
      if (!wallet || !signer || signer.toLowerCase() !== wallet.address.toLowerCase()) throw embeddedError('embedded_device_proof_invalid')
      const recoveries = await store.listPendingRecoveries(walletId, at)
      // The browser in the vault's words (it sends its language): "Chrome auf Linux".
      const words = mailText(requestLocale(request))
      const response: WalletRecoveriesResponse = {
        recoveries: recoveries.map((record) => ({
          recoveryId: record.recoveryId,
          startedAt: record.startedAt.toISOString(),
          releaseAt: record.releaseAt.toISOString(),
          browser: localizeBrowserLabel(record.browser, words),
          place: record.place,
        })),
      }
      return jsonResponse(response)
    }),

    /** Cancels a pending recovery for one passkey touch of the wallet (an assertion over a fresh `veto` challenge). */
    walletRecoveriesCancel: route(['device', 'recoveryPerIp'], async ({ request, config, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const recoveryId = readRecoveryId(body)
      const assertion = readAssertion(body.assertion)
      await verifyWalletAssertion({ store, rp: relyingPartyFor(request, config.origins), topOrigins: config.frameOrigins ?? [], assertion, walletId, purpose: 'veto', now: at })
      const outcome = await store.vetoRecovery(walletId, recoveryId, at)
      if (outcome.kind === 'unknown') throw embeddedError('embedded_wallet_not_found', { details: 'no such recovery of this wallet' })
      if (outcome.kind === 'already_completed') throw embeddedError('embedded_recovery_completed')
      if (outcome.kind === 'expired') throw embeddedError('embedded_recovery_session_invalid', { details: 'the recovery is over' })
      if (outcome.kind === 'cancelled') log(`[sigil] embedded recovery cancelled from an owner's device: wallet ${walletId}`)
      const response: WalletRecoveriesCancelResponse = { recoveryId, state: 'cancelled' }
      return jsonResponse(response)
    }),

    /** A single-use challenge for one of the wallet's passkeys; the same answer for any wallet id. */
    deviceChallenge: route(['device-passkey', 'devicePasskeyPerIp'], async ({ request, config, store, at }) => {
      const walletId = readWalletId(await readEmbeddedBody(request))
      const options = await issueAssertionOptions({ store, rp: relyingPartyFor(request, config.origins), walletId, now: at })
      const body: DeviceChallengeResponse = { options }
      return jsonResponse(body)
    }),

    /**
     * Opens a pairing for a device that proved it holds one of the wallet's passkeys: a 50-bit code
     * (single use, 10 minutes; only its hash is kept) and the owner's token for the next steps.
     */
    pairingStart: route(['device-passkey', 'devicePasskeyPerIp'], async ({ request, config, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const assertion = readAssertion(body.assertion)
      await provePasskey({ request, config, store, at }, walletId, assertion)
      const ownerToken = newToken()
      const pairingId = newId()
      const expiresAt = new Date(at.getTime() + PAIRING_TTL_SECONDS * 1000)
      // A code that collides with a live one (2^-50 per pair) is drawn again.
      for (let draw = 0; draw < 3; draw++) {
        const code = generatePairingCode()
        const opener = { ownerBrowser: browserName(request.headers.get('user-agent')), ownerPlace: coarsePlace(request.headers) }
        if (await store.createPairing({ pairingId, walletId, codeHash: hashToken(code), ownerHash: hashToken(ownerToken), createdAt: at, expiresAt, ...opener })) {
          // The code travels in the link's fragment: a browser never sends that part to a server.
          const link = `${siteOrigin(request, config)}/#pair=${formatPairingCode(code)}`
          const response: PairingStartResponse = { pairingId, code, ownerToken, expiresAt: expiresAt.toISOString(), link, qr: qrPath(link) }
          return jsonResponse(response, { status: 201 })
        }
      }
      throw embeddedError('embedded_internal_error', { details: 'no free pairing code' })
    }),

    /** The owner's view of its pairing: still waiting, or the claiming device's one-time key (for the fingerprint). */
    pairingStatus: route(['pairing-poll', 'pairingPollPerIp'], async ({ request, store, at }) => {
      const body = await readEmbeddedBody(request)
      const pairing = await ownedPairing(store, readPairingId(body), readToken(body, 'ownerToken'), at)
      const response: PairingStatusResponse = pairing.completedAt
        ? { state: 'completed' }
        : pairing.approvedAt
          ? { state: 'approved' }
          : pairing.claimantKey
            ? { state: 'claimed', publicKey: pairing.claimantKey }
            : { state: 'waiting' }
      return jsonResponse(response)
    }),

    /**
     * The owner approves after the user compared the fingerprints, with a fresh passkey assertion:
     * the data key arrives sealed to the claimant's one-time key (the server cannot open it) and is
     * stored once — of two approvals racing, one wins.
     */
    pairingApprove: route(['device-passkey', 'devicePasskeyPerIp'], async ({ request, config, store, at }) => {
      const body = await readEmbeddedBody(request)
      const pairingId = readPairingId(body)
      const ownerToken = readToken(body, 'ownerToken')
      const walletId = readWalletId(body)
      const assertion = readAssertion(body.assertion)
      const sealedKey = readEnvelope(body.sealedKey, 'sealedKey')
      const vault = readSealed(body.vault, 'vault')
      const pairing = await ownedPairing(store, pairingId, ownerToken, at)
      if (pairing.walletId !== walletId) throw embeddedError('embedded_pairing_code_invalid', { details: 'another wallet' })
      await provePasskey({ request, config, store, at }, walletId, assertion)
      const outcome = await store.approvePairing(pairingId, hashToken(ownerToken), { sealedKey: JSON.stringify(sealedKey), sealedVault: JSON.stringify(vault) }, at)
      if (outcome !== 'approved') throw pairingOutcomeError(outcome)
      const response: PairingApproveResponse = { state: 'approved' }
      return jsonResponse(response)
    }),

    /** The owner says no (the fingerprints differ, or it changed its mind): the code is dead. */
    pairingCancel: route(['pairing-poll', 'pairingPollPerIp'], async ({ request, store, at }) => {
      const body = await readEmbeddedBody(request)
      const pairingId = readPairingId(body)
      const ownerToken = readToken(body, 'ownerToken')
      if (!(await store.cancelPairing(pairingId, hashToken(ownerToken), at))) throw embeddedError('embedded_pairing_used', { details: 'unknown, completed or cancelled' })
      return jsonResponse({ state: 'cancelled' })
    }),

    /**
     * The new device enters the code with its one-time public key. Every try counts against the
     * client address first (10 per 10 minutes): a code cannot be guessed within its life.
     */
    /**
     * What a pairing link names before the user claims it: the opening device's browser and place.
     * Counted as a claim (the same limit per client address), so it is no cheaper oracle for codes.
     */
    pairingPeek: route(['pairing-claim', 'pairingClaimPerIp'], async ({ request, store, at }) => {
      const code = readPairingCode(await readEmbeddedBody(request))
      const outcome = await store.peekPairing(hashToken(code), at)
      if (outcome.kind !== 'live') throw pairingOutcomeError(outcome.kind)
      const ownerBrowser = outcome.record.ownerBrowser && localizeBrowserLabel(outcome.record.ownerBrowser, mailText(requestLocale(request)))
      const response: PairingPeekResponse = { browser: ownerBrowser, place: outcome.record.ownerPlace, expiresAt: outcome.record.expiresAt.toISOString() }
      return jsonResponse(response)
    }),

    pairingClaim: route(['pairing-claim', 'pairingClaimPerIp'], async ({ request, store, at }) => {
      const body = await readEmbeddedBody(request)
      const code = readPairingCode(body)
      const publicKey = readPublicKey(body)
      try {
        // Refused here rather than at approval: the owner's fingerprint is of a key that can be sealed to.
        await sealToPublicKey(fromBase64Url(publicKey), new Uint8Array(1), 'sigil-embedded/pairing-key-check')
      } catch (cause) {
        throw embeddedError('embedded_malformed_body', { details: 'publicKey is not a P-256 point', cause })
      }
      const claimToken = newToken()
      const outcome = await store.claimPairing(hashToken(code), { claimHash: hashToken(claimToken), claimantKey: publicKey }, at)
      if (outcome.kind !== 'claimed') throw pairingOutcomeError(outcome.kind)
      const response: PairingClaimResponse = { pairingId: outcome.record.pairingId, claimToken, expiresAt: outcome.record.expiresAt.toISOString() }
      return jsonResponse(response)
    }),

    /** The claimant's wait: once approved, what the first device sealed to it and new passkey options. */
    pairingPackage: keyedRoute(['pairing-poll', 'pairingPollPerIp'], async ({ request, config, store, keyring, at }) => {
      const body = await readEmbeddedBody(request)
      const pairing = await claimedPairing(store, readPairingId(body), readToken(body, 'claimToken'), at)
      if (pairing.completedAt) throw embeddedError('embedded_pairing_used', { details: 'completed' })
      if (!pairing.approvedAt || !pairing.sealedKey || !pairing.sealedVault) return jsonResponse({ state: 'waiting' } satisfies PairingPackageResponse)
      const wallet = await store.getEmbeddedWallet(pairing.walletId)
      if (!wallet) throw embeddedError('embedded_pairing_code_invalid', { details: 'the wallet is gone' })
      const email = walletEmail(keyring, wallet)
      if (!email) throw embeddedError('embedded_pairing_code_invalid', { details: 'the wallet has no email' })
      const options = await issueRegistrationOptions({ store, rp: relyingPartyFor(request, config.origins), walletId: wallet.walletId, email, purpose: 'pair', now: at })
      const response: PairingPackageResponse = {
        state: 'approved',
        walletId: wallet.walletId,
        address: getAddress(wallet.address),
        email,
        sealedKey: JSON.parse(pairing.sealedKey) as Envelope,
        vault: JSON.parse(pairing.sealedVault) as Sealed,
        options,
      }
      return jsonResponse(response)
    }),

    /**
     * The new device's passkey: verified, recorded with `device_added` in the pairing's one
     * transaction (once), and the owner told by email.
     */
    pairingComplete: keyedRoute(['device-passkey', 'devicePasskeyPerIp'], async ({ request, config, store, keyring, at }) => {
      const body = await readEmbeddedBody(request)
      const pairingId = readPairingId(body)
      const claimToken = readToken(body, 'claimToken')
      const registration = readRegistration(body.registration)
      const pairing = await claimedPairing(store, pairingId, claimToken, at)
      const wallet = await store.getEmbeddedWallet(pairing.walletId)
      if (!wallet) throw embeddedError('embedded_pairing_code_invalid', { details: 'the wallet is gone' })
      const credential = await verifyRegistration({ store, rp: relyingPartyFor(request, config.origins), registration, walletId: wallet.walletId, purpose: 'pair', now: at })
      const outcome = await store.completePairing(pairingId, hashToken(claimToken), credential, at)
      if (outcome !== 'completed') throw pairingOutcomeError(outcome)
      const address = getAddress(wallet.address)
      const to = walletEmail(keyring, wallet)
      const text = mailText(wallet.locale ?? requestLocale(request))
      if (to) background(() =>
        sendLogged(config.mailer, {
          to,
          subject: format(text.deviceAddedSubject, { address }),
          text: format(text.deviceAddedText, { address, time: utcMinute(at) }),
        }).catch(() => undefined),
      )
      const response: PairingCompleteResponse = { walletId: wallet.walletId, address }
      return jsonResponse(response)
    }),

    /**
     * The owner's recovery settings, from a device that proves with a fresh passkey assertion that it
     * holds the wallet: email recovery on or off, and a minimum delay before a recovery's key is
     * released. Recorded with `settings_changed` in the wallet's log, in one transaction.
     */
    walletSettings: route(['device-passkey', 'devicePasskeyPerIp'], async ({ request, config, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const settings = readWalletSettings(body)
      const assertion = readAssertion(body.assertion)
      await provePasskey({ request, config, store, at }, walletId, assertion)
      if (!(await store.updateWalletSettings(walletId, settings, at))) throw embeddedError('embedded_wallet_not_found')
      const response: WalletSettingsResponse = { walletId, ...settings }
      return jsonResponse(response)
    }),

    /**
     * The wallet's log for a device that proves, with a fresh passkey assertion, that it holds the
     * wallet: a stranger who knows a wallet id gets `embedded_passkey_invalid` and nothing else.
     */
    walletLog: route(['device-passkey', 'devicePasskeyPerIp'], async ({ request, config, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const assertion = readAssertion(body.assertion)
      await provePasskey({ request, config, store, at }, walletId, assertion)
      const events = await store.listWalletEvents(walletId)
      const response: WalletLogResponse = {
        walletId,
        events: events.map((event) => ({ walletId: event.walletId, seq: event.seq, kind: event.kind, at: event.at.toISOString(), detail: { ...event.detail }, prevHash: event.prevHash, hash: event.hash })),
      }
      return jsonResponse(response)
    }),
    /**
     * GET of the owner's cancel link: a page with a button, never the cancel itself — mail scanners
     * open links, and must not cancel a recovery by doing so.
     */
    recoveryCancelPage: (request: Request) =>
      handleHtml(log, async () => {
        const page = cancelPageRequest(request)
        const store = await deps.store()
        const token = new URL(request.url).searchParams.get('token')
        const record = token && /^[A-Za-z0-9_-]{22}$/.test(token) ? await store.getRecoveryByCancelHash(hashToken(token)) : null
        if (!record) return cancelPageHtml({ kind: 'invalid' }, 404, page)
        const wallet = await store.getEmbeddedWallet(record.walletId)
        const address = wallet ? getAddress(wallet.address) : record.walletId
        if (record.state === 'cancelled') return cancelPageHtml({ kind: 'already_cancelled' }, 410, page)
        if (record.state === 'completed') return cancelPageHtml({ kind: 'already_completed', completedAt: record.completedAt ?? record.startedAt }, 410, page)
        if (record.cancelExpiresAt.getTime() <= now().getTime()) return cancelPageHtml({ kind: 'expired' }, 410, page)
        return cancelPageHtml({ kind: 'confirm', address, startedAt: record.startedAt, releaseAt: record.releaseAt, token: token! }, 200, page)
      }),

    /** POST of the cancel page's form: cancels the recovery (README, "Security model of the embedded wallet"). */
    recoveryCancel: (request: Request) =>
      handleHtml(log, async () => {
        const page = cancelPageRequest(request)
        const store = await deps.store()
        const at = now()
        const token = await readCancelToken(request)
        if (!token) return cancelPageHtml({ kind: 'invalid' }, 400, page)
        const outcome = await store.cancelRecovery(hashToken(token), at)
        if (outcome.kind === 'unknown') return cancelPageHtml({ kind: 'invalid' }, 404, page)
        if (outcome.kind === 'expired') return cancelPageHtml({ kind: 'expired' }, 410, page)
        if (outcome.kind === 'already_cancelled') return cancelPageHtml({ kind: 'already_cancelled' }, 410, page)
        if (outcome.kind === 'already_completed') return cancelPageHtml({ kind: 'already_completed', completedAt: outcome.record.completedAt ?? outcome.record.startedAt }, 410, page)
        const wallet = await store.getEmbeddedWallet(outcome.record.walletId)
        const keyReleased = outcome.record.keyReleasedAt !== null
        log(`[sigil] embedded recovery cancelled by its owner: wallet ${outcome.record.walletId}, key released: ${keyReleased}`)
        return cancelPageHtml({ kind: 'cancelled', address: wallet ? getAddress(wallet.address) : outcome.record.walletId, keyReleased }, 200, page)
      }),
  }
}

async function handleHtml(log: (line: string) => void, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run()
  } catch (caught) {
    const error = toHttpError(caught)
    log(`[sigil] ${error.code}: ${redactForLog(error.details ?? '', 300)}`)
    return new Response(error.message, { status: error.status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
  }
}

export type EmbeddedRoutes = ReturnType<typeof createEmbeddedRoutes>
