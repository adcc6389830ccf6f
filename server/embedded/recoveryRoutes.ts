/**
 * The embedded API's email recovery, time-locked: `recoveryCode` → `recoveryVerify` →
 * `recoveryStart` → (the delay) → `recoveryKey` → `recoveryComplete`, and `recoveryPending` for the
 * recovering browser; with the refusals of a closed recovery gate and the status a browser is shown.
 */
import { additionalData } from '@sigil/lib/embedded/crypto/keyWrapping'
import { fromBase64Url } from '@sigil/lib/embedded/crypto/bytes'
import { sealToPublicKey, type Envelope } from '@sigil/lib/embedded/crypto/sealToPublicKey'
import type {
  RecoveryCompleteResponse,
  RecoveryKeyResponse,
  RecoveryPendingResponse,
  RecoveryStatus,
  RecoveryVerifyResponse,
} from '@sigil/lib/embedded/apiTypes'
import { embeddedApiPaths } from '@sigil/lib/embedded/apiTypes'
import { format, utcMinute } from '@sigil/lib/i18n/format'
import { mailText } from '@/server/i18n/mailLocales'
import { expiredCookie, readCookies, serializeCookie } from '@/server/http/cookies'
import { jsonResponse } from '@/server/http/json'
import { RECOVERY_COOKIE_PATH, recoveryCookieName, recoveryPendingCookieName } from '@sigil/lib/storageNames'
import type { RecoveryGate, RecoveryRecord } from '@/server/store/embeddedTypes'
import { recoveryGate } from '@/server/store/recoveryGate'
import { type Address, getAddress } from 'viem'
import { readEmail, readEmbeddedBody, readPublicKey, readRegistration, readWalletId } from './bodies'
import type { CodeSessions } from './codeSessions'
import { emailHashes } from './emailAtRest'
import { hashToken } from './emailCode'
import type { EmbeddedRouteKit } from './embeddedRouteKit'
import { embeddedError, embeddedErrors } from './httpErrors'
import { MAX_OWNER_RECOVERY_DELAY_SECONDS, MAX_WALLETS_PER_EMAIL, RECOVERY_CANCEL_TTL_SECONDS, RECOVERY_SESSION_TTL_SECONDS, recoveryReleaseDelaySeconds } from './policy'
import { openRecoveryEnvelope, parseStoredEnvelope } from './recoveryEnvelope'
import { coarsePlace, browserName, localizeBrowserLabel } from './recoveryOrigin'
import { newId, newToken, requestLocale, TOKEN } from './routeShared'
import { issueRegistrationOptions, relyingPartyFor, verifyRegistration } from './webauthn'

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

/** The recovery routes of one `createEmbeddedRoutes` call. */
export function recoveryRoutes(kit: EmbeddedRouteKit, codes: CodeSessions) {
  const { route, keyedRoute, background, sendLogged, cookieFlags, sessionOf, pendingRecovery, walletInSession, walletEmail, siteOrigin } = kit
  const { issueCode, codeMail, acceptCode, openSession } = codes
  return {
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
      const delay = recoveryReleaseDelaySeconds(config.recoveryDelaySeconds, wallet.recoveryDelaySeconds)
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
          place: coarsePlace(request.headers, config.trustedProxyHops),
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
      // Outlives the delay: this browser may leave and come back to finish. Also the longest delay
      // the owner may yet set (applied to this recovery too): the row decides when the key comes.
      const cookie = serializeCookie(recoveryPendingCookieName(config.secureCookies), token, {
        ...cookieFlags(config, RECOVERY_COOKIE_PATH),
        maxAge: Math.max(delay, MAX_OWNER_RECOVERY_DELAY_SECONDS) + RECOVERY_CANCEL_TTL_SECONDS,
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
      // The owner's settings as they are now: a change applies to a waiting recovery in its own
      // transaction (updateWalletSettings), and this holds even for one started as it landed.
      if (!wallet.emailRecovery) throw embeddedError('embedded_recovery_off')
      const due = new Date(record.startedAt.getTime() + recoveryReleaseDelaySeconds(config.recoveryDelaySeconds, wallet.recoveryDelaySeconds) * 1000)
      if (due > record.releaseAt && due > at) throw gateRefusal({ kind: 'too_early', record: { ...record, releaseAt: due } }, at)
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
  }
}
