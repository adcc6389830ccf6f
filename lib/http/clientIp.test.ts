import { expect, it } from 'vitest'
import { clientIp } from './clientIp'

const request = (headers: Record<string, string>) => new Request('https://app.sigil.test/', { headers })

it('takes the address the nearest hop saw (rightmost X-Forwarded-For entry) by default', () => {
  expect(clientIp(request({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7' }), {})).toBe('203.0.113.7')
})

it('goes back TRUSTED_PROXY_HOPS entries when several proxies append', () => {
  expect(clientIp(request({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.2' }), { TRUSTED_PROXY_HOPS: '2' })).toBe('203.0.113.7')
})

it('maps IPv4-mapped IPv6 to the IPv4 address', () => {
  expect(clientIp(request({ 'x-forwarded-for': '::ffff:127.0.0.1' }), {})).toBe('127.0.0.1')
})

it('falls back to X-Real-IP, then to "unknown"', () => {
  expect(clientIp(request({ 'x-real-ip': '198.51.100.1' }), {})).toBe('198.51.100.1')
  expect(clientIp(request({}), {})).toBe('unknown')
})

it('bounds the key length whatever the header holds', () => {
  expect(clientIp(request({ 'x-forwarded-for': 'a'.repeat(5000) }), {}).length).toBeLessThanOrEqual(64)
})
