import { describe, expect, it } from 'vitest'
import { serverFamilies } from '@sigil/connectors/serverFamilies'
import { isImageEndpoint } from './imageResponseHeaders'
import { guardRequest } from './requestGuard'

const AVATAR = '/api/ens/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/avatar'

describe('image endpoint headers', () => {
  it('knows the avatar endpoint, and nothing else', () => {
    expect(isImageEndpoint(AVATAR)).toBe(true)
    for (const path of ['/api/ens/0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '/', '/api/ens/x/avatar/more', '/api/rpc/1']) expect(isImageEndpoint(path), path).toBe(false)
  })

  it("gives the avatar endpoint its own inert policy through the request guard, not the page's", () => {
    const guarded = guardRequest({ method: 'GET', url: `http://localhost:3000${AVATAR}`, headers: new Headers({ host: 'localhost:3000' }) }, serverFamilies)
    expect(guarded.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect(guarded.headers['x-content-type-options']).toBe('nosniff')
    const page = guardRequest({ method: 'GET', url: 'http://localhost:3000/', headers: new Headers({ host: 'localhost:3000' }) }, serverFamilies)
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'nonce-/)
  })
})
