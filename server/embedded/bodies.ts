import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { type Address, getAddress, type Hex, isAddress } from 'viem'
import { isSealed, type Sealed } from '@sigil/lib/embedded/crypto/keyWrapping'
import { isEnvelope, type Envelope } from '@sigil/lib/embedded/crypto/sealToPublicKey'
import { normaliseEmail } from '@sigil/lib/embedded/email'
import { normalisePairingCode } from '@sigil/lib/embedded/pairingCode'
import { HttpError } from '@sigil/lib/errors/HttpError'
import { readJsonBody } from '@/server/http/readBody'
import { MAX_OWNER_RECOVERY_DELAY_SECONDS } from './policy'
import { embeddedError, embeddedErrors } from './httpErrors'

/**
 * Strict readers of the embedded API's bodies: exact shapes, bounded sizes, unknown fields ignored
 * (never passed on). Anything else is a 4xx with a code — never a 500.
 */

/** A passkey registration (attestation `none`) plus envelopes fits easily. */
const EMBEDDED_MAX_BODY_BYTES = 16 * 1024

const BASE64URL = /^[A-Za-z0-9_-]+$/
const WALLET_ID = /^[A-Za-z0-9_-]{22}$/
const REQUEST_ID = /^[A-Za-z0-9_-]{22}$/
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])

const malformed = (details: string) => embeddedError('embedded_malformed_body', { details })

export async function readEmbeddedBody(request: Request): Promise<Record<string, unknown>> {
  let body: unknown
  try {
    body = await readJsonBody(request, EMBEDDED_MAX_BODY_BYTES)
  } catch (error) {
    if (error instanceof HttpError && error.code === 'body_too_large') throw embeddedError('embedded_body_too_large', { details: error.details })
    throw malformed(error instanceof HttpError ? (error.details ?? error.code) : 'unreadable body')
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw malformed('not a JSON object')
  return body as Record<string, unknown>
}

function base64url(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max || !BASE64URL.test(value)) throw malformed(`${field} must be base64url of at most ${max} characters`)
  return value
}

export function readEmail(body: Record<string, unknown>): string {
  const email = normaliseEmail(body.email)
  if (!email) throw embeddedError('embedded_invalid_email', { details: typeof body.email === 'string' ? `length ${body.email.length}` : typeof body.email })
  return email
}

export function readWalletId(body: Record<string, unknown>): string {
  if (typeof body.walletId !== 'string' || !WALLET_ID.test(body.walletId)) throw malformed('walletId must be 22 base64url characters')
  return body.walletId
}

export function readAddress(body: Record<string, unknown>): Address {
  if (typeof body.address !== 'string' || !isAddress(body.address, { strict: false })) throw malformed('address must be 0x followed by 40 hexadecimal characters')
  return getAddress(body.address)
}

export function readEnvelope(value: unknown, field: string): Envelope {
  if (!isEnvelope(value)) throw malformed(`${field} must be {epk, iv, ct}`)
  return { epk: value.epk, iv: value.iv, ct: value.ct }
}

export function readSealed(value: unknown, field: string): Sealed {
  if (!isSealed(value)) throw malformed(`${field} must be {iv, ct}`)
  return { iv: value.iv, ct: value.ct }
}

export function readPublicKey(body: Record<string, unknown>): string {
  if (typeof body.publicKey !== 'string' || !/^[A-Za-z0-9_-]{87}$/.test(body.publicKey)) throw malformed('publicKey must be an uncompressed P-256 key, base64url')
  return body.publicKey
}

export function readCodeAttempt(body: Record<string, unknown>): { requestId: string; code: string } {
  if (typeof body.requestId !== 'string' || !REQUEST_ID.test(body.requestId)) throw malformed('requestId must be 22 base64url characters')
  if (typeof body.code !== 'string' || !/^\d{6}$/.test(body.code)) throw embeddedError('embedded_invalid_code_format')
  return { requestId: body.requestId, code: body.code }
}

/**
 * A `RegistrationResponseJSON`, rebuilt field by field. Its extension results may say `prf.enabled`
 * and nothing more: a body carrying a PRF *result* is refused, because that is the wallet's key
 * material and the server must never receive it.
 */
export function readRegistration(value: unknown): RegistrationResponseJSON {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw malformed('registration must be an object')
  const registration = value as Record<string, unknown>
  const id = base64url(registration.id, 'registration.id', 1400)
  const rawId = base64url(registration.rawId, 'registration.rawId', 1400)
  if (id !== rawId) throw malformed('registration.id and rawId differ')
  if (registration.type !== 'public-key') throw malformed('registration.type must be public-key')
  const response = registration.response as Record<string, unknown> | undefined
  if (!response || typeof response !== 'object' || Array.isArray(response)) throw malformed('registration.response must be an object')
  const clientDataJSON = base64url(response.clientDataJSON, 'registration.response.clientDataJSON', 4096)
  const attestationObject = base64url(response.attestationObject, 'registration.response.attestationObject', 8192)
  const transports = response.transports ?? []
  if (!Array.isArray(transports) || transports.length > 8 || !transports.every((item) => typeof item === 'string' && TRANSPORTS.has(item))) {
    throw malformed('registration.response.transports must list known transports')
  }
  const extensions = registration.clientExtensionResults
  if (!extensions || typeof extensions !== 'object' || Array.isArray(extensions)) throw malformed('registration.clientExtensionResults must be an object')
  const prf = (extensions as { prf?: unknown }).prf as Record<string, unknown> | undefined
  if (prf && typeof prf === 'object' && 'results' in prf) throw malformed('a PRF result must never be sent')
  if (!prf || prf.enabled !== true) throw embeddedError('embedded_prf_unsupported', { details: 'prf.enabled is not true' })
  const attachment = registration.authenticatorAttachment
  if (attachment !== undefined && attachment !== 'platform' && attachment !== 'cross-platform') throw malformed('registration.authenticatorAttachment is not a known value')
  return {
    id,
    rawId,
    type: 'public-key',
    response: { clientDataJSON, attestationObject, transports: transports as RegistrationResponseJSON['response']['transports'] },
    clientExtensionResults: { prf: { enabled: true } } as RegistrationResponseJSON['clientExtensionResults'],
    ...(attachment ? { authenticatorAttachment: attachment } : {}),
  }
}

const PAIRING_ID = /^[A-Za-z0-9_-]{22}$/
const TOKEN = /^[A-Za-z0-9_-]{43}$/

export function readPairingId(body: Record<string, unknown>): string {
  if (typeof body.pairingId !== 'string' || !PAIRING_ID.test(body.pairingId)) throw malformed('pairingId must be 22 base64url characters')
  return body.pairingId
}

/** A pairing's owner or claimant token (256-bit, base64url). */
export function readToken(body: Record<string, unknown>, field: 'ownerToken' | 'claimToken'): string {
  const value = body[field]
  if (typeof value !== 'string' || !TOKEN.test(value)) throw malformed(`${field} must be 43 base64url characters`)
  return value
}

/** The pairing code as typed or scanned, canonical; anything that cannot be one is its own typed error. */
export function readPairingCode(body: Record<string, unknown>): string {
  const code = normalisePairingCode(body.code)
  if (!code) throw embeddedError('embedded_pairing_code_format')
  return code
}

/** A recovery's id, as the owner's devices name it (22 base64url characters). */
export function readRecoveryId(body: Record<string, unknown>): string {
  if (typeof body.recoveryId !== 'string' || !WALLET_ID.test(body.recoveryId)) throw malformed('recoveryId must be 22 base64url characters')
  return body.recoveryId
}

/** What a device's challenge is for: reading the wallet's recoveries (`status`) or cancelling one (`veto`). */
export function readChallengePurpose(body: Record<string, unknown>): 'status' | 'veto' {
  if (body.purpose !== 'status' && body.purpose !== 'veto') throw malformed('purpose must be "status" or "veto"')
  return body.purpose
}

/** A device proof: the server's challenge and the wallet key's EIP-191 signature of its message. */
export function readDeviceProof(body: Record<string, unknown>): { challenge: string; signature: Hex } {
  const challenge = base64url(body.challenge, 'challenge', 64)
  if (typeof body.signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(body.signature)) throw malformed('signature must be 65 bytes of hex')
  return { challenge, signature: body.signature as Hex }
}

/**
 * An `AuthenticationResponseJSON`, rebuilt field by field. As with a registration, a body carrying a
 * PRF result is refused: that output is the wallet's key material.
 */
export function readAssertion(value: unknown): AuthenticationResponseJSON {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw malformed('assertion must be an object')
  const assertion = value as Record<string, unknown>
  const id = base64url(assertion.id, 'assertion.id', 1400)
  const rawId = base64url(assertion.rawId, 'assertion.rawId', 1400)
  if (id !== rawId) throw malformed('assertion.id and rawId differ')
  if (assertion.type !== 'public-key') throw malformed('assertion.type must be public-key')
  const response = assertion.response as Record<string, unknown> | undefined
  if (!response || typeof response !== 'object' || Array.isArray(response)) throw malformed('assertion.response must be an object')
  const clientDataJSON = base64url(response.clientDataJSON, 'assertion.response.clientDataJSON', 4096)
  const authenticatorData = base64url(response.authenticatorData, 'assertion.response.authenticatorData', 4096)
  const signature = base64url(response.signature, 'assertion.response.signature', 1024)
  const userHandle = response.userHandle === undefined || response.userHandle === null ? undefined : base64url(response.userHandle, 'assertion.response.userHandle', 128)
  const extensions = assertion.clientExtensionResults
  if (extensions !== undefined && (!extensions || typeof extensions !== 'object' || Array.isArray(extensions))) throw malformed('assertion.clientExtensionResults must be an object')
  const prf = (extensions as { prf?: unknown } | undefined)?.prf
  if (prf && typeof prf === 'object' && 'results' in prf) throw malformed('a PRF result must never be sent')
  const attachment = assertion.authenticatorAttachment
  if (attachment !== undefined && attachment !== 'platform' && attachment !== 'cross-platform') throw malformed('assertion.authenticatorAttachment is not a known value')
  return {
    id,
    rawId,
    type: 'public-key',
    response: { clientDataJSON, authenticatorData, signature, ...(userHandle ? { userHandle } : {}) },
    clientExtensionResults: {},
    ...(attachment ? { authenticatorAttachment: attachment } : {}),
  }
}

/** `{emailRecovery, recoveryDelaySeconds}`: a boolean, and null or whole seconds from 0 to 30 days. */
export function readWalletSettings(body: Record<string, unknown>): { emailRecovery: boolean; recoveryDelaySeconds: number | null } {
  if (typeof body.emailRecovery !== 'boolean') throw malformed('emailRecovery must be true or false')
  const delay = body.recoveryDelaySeconds
  if (delay !== null && (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 0 || delay > MAX_OWNER_RECOVERY_DELAY_SECONDS)) {
    throw malformed(`recoveryDelaySeconds must be null or whole seconds from 0 to ${MAX_OWNER_RECOVERY_DELAY_SECONDS}`)
  }
  return { emailRecovery: body.emailRecovery, recoveryDelaySeconds: delay }
}
