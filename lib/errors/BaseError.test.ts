import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { VaultRequestError } from '@/connectors/embedded/vault/rpcErrors'
import { WalletRejectedProposalError } from '@/connectors/walletConnect/pairingErrors'
import { EmbeddedApiError, InvalidUserIdError } from '@/lib/embedded/errors'
import { embedded } from '@/lib/i18n/embedded'
import { authError, authErrors } from '@/lib/siwe/catalogue'
import { embeddedError } from '@sigil/server/embedded/httpErrors'
import { StoreLockedError, StoreUnavailableError } from '@sigil/server/store/errors'
import { BaseError } from './BaseError'
import { HttpError } from './HttpError'
import { SigilError } from './SigilError'
import { ConnectionRejectedError } from './wallet'

describe('BaseError', () => {
  it('carries a short message, meta messages, details, a code and its cause', () => {
    const cause = new Error('socket hang up')
    const error = new BaseError('The price feed could not be read.', {
      cause,
      code: 'feed_unreadable',
      details: 'GET /feed answered 502',
      metaMessages: ['Feed: ETH/USD', 'Tried: 3 times'],
    })
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'BaseError', shortMessage: 'The price feed could not be read.', code: 'feed_unreadable', details: 'GET /feed answered 502' })
    expect(error.metaMessages).toEqual(['Feed: ETH/USD', 'Tried: 3 times'])
    expect(error.cause).toBe(cause)
    expect(error.message).toBe('The price feed could not be read.\n\nFeed: ETH/USD\nTried: 3 times\n\nDetails: GET /feed answered 502')
    expect(error.longMessage).toBe(error.message)
  })

  it('is its short message alone when it has nothing more to say, and has no code unless given one', () => {
    const error = new BaseError('Nothing to add.')
    expect(error.message).toBe('Nothing to add.')
    expect(error.code).toBeUndefined()
    expect(error.cause).toBeUndefined()
    expect('cause' in error).toBe(false)
  })

  it('keeps `message` to the short message when told to, the composed text still in `longMessage`', () => {
    const error = new BaseError('Shown verbatim.', { details: 'for the log', composeMessage: false })
    expect(error.message).toBe('Shown verbatim.')
    expect(error.longMessage).toBe('Shown verbatim.\n\nDetails: for the log')
  })
})

describe('walk', () => {
  const root = new TypeError('fetch failed')
  const middle = new StoreUnavailableError('The database could not be reached.', { cause: root })
  const top = new ConnectionRejectedError({ cause: middle })

  it('without a test, ends at the deepest cause, whatever its type', () => {
    expect(top.walk()).toBe(root)
    expect(new BaseError('alone').walk()).toBeInstanceOf(BaseError)
    const plain = new BaseError('wraps a value', { cause: { reason: 'not an Error' } })
    expect(plain.walk()).toEqual({ reason: 'not an Error' })
  })

  it('with a test, finds the first error along the chain, this one included', () => {
    expect(top.walk((error) => error instanceof StoreUnavailableError)).toBe(middle)
    expect(top.walk((error) => error instanceof SigilError)).toBe(top)
    expect(top.walk((error) => error instanceof TypeError)).toBe(root)
    expect(top.walk((error) => error instanceof HttpError)).toBeUndefined()
  })

  it('ends on a chain that loops back on itself', () => {
    const first = new BaseError('first')
    const second = new BaseError('second', { cause: first })
    Object.defineProperty(first, 'cause', { value: second })
    expect(second.walk((error) => error === 'never')).toBeUndefined()
    expect(second.walk()).toBe(first)
  })
})

describe('every error class is one', () => {
  it('keeps each class, name, code and message, and each is a BaseError', () => {
    const errors: [BaseError, string, string | number | undefined, unknown][] = [
      [new ConnectionRejectedError(), 'ConnectionRejectedError', 'connection_rejected', 'Connection rejected. Please try again.'],
      [authError('nonce_expired'), 'HttpError', 'nonce_expired', authErrors.messages.nonce_expired],
      [embeddedError('embedded_code_locked'), 'HttpError', 'embedded_code_locked', embedded.errors.embedded_code_locked],
      [new EmbeddedApiError('embedded_code_invalid', { status: 401, attemptsLeft: 4 }), 'EmbeddedApiError', 'embedded_code_invalid', 'That code is not right. 4 attempts left.'],
      [new StoreLockedError('/data', 42), 'StoreLockedError', 'store_locked', expect.stringMatching(/^The data folder \/data is already in use by another Sigil process \(pid 42\)\. /)],
      [new VaultRequestError(4001, 'The user rejected the request.'), 'VaultRequestError', 4001, 'The user rejected the request.'],
      [new WalletRejectedProposalError(), 'WalletRejectedProposalError', undefined, 'the wallet rejected the session proposal'],
    ]
    for (const [error, name, code, message] of errors) {
      expect(error).toBeInstanceOf(BaseError)
      expect(error).toBeInstanceOf(Error)
      expect({ name: error.name, code: error.code, message: error.message }).toEqual({ name, code, message })
      expect(error.shortMessage).toEqual(message)
    }
  })

  it('a catalogue error’s message stays the catalogue’s text; its meta messages and details go to longMessage', () => {
    const error = new InvalidUserIdError(65, { details: 'from the registration options' })
    expect(error.message).toBe('The passkey user id must be 1 to 64 bytes long.')
    expect(error.longMessage).toBe('The passkey user id must be 1 to 64 bytes long.\n\nA passkey user id is 1 to 64 bytes.\nGot: 65 bytes\n\nDetails: from the registration options')
    const refused = embeddedError('embedded_internal_error', { details: 'the store threw' })
    expect(refused.toBody().message).toBe(embedded.errors.embedded_internal_error)
  })

  it('the browser’s embedded API error is the server’s HttpError of the same API', () => {
    const browser = new EmbeddedApiError('embedded_rate_limited', { status: 429, retryAfterSeconds: 60 })
    const server = embeddedError('embedded_rate_limited')
    expect(browser).toBeInstanceOf(HttpError)
    expect({ api: browser.api, code: browser.code, status: browser.status, retryable: browser.retryable, message: browser.message }).toEqual({
      api: server.api,
      code: server.code,
      status: server.status,
      retryable: server.retryable,
      message: server.message,
    })
  })
})

/** Every product source file (no tests), as [path, text]. */
function sources(folder: string): [string, string][] {
  return readdirSync(folder).flatMap((entry): [string, string][] => {
    const path = join(folder, entry)
    if (statSync(path).isDirectory()) return entry === 'node_modules' || entry === 'dist' ? [] : sources(path)
    if (!/\.(ts|tsx|mts|mjs)$/.test(entry) || /\.test\.tsx?$/.test(entry)) return []
    return [[path, readFileSync(path, 'utf8')]]
  })
}

describe('one base', () => {
  it('no product file but BaseError.ts declares a class on Error or one of its built-in kinds', () => {
    const uncommented = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
    const direct = /\bclass(\s+[\w$]+)?(\s*<[^>]*>)?\s+extends\s+(globalThis\.)?(Error|TypeError|RangeError|SyntaxError|ReferenceError|EvalError|URIError|AggregateError|DOMException)\b/
    const offenders = ['app', 'connectors', 'lib', 'server']
      .flatMap((folder) => sources(folder))
      .filter(([path, text]) => path !== join('lib', 'errors', 'BaseError.ts') && direct.test(uncommented(text)))
      .map(([path]) => path)
    expect(offenders).toEqual([])
  })
})
