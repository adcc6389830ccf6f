import { describe, expect, it } from 'vitest'
import { HttpError } from '@sigil/lib/errors/HttpError'
import { createSignInMessage } from '@sigil/lib/siwe/client'
import { checkSignInMessage } from './checkSignInMessage'
import { parseSignInMessage } from './parseSignInMessage'

/** EIP-4361's own example message (https://eips.ethereum.org/EIPS/eip-4361): seconds, no fraction. */
const EIP_4361_EXAMPLE = `example.com wants you to sign in with your Ethereum account:
0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2

I accept the ExampleOrg Terms of Service: https://example.com/tos

URI: https://example.com/login
Version: 1
Chain ID: 1
Nonce: 32891756
Issued At: 2021-09-30T16:25:24Z
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://example.com/my-web2-claim.json`

/** EIP-5573's capability object of its example, and its `urn:recap:` resource (base64url of the JSON, no padding). */
const EIP_5573_CAPABILITIES = {
  att: {
    'https://example.com': { 'example/append': [], 'example/read': [], 'other/action': [] },
    'my:resource:uri.1': { 'example/append': [], 'example/delete': [] },
    'my:resource:uri.2': { 'example/append': [] },
    'my:resource:uri.3': { 'example/append': [] },
  },
  prf: [],
}
const EIP_5573_RECAP = `urn:recap:${Buffer.from(JSON.stringify(EIP_5573_CAPABILITIES)).toString('base64url')}`
const EIP_5573_EXAMPLE = `example.com wants you to sign in with your Ethereum account:
0x0000000000000000000000000000000000000000

I further authorize the stated URI to perform the following actions on my behalf: (1) 'example': 'append', 'read' for 'https://example.com'. (2) 'other': 'action' for 'https://example.com'. (3) 'example': 'append', 'delete' for 'my:resource:uri.1'. (4) 'example': 'append' for 'my:resource:uri.2'. (5) 'example': 'append' for 'my:resource:uri.3'.

URI: did:key:example
Version: 1
Chain ID: 1
Nonce: mynonce1
Issued At: 2022-06-21T12:00:00.000Z
Resources:
- ${EIP_5573_RECAP}`

const codeOf = (run: () => unknown) => {
  try {
    run()
    return 'ok'
  } catch (error) {
    return error instanceof HttpError ? error.code : 'unexpected'
  }
}

describe('parseSignInMessage: the EIP-4361 grammar as written', () => {
  it("parses EIP-4361's example: a time without fractional seconds, two resources", () => {
    const parsed = parseSignInMessage(EIP_4361_EXAMPLE)
    expect(parsed).toMatchObject({
      address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      domain: 'example.com',
      uri: 'https://example.com/login',
      chainId: 1,
      nonce: '32891756',
      statement: 'I accept the ExampleOrg Terms of Service: https://example.com/tos',
      resources: ['ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/', 'https://example.com/my-web2-claim.json'],
    })
    expect(parsed.issuedAt.toISOString()).toBe('2021-09-30T16:25:24.000Z')
  })

  it("parses EIP-5573's example: a ReCap resource naming its capabilities", () => {
    const parsed = parseSignInMessage(EIP_5573_EXAMPLE)
    expect(parsed.resources).toEqual([EIP_5573_RECAP])
    const payload = parsed.resources![0]!.slice('urn:recap:'.length)
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))).toEqual(EIP_5573_CAPABILITIES)
  })

  it('reads times with offsets and either letter case, normalised to one instant before any comparison', () => {
    const base = createSignInMessage({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 1, nonce: 'abcdefgh1234', origin: 'https://sigil.example', now: new Date('2026-11-26T11:45:00.000Z') })
    const issued = /Issued At: (.*)/.exec(base)![1]!
    const expires = /Expiration Time: (.*)/.exec(base)![1]!
    expect(issued).toBe('2026-11-26T11:45:00.000Z')
    for (const [written, writtenExpiry] of [
      ['2026-11-26T11:45:00Z', '2026-11-26T11:55:00Z'],
      ['2026-11-26T13:45:00+02:00', '2026-11-26T06:25:00.000-05:30'],
      ['2026-11-26t11:45:00.000z', expires],
    ]) {
      const message = base.replace(`Issued At: ${issued}`, `Issued At: ${written}`).replace(`Expiration Time: ${expires}`, `Expiration Time: ${writtenExpiry}`)
      const parsed = parseSignInMessage(message)
      expect(parsed.issuedAt.toISOString(), written).toBe('2026-11-26T11:45:00.000Z')
      expect(parsed.expirationTime?.toISOString(), writtenExpiry).toBe('2026-11-26T11:55:00.000Z')
      // The policy then judges the instant, whatever the notation.
      const policy = { origins: ['https://sigil.example'], chainIds: [1], rpcUrls: {} }
      expect(codeOf(() => checkSignInMessage(parsed, policy, new Date('2026-11-26T11:50:00Z')))).toBe('ok')
      expect(codeOf(() => checkSignInMessage(parsed, policy, new Date('2026-11-26T11:56:00Z')))).toBe('message_expired')
    }
  })

  it('refuses a time that is not RFC 3339, or that Date would roll over (400 malformed_message)', () => {
    for (const written of ['2026-02-30T11:45:00Z', '2026-11-26T24:00:00Z', '2026-11-26T11:45:00+0200', '2026-11-26 11:45:00Z', '2026-11-26T11:45:00', '1764157500', '2026-11-26T11:45:60Z']) {
      const message = EIP_4361_EXAMPLE.replace('Issued At: 2021-09-30T16:25:24Z', `Issued At: ${written}`)
      expect(codeOf(() => parseSignInMessage(message)), written).toBe('malformed_message')
    }
  })
})
