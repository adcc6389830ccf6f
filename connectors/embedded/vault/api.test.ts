import { describe, expect, it } from 'vitest'
import { EmbeddedApiError } from '@sigil/lib/embedded/errors'
import { HttpError, isHttpError } from '@sigil/lib/errors/HttpError'
import { embeddedError, embeddedErrors } from '@sigil/server/embedded/httpErrors'
import { createEmbeddedApi, retryAfter } from './api'
import { plainErrors } from '@sigil/lib/i18n/plainErrors'
import { createStrings } from './strings'
import { messageOf } from './walletScreens'

describe('the wallet API client', () => {
  it('carries a limit\'s Retry-After on the error, so the screens can say how long to wait', async () => {
    const api = createEmbeddedApi({
      fetch: async () => new Response(JSON.stringify({ code: 'embedded_rate_limited', message: 'Too many requests.' }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1500' } }),
    })
    const refused = await api.requestRecoveryCode('ann@example.test').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(EmbeddedApiError)
    expect(refused).toMatchObject({ code: 'embedded_rate_limited', status: 429, retryAfterSeconds: 1500 })
  })

  it('carries when a lock ends (retryAt), which the message names in UTC', async () => {
    const body = { code: 'embedded_code_tries_exhausted', message: 'x', retryAt: '2030-01-02T03:04:05.000Z' }
    const api = createEmbeddedApi({ fetch: async () => new Response(JSON.stringify(body), { status: 423, headers: { 'content-type': 'application/json', 'retry-after': '60' } }) })
    const refused = await api.verifyRecoveryCode('A'.repeat(22), '123456').catch((error: unknown) => error)
    expect(refused).toMatchObject({ code: 'embedded_code_tries_exhausted', status: 423, retryAt: new Date('2030-01-02T03:04:05.000Z') })
    expect((refused as Error).message).toBe('Too many wrong codes for this email in this browser. Try again after 2030-01-02 03:04 (UTC).')
    expect(messageOf(refused, createStrings({ ui: {}, sheet: {}, errors: { ...plainErrors } }))).toBe('Too many wrong codes for this email in this browser. Try again after 2030-01-02 03:04 (UTC), or ask for a code in another browser.')
  })

  it('rebuilds the very error the server threw: its code, message, status, fields and attempts', async () => {
    const thrown = embeddedError('embedded_recovery_pending', { message: 'The key is released later.', fields: { releaseAt: '2030-01-03T00:00:00.000Z', secondsLeft: 30 } })
    const api = createEmbeddedApi({ fetch: async () => new Response(JSON.stringify(thrown.toBody()), { status: thrown.status, headers: { 'content-type': 'application/json' } }) })
    const refused = await api.recoveryPending('w1').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(HttpError)
    expect(isHttpError(refused, embeddedErrors)).toBe(true)
    expect(refused).toMatchObject({ code: thrown.code, status: thrown.status, retryable: thrown.retryable, fields: thrown.fields, values: { releaseAt: '2030-01-03T00:00:00.000Z', secondsLeft: 30 } })

    const wrong = embeddedError('embedded_code_invalid', { attemptsLeft: 2 })
    const again = createEmbeddedApi({ fetch: async () => new Response(JSON.stringify(wrong.toBody()), { status: wrong.status }) })
    const refusedAgain = await again.verifyEmailCode('A'.repeat(22), '123456').catch((error: unknown) => error)
    expect(refusedAgain).toMatchObject({ code: 'embedded_code_invalid', status: 401, attemptsLeft: 2, message: wrong.message })
  })

  it('reads Retry-After as seconds or as an HTTP date, and nothing else', () => {
    const now = Date.parse('2030-01-01T00:00:00Z')
    const answer = (value?: string) => new Response(null, { headers: value === undefined ? {} : { 'retry-after': value } })
    expect(retryAfter(answer('120'), now)).toBe(120)
    expect(retryAfter(answer('Tue, 01 Jan 2030 00:01:30 GMT'), now)).toBe(90)
    expect(retryAfter(answer('soon'), now)).toBeUndefined()
    expect(retryAfter(answer(), now)).toBeUndefined()
  })
})
