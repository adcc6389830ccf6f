/**
 * The embedded API's wallet creation: the email proven by a code (`emailCode` → `emailVerify`),
 * then a wallet id with its passkey's options (`walletOptions`) and the wallet recorded
 * (`createWallet`).
 */
import type { CreateWalletResponse, EmailVerifyResponse, WalletOptionsResponse } from '@sigil/lib/embedded/apiTypes'
import { EMAIL_COOKIE_PATH, emailCookieName } from '@sigil/lib/storageNames'
import { expiredCookie } from '@/server/http/cookies'
import { jsonResponse } from '@/server/http/json'
import { readAddress, readEmail, readEmbeddedBody, readEnvelope, readRegistration, readSealed, readWalletId } from './bodies'
import type { CodeSessions } from './codeSessions'
import { emailHashes, hashEmail, sealEmail } from './emailAtRest'
import type { EmbeddedRouteKit } from './embeddedRouteKit'
import { embeddedError } from './httpErrors'
import { MAX_WALLETS_PER_EMAIL } from './policy'
import { openRecoveryEnvelope, storedEnvelopeJson } from './recoveryEnvelope'
import { newId, requestLocale } from './routeShared'
import { issueRegistrationOptions, relyingPartyFor, verifyRegistration } from './webauthn'

/** The wallet-creation routes of one `createEmbeddedRoutes` call. */
export function walletRoutes(kit: EmbeddedRouteKit, codes: CodeSessions) {
  const { keyedRoute, sendLogged, sessionOf, cookieFlags } = kit
  const { issueCode, codeMail, acceptCode, openSession } = codes
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
  }
}
