import { describe, expect, it } from 'vitest'
import { MAX_VAULT_MESSAGE_BYTES, parsePageMessage, parseVaultMessage, VAULT_METHODS, VAULT_PROTOCOL } from './protocol'

const request = (overrides: Record<string, unknown> = {}) => ({ protocol: VAULT_PROTOCOL, type: 'request', id: 'req_1-A', method: 'vault_sign', params: { method: 'personal_sign' }, ...overrides })

describe('parsePageMessage', () => {
  it('reads a hello, and nothing else that came with it', () => {
    expect(parsePageMessage({ protocol: VAULT_PROTOCOL, type: 'hello', extra: 'ignored' })).toEqual({ protocol: VAULT_PROTOCOL, type: 'hello' })
  })

  it.each(VAULT_METHODS)('reads a well-formed request of %s with its params', (method) => {
    const params = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', list: [1, 'two', null] }
    expect(parsePageMessage(request({ method, params }))).toEqual({ protocol: VAULT_PROTOCOL, type: 'request', id: 'req_1-A', method, params })
  })

  it('reads a request without params', () => {
    expect(parsePageMessage({ protocol: VAULT_PROTOCOL, type: 'request', id: 'a', method: 'vault_lock' })).toEqual({ protocol: VAULT_PROTOCOL, type: 'request', id: 'a', method: 'vault_lock', params: undefined })
  })

  it('accepts an id of 64 characters, the longest', () => {
    expect(parsePageMessage(request({ id: 'x'.repeat(64) }))).toMatchObject({ id: 'x'.repeat(64) })
  })

  it.each([
    ['another protocol', request({ protocol: 'sigil-vault/2' })],
    ['no protocol', { type: 'hello' }],
    ['an unknown type', request({ type: 'response' })],
    ['an unknown method', request({ method: 'eth_sign' })],
    ['a method that is not a string', request({ method: ['vault_sign'] })],
    ['an empty id', request({ id: '' })],
    ['an id of 65 characters', request({ id: 'x'.repeat(65) })],
    ['an id with a space', request({ id: 'req 1' })],
    ['an id with a slash', request({ id: 'req/1' })],
    ['a numeric id', request({ id: 1 })],
    ['an array', [VAULT_PROTOCOL, 'hello']],
    ['a string', JSON.stringify({ protocol: VAULT_PROTOCOL, type: 'hello' })],
    ['null', null],
    ['undefined', undefined],
  ])('ignores %s', (_, message) => {
    expect(parsePageMessage(message)).toBeUndefined()
  })

  it('ignores a message that is a function (it serialises to nothing)', () => {
    expect(parsePageMessage(() => request())).toBeUndefined()
  })

  it('keeps no function held inside a message (the copy is data only)', () => {
    // JSON drops a function-valued property rather than failing; the request stays, without it.
    const parsed = parsePageMessage(request({ params: { method: 'personal_sign', then: () => 1 } }))
    expect(parsed).toMatchObject({ type: 'request', params: { method: 'personal_sign' } })
    expect((parsed as { params: object }).params).not.toHaveProperty('then')
  })

  it('ignores a message holding a BigInt', () => {
    expect(parsePageMessage(request({ params: { value: 1n } }))).toBeUndefined()
  })

  it('ignores a cyclic message', () => {
    const params: Record<string, unknown> = {}
    params.self = params
    expect(parsePageMessage(request({ params }))).toBeUndefined()
  })

  it('ignores a message over MAX_VAULT_MESSAGE_BYTES serialised, and reads one just within it', () => {
    const overhead = JSON.stringify(request({ params: '' })).length
    expect(parsePageMessage(request({ params: 'a'.repeat(MAX_VAULT_MESSAGE_BYTES - overhead) }))).toBeDefined()
    expect(parsePageMessage(request({ params: 'a'.repeat(MAX_VAULT_MESSAGE_BYTES - overhead + 1) }))).toBeUndefined()
  })

  it('returns a copy: a later change to what was sent does not reach it', () => {
    const params = { message: 'original', nested: { amount: '1' } }
    const sent = request({ params })
    const parsed = parsePageMessage(sent)
    params.message = 'changed'
    params.nested.amount = '1000000'
    expect(parsed).toMatchObject({ params: { message: 'original', nested: { amount: '1' } } })
  })

  it('keeps values, not getters: a getter is read once, when the message is parsed', () => {
    let reads = 0
    const params = {
      get amount() {
        reads++
        return String(reads)
      },
    }
    const parsed = parsePageMessage(request({ params }))
    const copy = (parsed as { params: Record<string, unknown> }).params
    expect(Object.getOwnPropertyDescriptor(copy, 'amount')).toMatchObject({ value: '1', writable: true })
    expect(copy.amount).toBe(copy.amount)
    expect(reads).toBe(1)
  })

  it('keeps no prototype of the sender’s objects', () => {
    class Params {
      method = 'personal_sign'
      get hidden() {
        return 'from the prototype'
      }
    }
    const parsed = parsePageMessage(request({ params: new Params() })) as { params: object }
    expect(Object.getPrototypeOf(parsed.params)).toBe(Object.prototype)
    expect(parsed.params).toEqual({ method: 'personal_sign' })
  })
})

describe('parseVaultMessage', () => {
  it('reads ready with where approvals are shown', () => {
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'ready', approvals: 'frame' })).toEqual({ protocol: VAULT_PROTOCOL, type: 'ready', approvals: 'frame' })
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'ready', approvals: 'popup' })).toEqual({ protocol: VAULT_PROTOCOL, type: 'ready', approvals: 'popup' })
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'ready', approvals: 'window' })).toBeUndefined()
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'ready' })).toBeUndefined()
  })

  it('reads ui with a boolean visible only', () => {
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'ui', visible: true })).toEqual({ protocol: VAULT_PROTOCOL, type: 'ui', visible: true })
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'ui', visible: false })).toEqual({ protocol: VAULT_PROTOCOL, type: 'ui', visible: false })
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'ui', visible: 'true' })).toBeUndefined()
  })

  it('reads locked', () => {
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'locked' })).toEqual({ protocol: VAULT_PROTOCOL, type: 'locked' })
  })

  it('reads a response with a result', () => {
    const result = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'response', id: 'r1', result })).toEqual({ protocol: VAULT_PROTOCOL, type: 'response', id: 'r1', result })
  })

  it('reads a response with an error, its code, message and known data fields only', () => {
    const parsed = parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'response', id: 'r1', result: 'ignored', error: { code: 4001, message: 'The user rejected the request.', data: { reason: 'rejected', code: 'embedded_locked', stack: 'x' } } })
    expect(parsed).toEqual({ protocol: VAULT_PROTOCOL, type: 'response', id: 'r1', error: { code: 4001, message: 'The user rejected the request.', data: { reason: 'rejected', code: 'embedded_locked' } } })
  })

  it('drops error data fields that are not strings', () => {
    const parsed = parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'response', id: 'r1', error: { code: -32602, message: 'bad', data: { reason: 5, code: {} } } })
    expect(parsed).toEqual({ protocol: VAULT_PROTOCOL, type: 'response', id: 'r1', error: { code: -32602, message: 'bad', data: { reason: undefined, code: undefined } } })
  })

  it.each([
    ['a string code', { code: '4001', message: 'no' }],
    ['no code', { message: 'no' }],
    ['no message', { code: 4001 }],
    ['an error that is a string', 'no'],
    ['an error that is null', null],
  ])('ignores a response whose error has %s', (_, error) => {
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'response', id: 'r1', error })).toBeUndefined()
  })

  it('ignores a response with a bad id', () => {
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'response', id: 'r 1', result: 1 })).toBeUndefined()
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'response', result: 1 })).toBeUndefined()
  })

  it('truncates a long error message to 500 characters', () => {
    const message = 'm'.repeat(499) + 'XYZ'
    const parsed = parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'response', id: 'r1', error: { code: -32603, message } })
    expect(parsed).toMatchObject({ error: { message: message.slice(0, 500) } })
    expect((parsed as { error: { message: string } }).error.message).toHaveLength(500)
  })

  it('ignores another protocol, an unknown type and a page message', () => {
    expect(parseVaultMessage({ protocol: 'sigil-vault/2', type: 'locked' })).toBeUndefined()
    expect(parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'unlock' })).toBeUndefined()
    expect(parseVaultMessage(request())).toBeUndefined()
  })
})

describe('parseVaultMessage: a recovery left waiting', () => {
  const answer = (data: unknown) => parseVaultMessage({ protocol: VAULT_PROTOCOL, type: 'response', id: 'a1', error: { code: 4001, message: 'closed', data } })

  it('keeps the reason and an ISO release time', () => {
    expect(answer({ reason: 'recovery_pending', releaseAt: '2030-01-03T00:00:00.000Z' })).toMatchObject({ error: { code: 4001, data: { reason: 'recovery_pending', releaseAt: '2030-01-03T00:00:00.000Z' } } })
  })

  it('drops a release time that is not an ISO time (it is shown to the user)', () => {
    for (const releaseAt of ['soon', '<img src=x>', 42, '2030-01-03']) expect(answer({ reason: 'recovery_pending', releaseAt })).toMatchObject({ error: { data: { releaseAt: undefined } } })
  })
})
