import { describe, expect, it } from 'vitest'
import { embedded } from '@sigil/lib/i18n/embedded'
import { mapCeremonyError } from './ceremonies'

/** The browser's WebAuthn DOMExceptions (Node has the same DOMException class) as the wallet's named errors. */
describe('WebAuthn errors', () => {
  it.each([
    ['NotAllowedError', 'PasskeyCancelledError', 'embedded_passkey_cancelled'],
    ['AbortError', 'PasskeyCancelledError', 'embedded_passkey_cancelled'],
    ['InvalidStateError', 'PasskeyExistsError', 'embedded_passkey_exists'],
    ['SecurityError', 'PasskeyNotAllowedHereError', 'embedded_passkey_not_allowed_here'],
    ['ConstraintError', 'PasskeyUnsupportedOptionsError', 'embedded_passkey_unsupported_options'],
    ['NotSupportedError', 'WebAuthnUnsupportedError', 'embedded_webauthn_unsupported'],
    ['UnknownError', 'PasskeyFailedError', 'embedded_passkey_failed'],
  ] as const)('%s becomes %s with its own message', (domName, errorName, code) => {
    const cause = new DOMException('The authenticator said no.', domName)
    const mapped = mapCeremonyError(cause) as Error & { code: string; cause: unknown }
    expect(mapped).toMatchObject({ name: errorName, code, message: embedded.errors[code] })
    expect(mapped.cause).toBe(cause)
    expect(mapped.message).not.toMatch(/rejected/i)
  })

  it('leaves anything that is not a DOMException as it is', () => {
    const error = new TypeError('bad options')
    expect(mapCeremonyError(error)).toBe(error)
  })
})
