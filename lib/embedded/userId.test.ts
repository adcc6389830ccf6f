import { describe, expect, it } from 'vitest'
import { InvalidUserIdError } from '@/lib/embedded/errors'
import { assertUserId, MAX_USER_ID_BYTES, MIN_USER_ID_BYTES } from '@/lib/embedded/userId'

describe('passkey user id (1 to 64 bytes)', () => {
  it.each([MIN_USER_ID_BYTES, 16, MAX_USER_ID_BYTES])('accepts %i bytes unchanged', (length) => {
    const id = new Uint8Array(length).fill(7)
    expect(assertUserId(id)).toBe(id)
  })

  it.each([0, MAX_USER_ID_BYTES + 1, 200])('rejects %i bytes with InvalidUserIdError and its code', (length) => {
    const error = (() => {
      try {
        assertUserId(new Uint8Array(length))
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(InvalidUserIdError)
    expect(error).toMatchObject({ code: 'embedded_invalid_user_id', message: 'The passkey user id must be 1 to 64 bytes long.' })
    expect((error as InvalidUserIdError).metaMessages).toContain(`Got: ${length} bytes`)
  })

  it('rejects something that is not bytes', () => {
    expect(() => assertUserId('abc' as unknown as Uint8Array)).toThrow(InvalidUserIdError)
  })
})
