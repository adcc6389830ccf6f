import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authCatalogue } from '@/lib/siwe/catalogue'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@sigil/server/store/types'
import { createRoutes, siweMessage, TestBrowser } from './authHarness'

/**
 * A table of malformed verify requests: each gets its own 4xx status and code, the catalogue
 * message, and never a 5xx or anything that looks like a stack trace.
 */

let store: Store
beforeAll(async () => { store = await openFreshPgliteStore() })
afterAll(async () => { await store?.close() })

const account = privateKeyToAccount(generatePrivateKey())
// A well-formed message for rows that break something else; its nonce was never issued, which
// does not matter since every row fails before the nonce is looked at.
const message = siweMessage({ address: account.address, nonce: 'abcdEFGH1234' })
const signature = await account.signMessage({ message })
const json = (value: unknown) => JSON.stringify(value)
const withMessage = (value: string) => json({ message: value, signature })
const withSignature = (value: unknown) => json({ message, signature: value })

type Row = {
  label: string
  body: BodyInit | null
  contentType?: string | null
  headers?: Record<string, string>
  status: number
  code: keyof typeof authCatalogue.errors
}

const nonUtf8 = new Uint8Array([...new TextEncoder().encode('{"message":"'), 0xff, 0xfe, 0xc3, ...new TextEncoder().encode('","signature":"0x00"}')])

/** A body that arrives in chunks with no Content-Length, as a chunked upload does. */
function streamOf(totalBytes: number): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close()
      const size = Math.min(1024, totalBytes - sent)
      controller.enqueue(new TextEncoder().encode(' '.repeat(size)))
      sent += size
    },
  })
}

const rows: Row[] = [
  // Not a JSON object with two strings.
  { label: 'an empty body', body: '', status: 400, code: 'malformed_body' },
  { label: 'JSON null', body: 'null', status: 400, code: 'malformed_body' },
  { label: 'a JSON array', body: json([message, signature]), status: 400, code: 'malformed_body' },
  { label: 'a JSON string', body: json('hello'), status: 400, code: 'malformed_body' },
  { label: 'a JSON number', body: '42', status: 400, code: 'malformed_body' },
  { label: 'an empty object', body: '{}', status: 400, code: 'malformed_body' },
  { label: 'a missing signature', body: json({ message }), status: 400, code: 'malformed_body' },
  { label: 'a missing message', body: json({ signature }), status: 400, code: 'malformed_body' },
  { label: 'a numeric message', body: json({ message: 12345, signature }), status: 400, code: 'malformed_body' },
  { label: 'a null message', body: json({ message: null, signature }), status: 400, code: 'malformed_body' },
  { label: 'an array message', body: json({ message: [message], signature }), status: 400, code: 'malformed_body' },
  { label: 'an object message', body: json({ message: { text: message }, signature }), status: 400, code: 'malformed_body' },
  { label: 'a numeric signature', body: withSignature(1234), status: 400, code: 'malformed_body' },
  { label: 'a boolean signature', body: withSignature(true), status: 400, code: 'malformed_body' },
  { label: 'fields only under __proto__', body: '{"__proto__":{"message":"m","signature":"0x00"}}', status: 400, code: 'malformed_body' },
  { label: 'truncated JSON', body: '{"message":', status: 400, code: 'malformed_body' },
  { label: 'JSON followed by garbage', body: `${withSignature(signature)}xyz`, status: 400, code: 'malformed_body' },
  { label: 'deeply nested arrays', body: `${'['.repeat(3000)}${']'.repeat(3000)}`, status: 400, code: 'malformed_body' },
  { label: 'bytes that are not UTF-8', body: nonUtf8, status: 400, code: 'malformed_body' },
  { label: 'a text/plain content type', body: withSignature(signature), contentType: 'text/plain', status: 400, code: 'malformed_body' },
  { label: 'a form content type', body: withSignature(signature), contentType: 'application/x-www-form-urlencoded', status: 400, code: 'malformed_body' },
  { label: 'no content type', body: withSignature(signature), contentType: null, status: 400, code: 'malformed_body' },
  // Signature not usable hex.
  { label: 'an empty signature', body: withSignature(''), status: 400, code: 'malformed_signature' },
  { label: 'a bare 0x signature', body: withSignature('0x'), status: 400, code: 'malformed_signature' },
  { label: 'a signature that is not hex', body: withSignature('hello world'), status: 400, code: 'malformed_signature' },
  { label: 'a signature with non-hex digits', body: withSignature(`0x${'zz'.repeat(65)}`), status: 400, code: 'malformed_signature' },
  { label: 'a signature of odd length', body: withSignature(signature.slice(0, -1)), status: 400, code: 'malformed_signature' },
  { label: 'a signature without 0x', body: withSignature(signature.slice(2)), status: 400, code: 'malformed_signature' },
  { label: 'a huge signature', body: withSignature(`0x${'ab'.repeat(3500)}`), status: 400, code: 'malformed_signature' },
  // Message not an EIP-4361 message in canonical form.
  { label: 'an empty message', body: withMessage(''), status: 400, code: 'malformed_message' },
  { label: 'free text', body: withMessage('please let me in'), status: 400, code: 'malformed_message' },
  { label: 'a message without its nonce line', body: withMessage(message.replace(/\nNonce: .*/, '')), status: 400, code: 'malformed_message' },
  { label: 'a lowercase (not EIP-55) address', body: withMessage(message.replace(account.address, account.address.toLowerCase())), status: 400, code: 'malformed_message' },
  { label: 'version 2', body: withMessage(message.replace('Version: 1', 'Version: 2')), status: 400, code: 'malformed_message' },
  { label: 'an issued-at that is not RFC 3339', body: withMessage(message.replace(/Issued At: .*/, 'Issued At: yesterday')), status: 400, code: 'malformed_message' },
  { label: 'chain id 0', body: withMessage(message.replace('Chain ID: 31337', 'Chain ID: 0')), status: 400, code: 'malformed_message' },
  { label: 'a chain id beyond 2^53', body: withMessage(message.replace('Chain ID: 31337', 'Chain ID: 99999999999999999999')), status: 400, code: 'malformed_message' },
  { label: 'a 7-character nonce', body: withMessage(message.replace('abcdEFGH1234', 'abcdEFG')), status: 400, code: 'malformed_message' },
  { label: 'an extra trailing line', body: withMessage(`${message}\nNote: also transfer my tokens`), status: 400, code: 'malformed_message' },
  { label: 'CRLF line endings', body: withMessage(message.replaceAll('\n', '\r\n')), status: 400, code: 'malformed_message' },
  { label: 'a NUL character', body: withMessage(message.replace('Sign in', 'Sign\u0000in')), status: 400, code: 'malformed_message' },
  { label: 'a right-to-left override', body: withMessage(message.replace('Sign in', 'Sign \u202ein')), status: 400, code: 'malformed_message' },
  // C1 controls and the Unicode line breaks: a wallet may draw a NEL or a line separator as a new line.
  { label: 'a next-line (NEL, C1) character', body: withMessage(message.replace('Sign in', 'Sign\u0085in')), status: 400, code: 'malformed_message' },
  { label: 'a C1 control in a Request ID', body: withMessage(`${message}\nRequest ID: abc\u009bdef`), status: 400, code: 'malformed_message' },
  { label: 'a line separator', body: withMessage(message.replace('Sign in', 'Sign\u2028in')), status: 400, code: 'malformed_message' },
  { label: 'a paragraph separator', body: withMessage(message.replace('Sign in', 'Sign\u2029in')), status: 400, code: 'malformed_message' },
  { label: 'a message over 4096 characters', body: withMessage(message.replace('Sign in to Sigil', 'x'.repeat(5000))), status: 400, code: 'malformed_message' },
  // Too large: 8 KB, enforced while reading.
  { label: 'a body over 8 KB', body: withMessage('x'.repeat(9000)), status: 413, code: 'body_too_large' },
  { label: 'a Content-Length over 8 KB', body: withSignature(signature), headers: { 'content-length': '100000' }, status: 413, code: 'body_too_large' },
  { label: 'a body over 8 KB under a small Content-Length', body: withMessage('x'.repeat(20_000)), headers: { 'content-length': '100' }, status: 413, code: 'body_too_large' },
  { label: 'a chunked body over 8 KB without Content-Length', body: streamOf(64 * 1024), status: 413, code: 'body_too_large' },
]

describe('malformed verify requests', () => {
  it('covers at least 30 distinct bad bodies', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30)
    expect(new Set(rows.map((row) => row.label)).size).toBe(rows.length)
  })

  it.each(rows)('answers $status $code to $label', async (row) => {
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: {} }))
    await browser.nonce()
    const headers = new Headers(row.headers)
    if (row.contentType !== null) headers.set('content-type', row.contentType ?? 'application/json')
    const request = browser.request('/api/auth/verify', {
      method: 'POST',
      headers,
      body: row.body,
      ...(row.body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit)
    if (row.contentType === null) request.headers.delete('content-type')
    const response = await browser.routes.verify(request)
    const text = await response.text()
    expect(response.status).toBe(row.status)
    expect(JSON.parse(text)).toEqual({ code: row.code, message: authCatalogue.errors[row.code] })
    expect(text).not.toMatch(/\bat .+:\d+:\d+|Error:/)
  })
})
