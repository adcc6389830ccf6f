import { NextRequest } from 'next/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serverFamilies } from '@sigil/connectors/serverFamilies'
import { proxy } from '@/proxy'
import { createRefusalLog, refusalLog } from './refusalLog'
import { guardedRoute, otherMethods } from './requestGuard'

/**
 * Fetch Metadata resource isolation (issue 27): another site's `<img>` or `<script>` pointing at an
 * API read is refused before the route runs (so before anything is counted), through the proxy and
 * through the self-guarded sign-in routes alike; refusals are logged as counted summaries.
 */

const APP = 'http://localhost:3000'
/** What Chromium sends for `<img src="http://localhost:3000/api/…">` on another site's page. */
const crossSiteImage = { host: 'localhost:3000', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('Fetch Metadata on the API', () => {
  it("refuses another site's <img> of a sign-in route before the handler runs (nothing counted)", async () => {
    const handler = vi.fn(async () => new Response('{"nonce":"x"}'))
    const route = guardedRoute(handler, serverFamilies)
    for (const site of ['cross-site', 'same-site']) {
      const response = await route(new Request(`${APP}/api/auth/nonce`, { headers: { ...crossSiteImage, 'sec-fetch-site': site } }))
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ code: 'origin_not_allowed' })
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
    expect(handler).not.toHaveBeenCalled()
    // Another site's link to it too: its answer would replace the browser's nonce binding.
    const linked = await route(new Request(`${APP}/api/auth/nonce`, { headers: { host: 'localhost:3000', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } }))
    expect(linked.status).toBe(403)
    expect(handler).not.toHaveBeenCalled()
    // The page's own request, an address typed in the bar and a client without Fetch Metadata still reach it.
    for (const headers of <Record<string, string>[]>[
      { host: 'localhost:3000', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
      { host: 'localhost:3000', 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      { host: 'localhost:3000' },
    ]) expect((await route(new Request(`${APP}/api/auth/nonce`, { headers }))).status).toBe(200)
    expect(handler).toHaveBeenCalledTimes(3)
  })

  it("refuses another site's <img> of a proxied API read (ENS), and lets pages through", () => {
    const refused = proxy(new NextRequest(`${APP}/api/ens/0x0000000000000000000000000000000000000001`, { headers: crossSiteImage }))
    expect(refused.status).toBe(403)
    expect(refused.headers.get('x-middleware-next')).toBeNull()
    const page = proxy(new NextRequest(`${APP}/`, { headers: { ...crossSiteImage, 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate' } }))
    expect(page.headers.get('x-middleware-next')).toBe('1')
  })
})

describe('otherMethods', () => {
  it('answers every method a route does not serve with 405 (204 to OPTIONS), its Allow and the security headers', async () => {
    const forPost = otherMethods(['POST'], serverFamilies)
    expect(Object.keys(forPost).sort()).toEqual(['DELETE', 'GET', 'OPTIONS', 'PATCH', 'PUT'])
    const forGet = otherMethods(['GET'], serverFamilies)
    expect(Object.keys(forGet).sort()).toEqual(['DELETE', 'OPTIONS', 'PATCH', 'POST', 'PUT'])
    const headers = { host: 'localhost:3000', origin: APP }
    for (const [handlers, allow] of [[forPost, 'POST, OPTIONS'], [forGet, 'GET, HEAD, OPTIONS']] as const) {
      for (const [method, handler] of Object.entries(handlers)) {
        const response = await handler(new Request(`${APP}/api/auth/nonce`, { method, headers }))
        expect(response.status, method).toBe(method === 'OPTIONS' ? 204 : 405)
        expect(response.headers.get('allow')).toBe(allow)
        expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      }
    }
  })
})

describe('refusal log', () => {
  it('500 refusals write a few lines (the first, then one summary per reason), not 500', async () => {
    const lines: string[] = []
    const warn = vi.spyOn(console, 'warn').mockImplementation((line: unknown) => void lines.push(String(line)))
    refusalLog().flush() // what earlier tests counted
    lines.length = 0
    const route = guardedRoute(async () => new Response('{}'), serverFamilies)
    for (let i = 0; i < 250; i++) await route(new Request(`${APP}/api/auth/nonce`, { headers: crossSiteImage }))
    for (let i = 0; i < 250; i++) {
      await route(new Request(`${APP}/api/auth/logout`, { method: 'POST', headers: { host: 'localhost:3000', origin: 'https://evil.example' } }))
    }
    refusalLog().flush()
    warn.mockRestore()
    const ours = lines.filter((line) => line.startsWith('[sigil]'))
    expect(ours.length, ours.join('\n')).toBeLessThanOrEqual(4)
    expect(ours.join('\n')).toMatch(/refused 2\d\d more requests \(fetch_metadata\) in the last \d+ s: GET \/api\/auth\/nonce ×2\d\d/)
    expect(ours.join('\n')).toMatch(/refused 2\d\d more requests \(origin_not_allowed\) in the last \d+ s: POST \/api\/auth\/logout ×2\d\d/)
  })

  it('writes each reason at once the first time, then once per interval with the top paths', () => {
    let now = 0
    const lines: string[] = []
    const log = createRefusalLog({ log: (line) => lines.push(line), now: () => now, timer: false, intervalMs: 60_000 })
    log.note('rate_limited', 'GET /api/auth/nonce', 'detail')
    expect(lines).toEqual(['[sigil] rate_limited: GET /api/auth/nonce: detail (further refusals are summed up once a minute)'])
    for (let i = 0; i < 30; i++) log.note('rate_limited', `GET /api/ens/${i % 7}`)
    expect(lines).toHaveLength(1)
    now = 60_000
    log.note('rate_limited', 'GET /api/ens/0')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toBe('[sigil] refused 31 more requests (rate_limited) in the last 60 s: GET /api/ens/0 ×6, GET /api/ens/1 ×5, GET /api/ens/2 ×4, GET /api/ens/3 ×4, GET /api/ens/4 ×4, other ×8')
  })
})
