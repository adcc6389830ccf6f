import { toHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { describeMessage, readSignIn } from './describe'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const NONCE = 'k4ZPnT2vBu8sXc1q'

/** A canonical EIP-4361 message, written by viem (not by the code under test). */
const siwe = (overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  createSiweMessage({ domain: 'example.com', address: ADDRESS, uri: 'https://example.com/login', version: '1', chainId: 1, nonce: NONCE, issuedAt: new Date('2025-01-01T00:00:00Z'), ...overrides })

/** The message with one line dropped (by its `Key: ` prefix) or replaced. */
const withLine = (message: string, prefix: string, replacement?: string) =>
  message
    .split('\n')
    .flatMap((line) => (line.startsWith(prefix) ? (replacement === undefined ? [] : [replacement]) : [line]))
    .join('\n')

describe('readSignIn', () => {
  it('reads a message with a statement: domain, address, statement, URI, chain id and nonce', () => {
    expect(readSignIn(siwe({ statement: 'Sign in to Sigil.', chainId: 8453 }))).toEqual({
      domain: 'example.com',
      address: ADDRESS,
      statement: 'Sign in to Sigil.',
      uri: 'https://example.com/login',
      chainId: 8453,
      nonce: NONCE,
    })
  })

  it('reads a message without a statement', () => {
    expect(readSignIn(siwe())).toEqual({ domain: 'example.com', address: ADDRESS, statement: undefined, uri: 'https://example.com/login', chainId: 1, nonce: NONCE })
  })

  it('reads a message without a statement written with a single blank line', () => {
    const single = siwe().replace(`${ADDRESS}\n\n\n`, `${ADDRESS}\n\n`)
    expect(single).toContain(`${ADDRESS}\n\nURI: `)
    expect(readSignIn(single)).toMatchObject({ domain: 'example.com', statement: undefined, nonce: NONCE })
  })

  it('reads the domain after a scheme prefix ("https://example.com wants you…")', () => {
    const message = siwe({ scheme: 'https', statement: 'Hello.' })
    expect(message.startsWith('https://example.com wants you')).toBe(true)
    expect(readSignIn(message)).toMatchObject({ domain: 'example.com', address: ADDRESS, statement: 'Hello.' })
  })

  it('reads a domain with a port', () => {
    expect(readSignIn(siwe({ domain: 'localhost:3000', uri: 'http://localhost:3000' }))).toMatchObject({ domain: 'localhost:3000' })
  })

  it('is not a sign-in without a URI', () => {
    expect(readSignIn(withLine(siwe(), 'URI: '))).toBeUndefined()
  })

  it('is not a sign-in without a nonce', () => {
    expect(readSignIn(withLine(siwe(), 'Nonce: '))).toBeUndefined()
  })

  it.each([
    ['a short address', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226'],
    ['an address without 0x', 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    ['an address with text after it', `${ADDRESS} `],
    ['no address', ''],
  ])('is not a sign-in with %s on the address line', (_, line) => {
    expect(readSignIn(withLine(siwe(), ADDRESS, line))).toBeUndefined()
  })

  it('is not a sign-in when the first line is not the sign-in request', () => {
    expect(readSignIn(siwe().replace('wants you to sign in', 'would like you to sign in'))).toBeUndefined()
    expect(readSignIn(`Welcome!\n${siwe()}`)).toBeUndefined()
  })

  it('is not a sign-in without the blank line after the address', () => {
    expect(readSignIn(siwe({ statement: 'Hello.' }).replace(`${ADDRESS}\n\n`, `${ADDRESS}\n`))).toBeUndefined()
  })

  it('leaves the chain id out when the line is missing', () => {
    expect(readSignIn(withLine(siwe(), 'Chain ID: '))).toMatchObject({ chainId: undefined, nonce: NONCE })
  })
})

describe('describeMessage', () => {
  it('decodes plain text', () => {
    const hex = toHex('Hello, Sigil!\nSecond line\twith a tab')
    expect(describeMessage(hex, 'sigil.example')).toEqual({ kind: 'message', text: 'Hello, Sigil!\nSecond line\twith a tab', hex, signIn: undefined })
  })

  it('shows a sign-in whose domain is the page’s host as matching it', () => {
    const hex = toHex(siwe({ domain: 'sigil.example', statement: 'Sign in.' }))
    expect(describeMessage(hex, 'sigil.example')).toMatchObject({
      signIn: { domain: 'sigil.example', matchesPage: true, address: ADDRESS, chainId: 1, statement: 'Sign in.' },
    })
  })

  it('shows a sign-in for another domain as not matching the page', () => {
    const hex = toHex(siwe({ domain: 'sigil.example.evil.test' }))
    expect(describeMessage(hex, 'sigil.example')).toMatchObject({ signIn: { domain: 'sigil.example.evil.test', matchesPage: false } })
    expect(describeMessage(toHex(siwe({ domain: 'sigil.example:8443' })), 'sigil.example')).toMatchObject({ signIn: { matchesPage: false } })
  })

  it('shows a sign-in as not matching when the page’s host is unknown', () => {
    expect(describeMessage(toHex(siwe({ domain: 'sigil.example' })), undefined)).toMatchObject({ signIn: { matchesPage: false } })
  })

  it.each([
    ['a right-to-left override (U+202E)', 'Pay \u202Egnp.exe'],
    ['a zero-width space (U+200B)', 'Approve\u200B all'],
    ['a NUL byte', 'text\u0000more'],
    ['an escape character', 'text\u001b[2J'],
    // Invisible too, each of them (the sheet once showed them as plain text):
    ['a leading byte-order mark (the decoder dropped it from the text shown)', '\ufeffApprove all'],
    ['a byte-order mark inside', 'Approve\ufeff all'],
    ['a word joiner (U+2060)', 'Approve\u2060 all'],
    ['an Arabic letter mark (U+061C)', 'a\u061cb'],
    ['a line separator (U+2028)', 'line one\u2028URI: https://evil.example'],
    ['a soft hyphen (U+00AD)', 'pay\u00adpal'],
    ['a tag character (U+E0041)', 'a\u{e0041}b'],
    ['a C1 next-line (U+0085)', 'a\u0085b'],
  ])('shows hex, not text, for a message with %s', (_, text) => {
    const hex = toHex(text)
    expect(describeMessage(hex, 'sigil.example')).toEqual({ kind: 'message', text: undefined, hex, signIn: undefined })
  })

  it('reads no sign-in from a sign-in message that hides characters', () => {
    const hex = toHex(siwe({ domain: 'sigil.example', statement: 'Sign in \u202E.' }))
    expect(describeMessage(hex, 'sigil.example')).toMatchObject({ text: undefined, signIn: undefined })
  })

  it('shows hex for bytes that are not UTF-8, and for an empty message', () => {
    expect(describeMessage('0xff00fe', 'sigil.example')).toEqual({ kind: 'message', text: undefined, hex: '0xff00fe', signIn: undefined })
    expect(describeMessage('0x', 'sigil.example')).toMatchObject({ text: undefined })
  })
})
