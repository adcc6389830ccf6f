import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { trustedProxyHops } from '@/server/config/server'
import { addressBucket, clientIp, UNKNOWN_CLIENT } from './clientIp'
import { installSocketAddressStamp, SOCKET_ADDRESS_HEADER } from './socketAddress'

/**
 * A real Node HTTP server with the socket stamp installed (as instrumentation.ts does under
 * `next start`): each request is turned into a web Request, as Next does, and answered with the key
 * `clientIp` gives it under the `env` named in the query.
 */
let server: ReturnType<typeof createServer>
let base = ''
const envs: Record<string, Record<string, string | undefined>> = {
  hops0: { NODE_ENV: 'production', TRUSTED_PROXY_HOPS: '0' },
  hops1: { NODE_ENV: 'production', TRUSTED_PROXY_HOPS: '1' },
  hops2: { NODE_ENV: 'production', TRUSTED_PROXY_HOPS: '2' },
}
const toRequest = (message: IncomingMessage) => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(message.headers)) if (typeof value === 'string') headers.set(name, value)
  return new Request(`http://127.0.0.1${message.url}`, { headers })
}
beforeAll(async () => {
  installSocketAddressStamp()
  server = createServer((message, response) => {
    const env = envs[new URL(message.url ?? '/', 'http://x').searchParams.get('env') ?? 'hops0']
    response.end(clientIp(toRequest(message), trustedProxyHops(env)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})
const keyOf = async (env: string, headers: Record<string, string> = {}) => (await fetch(`${base}/?env=${env}`, { headers })).text()

describe('TRUSTED_PROXY_HOPS', () => {
  it('is required in production, with a clear message', () => {
    expect(() => trustedProxyHops({ NODE_ENV: 'production' })).toThrow(/TRUSTED_PROXY_HOPS is required in production/)
    expect(() => trustedProxyHops({ NODE_ENV: 'production', TRUSTED_PROXY_HOPS: ' ' })).toThrow(/required in production/)
  })

  it('accepts 0 (no proxy: the socket address) up to 10, and defaults to 0 outside production', () => {
    expect(trustedProxyHops({ NODE_ENV: 'production', TRUSTED_PROXY_HOPS: '0' })).toBe(0)
    expect(trustedProxyHops({ NODE_ENV: 'production', TRUSTED_PROXY_HOPS: '2' })).toBe(2)
    expect(trustedProxyHops({ NODE_ENV: 'development' })).toBe(0)
  })

  it.each(['-1', '1.5', 'one', '11', '0x1'])('refuses %j', (value) => {
    expect(() => trustedProxyHops({ NODE_ENV: 'production', TRUSTED_PROXY_HOPS: value })).toThrow(/whole number from 0 to 10/)
  })
})

describe('clientIp given its hops by a host', () => {
  it.each([-1, 1.5, Number.NaN, 11, Number.POSITIVE_INFINITY])('refuses %j hops rather than pick an entry the client wrote', (hops) => {
    const request = new Request('https://app.sigil.test/', { headers: { 'x-forwarded-for': '6.6.6.6, 7.7.7.7' } })
    expect(() => clientIp(request, hops)).toThrow(RangeError)
  })
})

describe('clientIp on a real server', () => {
  it('with 0 hops uses the socket address and ignores a forged X-Forwarded-For', async () => {
    expect(await keyOf('hops0')).toBe('127.0.0.1')
    expect(await keyOf('hops0', { 'x-forwarded-for': '6.6.6.6' })).toBe('127.0.0.1')
    expect(await keyOf('hops0', { 'x-forwarded-for': '6.6.6.6, 7.7.7.7' })).toBe('127.0.0.1')
  })

  it('never believes a client-written socket-address header', async () => {
    expect(await keyOf('hops0', { [SOCKET_ADDRESS_HEADER]: 'guess 6.6.6.6' })).toBe('127.0.0.1')
    const forged = new Request('https://app.sigil.test/', { headers: { [SOCKET_ADDRESS_HEADER]: 'guess 6.6.6.6' } })
    expect(clientIp(forged, 0)).toBe(UNKNOWN_CLIENT)
  })

  it('with n hops takes the n-th X-Forwarded-For entry from the right', async () => {
    expect(await keyOf('hops1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' })).toBe('203.0.113.7')
    expect(await keyOf('hops2', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.2' })).toBe('203.0.113.7')
  })

  it('falls back to the socket address when the header is absent, never to a shared bucket', async () => {
    expect(await keyOf('hops1')).toBe('127.0.0.1')
    expect(await keyOf('hops2')).toBe('127.0.0.1')
  })

  it('falls back to the socket address when the header has fewer entries than hops', async () => {
    expect(await keyOf('hops2', { 'x-forwarded-for': '203.0.113.7' })).toBe('127.0.0.1')
  })

  it.each(['unknown', 'a'.repeat(5000), '203.0.113.7:4711', '999.1.1.1', '', 'evil.example', '1.2.3.4 5.6.7.8'])(
    'accepts only entries net.isIP recognises: %j falls back to the socket address',
    async (entry) => {
      expect(await keyOf('hops1', { 'x-forwarded-for': `9.9.9.9, ${entry}` })).toBe('127.0.0.1')
    },
  )
})

describe('addressBucket', () => {
  it('keeps IPv4 and maps IPv4-mapped IPv6 to it', () => {
    expect(addressBucket('198.51.100.1')).toBe('198.51.100.1')
    expect(addressBucket('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(addressBucket('::FFFF:7f00:1')).toBe('127.0.0.1')
  })

  it('groups IPv6 addresses by their /64', () => {
    const key = addressBucket('2001:db8:85a3:42:1:2:3:4')
    expect(key).toBe('2001:db8:85a3:42::/64')
    expect(addressBucket('2001:0db8:85a3:0042:ffff:ffff:ffff:ffff')).toBe(key)
    expect(addressBucket('2001:db8:85a3:42::9')).toBe(key)
    expect(addressBucket('[2001:db8:85a3:42::9]')).toBe(key)
    expect(addressBucket('2001:db8:85a3:43::1')).not.toBe(key)
    expect(addressBucket('::1')).toBe('0:0:0:0::/64')
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressBucket('2001:db8::1.2.3.4')).toBe('2001:db8:0:0::/64')
  })

  it('refuses what is not an address', () => {
    for (const value of ['', 'unknown', '1.2.3', '2001:db8::g', '::ffff:999.0.0.1', '1.2.3.4/24']) expect(addressBucket(value)).toBeNull()
  })
})
