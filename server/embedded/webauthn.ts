import { createHash, randomBytes } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { fromBase64Url, toBase64Url } from '@sigil/lib/embedded/crypto/bytes'
import { PASSKEY_TIMEOUT_MS, PASSKEY_USER_VERIFICATION } from '@sigil/lib/embedded/passkeyDefaults'
import { assertUserId } from '@sigil/lib/embedded/userId'
import type { EmbeddedChallengeRecord, EmbeddedCredentialRecord } from '@/server/store/embeddedTypes'
import type { Store } from '@/server/store/types'
import { embeddedError, embeddedErrors } from './httpErrors'
import { CHALLENGE_TTL_MS } from './policy'

/** SHA-256 (docs/connectors/retries-and-timeouts.md#embedded-wallet-the-server) of a challenge: the store keeps only this. */
function hashChallenge(challenge: string): string {
  return createHash('sha256').update(challenge).digest('hex')
}

/** The relying party: its id is the site's host (WebAuthn: a registrable domain, never an IP here). */
export type RelyingParty = { id: string; name: string; origins: readonly string[] }

/**
 * The RP for a request: the configured origin the browser says it is on (`Origin`), else the first
 * configured one. Never the Host header alone — the configuration decides what the site is.
 */
export function relyingPartyFor(request: Request, origins: readonly string[]): RelyingParty {
  const origin = request.headers.get('origin')
  const chosen = (origin && origins.find((candidate) => candidate === origin)) || origins[0]
  if (!chosen) throw embeddedError('embedded_internal_error', { details: 'no APP_ORIGIN configured' })
  return { id: new URL(chosen).hostname, name: 'Sigil', origins }
}

/**
 * Creation options for a wallet's passkey, with its challenge recorded (hashed, single use, 330 s).
 * The user id is the wallet id's bytes (1..64 bytes, checked), the name the recovery email.
 */
export async function issueRegistrationOptions(parameters: {
  store: Store
  rp: RelyingParty
  walletId: string
  email: string
  purpose: Exclude<EmbeddedChallengeRecord['purpose'], 'assert'>
  now: Date
  excludeCredentialIds?: readonly string[]
}): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const userID = assertUserId(fromBase64Url(parameters.walletId))
  const options = await generateRegistrationOptions({
    rpName: parameters.rp.name,
    rpID: parameters.rp.id,
    userName: parameters.email,
    userDisplayName: parameters.email,
    userID: new Uint8Array(userID),
    timeout: PASSKEY_TIMEOUT_MS,
    attestationType: 'none',
    // A discoverable credential (a passkey) verified when the device can; PRF is asked by the browser.
    authenticatorSelection: { residentKey: 'required', userVerification: PASSKEY_USER_VERIFICATION },
    excludeCredentials: parameters.excludeCredentialIds?.map((id) => ({ id })),
    // ES256 first: what platform authenticators support everywhere; RS256 for Windows Hello.
    supportedAlgorithmIDs: [-7, -257],
  })
  await parameters.store.putEmbeddedChallenge({
    challengeHash: hashChallenge(options.challenge),
    purpose: parameters.purpose,
    walletId: parameters.walletId,
    expiresAt: new Date(parameters.now.getTime() + CHALLENGE_TTL_MS),
  })
  return options as unknown as PublicKeyCredentialCreationOptionsJSON
}

function challengeOf(registration: { response: { clientDataJSON: string } }): string {
  try {
    const clientData = JSON.parse(new TextDecoder().decode(fromBase64Url(registration.response.clientDataJSON))) as { challenge?: unknown }
    if (typeof clientData.challenge === 'string' && clientData.challenge.length <= 256) return clientData.challenge
  } catch {
    // answered below
  }
  throw embeddedError('embedded_passkey_invalid', { details: 'clientDataJSON has no readable challenge' })
}

/**
 * Verifies a new passkey: its challenge is one we issued for this purpose and wallet (taken, so it
 * never works twice) and not expired; origin, RP id, signature and flags check out (@simplewebauthn,
 * SHA-256 client data hash). Returns the credential to record.
 */
export async function verifyRegistration(parameters: {
  store: Store
  rp: RelyingParty
  registration: RegistrationResponseJSON
  walletId: string
  purpose: EmbeddedChallengeRecord['purpose']
  now: Date
}): Promise<EmbeddedCredentialRecord> {
  const { registration, walletId, now } = parameters
  const challenge = challengeOf(registration)
  const issued = await parameters.store.takeEmbeddedChallenge(hashChallenge(challenge))
  if (!issued || issued.purpose !== parameters.purpose || issued.walletId !== walletId) {
    throw embeddedError('embedded_challenge_invalid', { details: 'unknown, used, or issued for another wallet or purpose' })
  }
  if (issued.expiresAt.getTime() <= now.getTime()) throw embeddedError('embedded_challenge_invalid', { details: 'expired' })
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verified = await verifyRegistrationResponse({
      response: registration,
      expectedChallenge: challenge,
      expectedOrigin: [...parameters.rp.origins],
      expectedRPID: [...new Set(parameters.rp.origins.map((origin) => new URL(origin).hostname))],
      // 'preferred' (docs/connectors/retries-and-timeouts.md#embedded-wallet-the-server): an authenticator without user verification is accepted.
      requireUserVerification: false,
    })
  } catch (cause) {
    throw embeddedError('embedded_passkey_invalid', { details: cause instanceof Error ? cause.message.slice(0, 200) : 'verification threw', cause })
  }
  if (!verified.verified || !verified.registrationInfo) throw embeddedError('embedded_passkey_invalid', { details: 'not verified' })
  const { credential } = verified.registrationInfo
  return {
    credentialId: credential.id,
    walletId,
    publicKey: toBase64Url(credential.publicKey),
    counter: credential.counter,
    transports: (credential.transports ?? []).join(','),
    createdAt: now,
  }
}

/**
 * Request options for proving that this device holds one of the wallet's passkeys (adding a device,
 * approving it, reading the log), with the challenge recorded (hashed, single use, 330 s) for the
 * wallet named. Issued alike whether or not the wallet exists, and naming none of its passkeys: the
 * device knows its own, and a stranger learns nothing by asking.
 */
export async function issueAssertionOptions(parameters: { store: Store; rp: RelyingParty; walletId: string; now: Date }): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: parameters.rp.id, timeout: PASSKEY_TIMEOUT_MS, userVerification: PASSKEY_USER_VERIFICATION, allowCredentials: [] })
  await parameters.store.putEmbeddedChallenge({
    challengeHash: hashChallenge(options.challenge),
    purpose: 'assert',
    walletId: parameters.walletId,
    expiresAt: new Date(parameters.now.getTime() + CHALLENGE_TTL_MS),
  })
  return options as unknown as PublicKeyCredentialRequestOptionsJSON
}

/**
 * Verifies that an assertion answers a challenge we issued for this wallet (taken: single use), was
 * made by one of the wallet's recorded passkeys, on one of our origins and RP ids, with a valid
 * signature and a counter that moved on (when the authenticator keeps one). Any failure — no such
 * wallet, another wallet's passkey, a replay — is the same `embedded_passkey_invalid`.
 */
export async function verifyAssertion(parameters: {
  store: Store
  rp: RelyingParty
  /** The app's origins, which may frame the vault: an assertion made in the frame names one as its top origin. */
  topOrigins: readonly string[]
  assertion: AuthenticationResponseJSON
  walletId: string
  now: Date
}): Promise<EmbeddedCredentialRecord> {
  return verifyWalletAssertion({ ...parameters, purpose: 'assert' })
}

/** A bare single-use challenge for `walletId` and `purpose` (330 s): signed by a device, or asserted with a passkey. */
export async function issueChallenge(parameters: { store: Store; walletId: string; purpose: 'status' | 'veto'; now: Date }): Promise<string> {
  const challenge = randomBytes(32).toString('base64url')
  await parameters.store.putEmbeddedChallenge({
    challengeHash: hashChallenge(challenge),
    purpose: parameters.purpose,
    walletId: parameters.walletId,
    expiresAt: new Date(parameters.now.getTime() + CHALLENGE_TTL_MS),
  })
  return challenge
}

/** Takes a challenge we issued for this wallet and purpose (single use); refuses one unknown, used, foreign or expired. */
export async function takeChallenge(store: Store, challenge: string, walletId: string, purpose: EmbeddedChallengeRecord['purpose'], now: Date): Promise<void> {
  const issued = await store.takeEmbeddedChallenge(hashChallenge(challenge))
  if (!issued || issued.purpose !== purpose || issued.walletId !== walletId) {
    throw embeddedError('embedded_challenge_invalid', { details: 'unknown, used, or issued for another wallet or purpose' })
  }
  if (issued.expiresAt.getTime() <= now.getTime()) throw embeddedError('embedded_challenge_invalid', { details: 'expired' })
}

/**
 * Verifies a passkey assertion of one of `walletId`'s passkeys over a `veto` challenge we issued
 * (taken: never twice): origin, RP id, signature, and a counter that moved on; records the counter.
 */
export async function verifyWalletAssertion(parameters: {
  store: Store
  rp: RelyingParty
  /** The app's origins, which may frame the vault: an assertion made in the frame names one as its top origin. */
  topOrigins: readonly string[]
  assertion: AuthenticationResponseJSON
  walletId: string
  purpose: 'assert' | 'veto'
  now: Date
}): Promise<EmbeddedCredentialRecord> {
  const { store, assertion, walletId, now } = parameters
  const challenge = challengeOf(assertion)
  await takeChallenge(store, challenge, walletId, parameters.purpose, now)
  const known = (await store.listEmbeddedCredentials(walletId)).find((credential) => credential.credentialId === assertion.id)
  if (!known) throw embeddedError('embedded_passkey_invalid', { details: 'not a passkey of this wallet' })
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
  try {
    verified = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge,
      expectedOrigin: [...parameters.rp.origins],
      expectedRPID: [...new Set(parameters.rp.origins.map((origin) => new URL(origin).hostname))],
      // Made in the vault's frame (crossOrigin, with topOrigin): only under the app's own pages. An
      // empty list would let any top origin through, so it is replaced by one that matches none.
      expectedTopOrigin: parameters.topOrigins.length > 0 ? [...parameters.topOrigins] : ['null'],
      credential: {
        id: known.credentialId,
        publicKey: fromBase64Url(known.publicKey),
        counter: known.counter,
        transports: known.transports ? (known.transports.split(',') as NonNullable<Parameters<typeof verifyAuthenticationResponse>[0]['credential']['transports']>) : [],
      },
      requireUserVerification: false,
    })
  } catch (cause) {
    throw embeddedError('embedded_passkey_invalid', { details: cause instanceof Error ? cause.message.slice(0, 200) : 'verification threw', cause })
  }
  if (!verified.verified) throw embeddedError('embedded_passkey_invalid', { details: 'not verified' })
  await store.updateCredentialCounter(known.credentialId, verified.authenticationInfo.newCounter)
  return known
}
