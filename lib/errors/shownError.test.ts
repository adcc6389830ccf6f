import { describe, expect, it } from 'vitest'
import { HttpError } from '@/lib/errors/HttpError'
import { embeddedErrors } from '@sigil/server/embedded/httpErrors'
import { shownError } from './shownError'
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
    expect(shownError(new Error('Loading chunk 12 failed.'))).toEqual({ message: 'Loading chunk 12 failed.', code: undefined, values: undefined })
    expect(shownError({ message: 'odd', code: 4001 })).toEqual({ message: 'odd', code: undefined, values: undefined })
    expect(shownError('plain')).toEqual({ message: 'plain' })
  })
})
