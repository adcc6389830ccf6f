/**
 * The emailed codes of the embedded API, shared by the email proof (walletRoutes.ts) and the
 * recovery (recoveryRoutes.ts): issuing a code bound to the asking browser under the per-browser
 * and per-email limits, the owner's alert at the hourly ceiling, one try at a code, and the session
 * a right code opens.
 */
import { format, utcMinute } from '@sigil/lib/i18n/format'
import type { EmailCodeResponse, RecoveryCodeResponse } from '@sigil/lib/embedded/apiTypes'
import { bindingCookieName, EMAIL_COOKIE_PATH, emailCookieName, RECOVERY_COOKIE_PATH, recoveryCookieName } from '@sigil/lib/storageNames'
import { serializeCookie } from '@/server/http/cookies'
import { jsonResponse } from '@/server/http/json'
import { refusalLog } from '@/server/http/refusalLog'
import { mailText, type MailText } from '@/server/i18n/mailLocales'
import type { EmailCodePurpose, EmailCodeRecord } from '@/server/store/embeddedTypes'
import type { Store } from '@/server/store/types'
import { readCodeAttempt, readEmbeddedBody } from './bodies'
import { emailHashes, hashEmail, openEmail, sealEmail } from './emailAtRest'
import { generateEmailCode, hashEmailCode, hashToken, judgeEmailCode } from './emailCode'
import type { EmbeddedRouteKit } from './embeddedRouteKit'
import { embeddedError } from './httpErrors'
import {
  EMAIL_SESSION_TTL_SECONDS,
  EMBEDDED_LIMITS,
  KNOWN_BINDING_TTL_MS,
  RECOVERY_CODE_MAX_ATTEMPTS,
  RECOVERY_CODE_TTL_SECONDS,
  RECOVERY_SESSION_TTL_SECONDS,
} from './policy'
import type { RecoveryKeyring } from './recoveryKey'
import { newId, newToken, requestLocale, type EmbeddedConfig } from './routeShared'

/** A code's mail, by purpose, in the words of one locale. */
const CODE_MAIL = {
  verify_email: (text: MailText) => ({ subject: text.verifySubject, text: text.verifyText }),
  recovery: (text: MailText) => ({ subject: text.recoverySubject, text: text.recoveryText }),
} as const

/** The code steps of one `createEmbeddedRoutes` call. */
export type CodeSessions = ReturnType<typeof createCodeSessions>

export function createCodeSessions(kit: EmbeddedRouteKit) {
  const { ipOf, limit, limited, background, sendLogged, bindingCookie, cookieFlags } = kit

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

  return { issueCode, codeMail, acceptCode, openSession }
}
