import { describe, expect, it } from 'vitest'
import { embeddedError } from '@sigil/server/embedded/httpErrors'
import { authError, authErrors, isAuthError } from '@/lib/siwe/catalogue'
import { HttpError, isHttpError } from './HttpError'

describe('HttpError', () => {
  it('is one type for both APIs, each error with its own catalogue’s status and message', () => {
    const auth = authError('nonce_expired')
    const embedded = embeddedError('embedded_code_locked')
    expect(auth).toBeInstanceOf(HttpError)
    expect(embedded).toBeInstanceOf(HttpError)
    expect(auth).toMatchObject({ api: 'auth', code: 'nonce_expired', status: 422, retryable: false })
    expect(embedded).toMatchObject({ api: 'embedded', code: 'embedded_code_locked', status: 423 })
    expect(auth.message).toBe(authErrors.messages.nonce_expired)
  })

  it('tells the APIs apart', () => {
    expect(isAuthError(authError('rate_limited'))).toBe(true)
    expect(isAuthError(embeddedError('embedded_rate_limited'))).toBe(false)
    expect(isHttpError(embeddedError('embedded_rate_limited'))).toBe(true)
    expect(isHttpError(new Error('x'))).toBe(false)
  })

  it('fills the attempts left into the message and the body', () => {
    const error = embeddedError('embedded_code_invalid', { attemptsLeft: 2 })
    expect(error.message).toContain('2')
    expect(error.message).not.toContain('{attemptsLeft}')
    expect(error.toBody()).toEqual({ code: 'embedded_code_invalid', message: error.message, attemptsLeft: 2 })
  })

  it('says retryable for rate limits and outages only, in the body too', () => {
    expect(authError('rate_limited').toBody()).toMatchObject({ retryable: true })
    expect(embeddedError('embedded_unavailable').toBody()).toMatchObject({ retryable: true })
    expect(authError('invalid_signature').toBody()).not.toHaveProperty('retryable')
    expect(new HttpError(authErrors, 'network_error', { status: 0 }).retryable).toBe(true)
  })

  it('keeps details and headers off the body', () => {
    const error = authError('rate_limited', { details: 'secret-ish detail', headers: { 'retry-after': '7' } })
    expect(JSON.stringify(error.toBody())).not.toContain('secret-ish')
    expect(error.headers).toEqual({ 'retry-after': '7' })
  })

  it('takes the server’s status and message on the browser’s side', () => {
    const error = new HttpError(authErrors, 'domain_mismatch', { status: 422, message: 'from the server' })
    expect(error).toMatchObject({ status: 422, message: 'from the server' })
  })
})
