import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'
import { fromBase64Url, randomBytes, toBase64Url } from '@sigil/lib/embedded/crypto/bytes'
import {
  PasskeyCancelledError,
  PasskeyExistsError,
  PasskeyFailedError,
  PasskeyNotAllowedHereError,
  PasskeyUnsupportedOptionsError,
  PrfUnsupportedError,
  WebAuthnUnsupportedError,
} from '@sigil/lib/embedded/errors'
import { PASSKEY_TIMEOUT_MS, PASSKEY_USER_VERIFICATION } from '@sigil/lib/embedded/passkeyDefaults'
import { assertUserId } from '@sigil/lib/embedded/userId'

/**
 * The two WebAuthn ceremonies of the wallet, with the PRF extension (WebAuthn L3 §10.1.4), on the
 * browser's own API. A new passkey's registration goes to the server (which issued its challenge
 * and verifies it); the PRF output never leaves this module's caller — it is removed from what is
 * sent, and it is never stored.
 */

export type CreatedPasskey = {
  /** For the server: the registration, with the PRF result removed (only `prf.enabled` stays). */
  registration: RegistrationResponseJSON
  credentialId: string
  /** 32 bytes; wipe once the wrapping key is derived. */
  prfOutput: Uint8Array<ArrayBuffer>
}

type PrfResults = { enabled?: boolean; results?: { first?: BufferSource } }
type PasskeyEnvironment = { credentials: CredentialsContainer }

function environment(): PasskeyEnvironment {
  const credentials = globalThis.navigator?.credentials
  if (typeof globalThis.PublicKeyCredential !== 'function' || !credentials) throw new WebAuthnUnsupportedError()
  return { credentials }
}

function toBytes(source: BufferSource): Uint8Array<ArrayBuffer> {
  if (source instanceof ArrayBuffer) return new Uint8Array(source.slice(0))
  return new Uint8Array(source.buffer.slice(source.byteOffset, source.byteOffset + source.byteLength) as ArrayBuffer)
}

/**
 * Runs one WebAuthn ceremony: the browser's refusals become our typed errors (mapCeremonyError),
 * and a ceremony that ends with no credential is the user cancelling.
 */
async function ceremony(start: () => Promise<Credential | null>): Promise<PublicKeyCredential> {
  let credential: Credential | null
  try {
    credential = await start()
  } catch (error) {
    throw mapCeremonyError(error)
  }
  if (!credential) throw new PasskeyCancelledError()
  return credential as PublicKeyCredential
}

/**
 * WebAuthn's DOMExceptions (WebAuthn L3 §5.1.3, §5.1.4) as the wallet's named errors, each with its own
 * message — none of them is a rejected connection. `NotAllowedError` is the answer to both
 * "cancelled" and "timed out" (by design, for privacy).
 */
export function mapCeremonyError(error: unknown): unknown {
  if (!(error instanceof DOMException)) return error
  const options = { cause: error, details: `${error.name}: ${error.message}`.slice(0, 200) }
  switch (error.name) {
    case 'NotAllowedError':
    case 'AbortError':
      return new PasskeyCancelledError(options)
    case 'InvalidStateError':
      return new PasskeyExistsError(options)
    case 'SecurityError':
      return new PasskeyNotAllowedHereError(options)
    case 'ConstraintError':
      return new PasskeyUnsupportedOptionsError(options)
    case 'NotSupportedError':
      return new WebAuthnUnsupportedError(options)
    default:
      return new PasskeyFailedError(options)
  }
}

/**
 * Tells the authenticator that this site does not know a credential it just made (Chrome 132+,
 * https://w3c.github.io/webauthn/#sctn-signal-methods), so an aborted creation leaves no orphan
 * passkey in the user's list. Best effort: older browsers have no such method.
 */
export function forgetCredential(rpId: string | undefined, credentialId: string): void {
  const signal = (globalThis.PublicKeyCredential as unknown as { signalUnknownCredential?: (options: { rpId: string; credentialId: string }) => Promise<void> }).signalUnknownCredential
  if (rpId && typeof signal === 'function') void signal.call(globalThis.PublicKeyCredential, { rpId, credentialId }).catch(() => undefined)
}

/** Creates a passkey from the server's options and evaluates its PRF with `prfSalt`. */
export async function createPasskey(options: PublicKeyCredentialCreationOptionsJSON, prfSalt: Uint8Array): Promise<CreatedPasskey> {
  const { credentials } = environment()
  const userId = assertUserId(fromBase64Url(options.user.id))
  const publicKey: PublicKeyCredentialCreationOptions = {
    rp: options.rp,
    user: { id: userId as BufferSource, name: options.user.name, displayName: options.user.displayName },
    challenge: fromBase64Url(options.challenge),
    pubKeyCredParams: options.pubKeyCredParams,
    timeout: options.timeout ?? PASSKEY_TIMEOUT_MS,
    attestation: options.attestation ?? 'none',
    authenticatorSelection: { userVerification: PASSKEY_USER_VERIFICATION, ...options.authenticatorSelection },
    excludeCredentials: options.excludeCredentials?.map((credential) => ({ type: 'public-key', id: fromBase64Url(credential.id) })),
    extensions: { prf: { eval: { first: new Uint8Array(prfSalt) } } } as AuthenticationExtensionsClientInputs,
  }
  const credential = await ceremony(() => credentials.create({ publicKey }))
  const credentialId = toBase64Url(new Uint8Array(credential.rawId))
  const prf = (credential.getClientExtensionResults() as { prf?: PrfResults }).prf
  if (!prf?.enabled) {
    forgetCredential(options.rp.id, credentialId)
    throw new PrfUnsupportedError({ details: 'prf.enabled is not true after create()' })
  }
  // Some authenticators (security keys over CTAP 2.1) evaluate the PRF only on get(): ask once more.
  const prfOutput = prf.results?.first
    ? toBytes(prf.results.first)
    : await evaluatePrf({ credentialId, prfSalt, rpId: options.rp.id }).catch((error: unknown) => {
        if (error instanceof PrfUnsupportedError) forgetCredential(options.rp.id, credentialId)
        throw error
      })

  const response = credential.response as AuthenticatorAttestationResponse
  const registration: RegistrationResponseJSON = {
    id: credential.id,
    rawId: credentialId,
    type: 'public-key',
    response: {
      clientDataJSON: toBase64Url(new Uint8Array(response.clientDataJSON)),
      attestationObject: toBase64Url(new Uint8Array(response.attestationObject)),
      transports: (response.getTransports?.() ?? []) as RegistrationResponseJSON['response']['transports'],
    },
    // Only the flag: the PRF result is the wallet's key material and must never be sent.
    clientExtensionResults: { prf: { enabled: true } } as RegistrationResponseJSON['clientExtensionResults'],
    authenticatorAttachment: (credential.authenticatorAttachment ?? undefined) as RegistrationResponseJSON['authenticatorAttachment'],
  }
  return { registration, credentialId, prfOutput }
}

/**
 * Asks the passkey for its PRF output with `prfSalt` (one touch). The challenge is local and random:
 * nothing is verified by a server here — only the right passkey yields the output that decrypts the
 * wallet, which is the check that matters.
 */
export async function evaluatePrf(parameters: { credentialId: string; prfSalt: Uint8Array; rpId?: string | undefined }): Promise<Uint8Array<ArrayBuffer>> {
  const { credentials } = environment()
  const publicKey: PublicKeyCredentialRequestOptions = {
    challenge: randomBytes(32),
    timeout: PASSKEY_TIMEOUT_MS,
    userVerification: PASSKEY_USER_VERIFICATION,
    allowCredentials: [{ type: 'public-key', id: fromBase64Url(parameters.credentialId) }],
    extensions: { prf: { eval: { first: new Uint8Array(parameters.prfSalt) } } } as AuthenticationExtensionsClientInputs,
    ...(parameters.rpId ? { rpId: parameters.rpId } : {}),
  }
  const credential = await ceremony(() => credentials.get({ publicKey }))
  const first = (credential.getClientExtensionResults() as { prf?: PrfResults }).prf?.results?.first
  if (!first) throw new PrfUnsupportedError({ details: 'no prf.results.first from get()' })
  return toBytes(first)
}

/** A passkey assertion for the server (PRF result removed) and, when a salt was given, the PRF output. */
export type PasskeyAssertion = { assertion: AuthenticationResponseJSON; prfOutput: Uint8Array<ArrayBuffer> | undefined }

/**
 * Proves to the server that this device holds `credentialId` (one touch): the server's challenge,
 * signed. With `prfSalt` the same touch also yields the PRF output — approving a new device needs
 * both the proof and the data key — and that output stays here: only the signature is sent.
 */
export async function assertPasskey(parameters: { options: PublicKeyCredentialRequestOptionsJSON; credentialId: string; prfSalt?: Uint8Array | undefined }): Promise<PasskeyAssertion> {
  const { credentials } = environment()
  const publicKey: PublicKeyCredentialRequestOptions = {
    challenge: fromBase64Url(parameters.options.challenge),
    timeout: parameters.options.timeout ?? PASSKEY_TIMEOUT_MS,
    userVerification: parameters.options.userVerification ?? PASSKEY_USER_VERIFICATION,
    allowCredentials: [{ type: 'public-key', id: fromBase64Url(parameters.credentialId) }],
    ...(parameters.options.rpId ? { rpId: parameters.options.rpId } : {}),
    ...(parameters.prfSalt ? { extensions: { prf: { eval: { first: new Uint8Array(parameters.prfSalt) } } } as AuthenticationExtensionsClientInputs } : {}),
  }
  const credential = await ceremony(() => credentials.get({ publicKey }))
  let prfOutput: Uint8Array<ArrayBuffer> | undefined
  if (parameters.prfSalt) {
    const first = (credential.getClientExtensionResults() as { prf?: PrfResults }).prf?.results?.first
    if (!first) throw new PrfUnsupportedError({ details: 'no prf.results.first from get()' })
    prfOutput = toBytes(first)
  }
  const response = credential.response as AuthenticatorAssertionResponse
  const assertion: AuthenticationResponseJSON = {
    id: credential.id,
    rawId: toBase64Url(new Uint8Array(credential.rawId)),
    type: 'public-key',
    response: {
      clientDataJSON: toBase64Url(new Uint8Array(response.clientDataJSON)),
      authenticatorData: toBase64Url(new Uint8Array(response.authenticatorData)),
      signature: toBase64Url(new Uint8Array(response.signature)),
      ...(response.userHandle ? { userHandle: toBase64Url(new Uint8Array(response.userHandle)) } : {}),
    },
    // Never the PRF result: it is the wallet's key material.
    clientExtensionResults: {},
    authenticatorAttachment: (credential.authenticatorAttachment ?? undefined) as AuthenticationResponseJSON['authenticatorAttachment'],
  }
  return { assertion, prfOutput }
}
