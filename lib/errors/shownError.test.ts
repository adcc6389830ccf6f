import { describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/errors/HttpError'
import { embeddedErrors } from '@sigil/server/embedded/httpErrors'
import { isLostPagePart, shownError } from './shownError'
import { ConnectionRejectedError, InAppBrowserBaseNotFoundError } from './wallet'

describe('shownError', () => {
  it('keeps a SigilError’s catalogue message, code and the values its text filled in', () => {
    expect(shownError(new ConnectionRejectedError())).toEqual({ message: 'Connection rejected. Please try again.', code: 'connection_rejected', values: undefined })
    expect(shownError(new InAppBrowserBaseNotFoundError('TokenPocket'))).toEqual({
      message: 'No inAppBrowserBase found for TokenPocket.',
      code: 'in_app_browser_base_not_found',
      values: { wallet: 'TokenPocket' },
    })
  })

  it('reads an API answer’s attempts left as a value', () => {
    const answer = new HttpError(embeddedErrors, 'embedded_code_invalid', { status: 400, attemptsLeft: 2 })
    expect(shownError(answer)).toEqual({ message: 'That code is not right. 2 attempts left.', code: 'embedded_code_invalid', values: { attemptsLeft: 2 } })
  })

  it('shows anything else by its message alone', () => {
    expect(shownError(new Error('Request failed.'))).toEqual({ message: 'Request failed.', code: undefined, values: undefined })
    expect(shownError({ message: 'odd', code: 4001 })).toEqual({ message: 'odd', code: undefined, values: undefined })
    expect(shownError('plain')).toEqual({ message: 'plain' })
  })

  it('names a part of the page that could not be fetched as the reason, whatever the code it was raised with', () => {
    const lost = (message: string, name = 'Error') => Object.assign(new Error(message), { name })
    const turbopack = lost('Failed to load chunk /_next/static/chunks/0f3a.js from module 12345', 'ChunkLoadError')
    // As a connector raises it: a failed connect is a rejected connection, the lost chunk its cause.
    expect(shownError(new ConnectionRejectedError({ cause: turbopack }))).toEqual({
      message: 'Connection rejected. Please try again.',
      code: 'connection_rejected',
      values: undefined,
      reason: 'page_part_lost',
    })
    for (const cause of [turbopack, lost('Loading chunk 417 failed.\n(error: https://sigil.example/_next/static/chunks/417.js)', 'ChunkLoadError')]) {
      expect(isLostPagePart(cause), cause.message).toBe(true)
      expect(isLostPagePart(new Error('outer', { cause: new Error('middle', { cause }) })), cause.message).toBe(true)
    }
    // A wallet's own failure, an error only worded like one, or a bare string is not one.
    for (const other of [new ConnectionRejectedError(), new Error('User rejected the request.'), new Error('Failed to load chunk /_next/static/chunks/1.js'), lost('Failed to fetch', 'TypeError'), null, 'ChunkLoadError']) {
      expect(isLostPagePart(other), String(other)).toBe(false)
      expect(shownError(other).reason).toBeUndefined()
    }
    // An error that is its own cause ends the search.
    const looped = new Error('looped')
    ;(looped as { cause?: unknown }).cause = looped
    expect(isLostPagePart(looped)).toBe(false)
  })
})
