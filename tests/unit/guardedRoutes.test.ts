import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every request meets the origin rule and gets the security headers exactly once: through
 * `proxy.ts`, or — for the routes its matcher leaves out — through `guardedRoute`
 * (lib/http/requestGuard.ts). The two lists must agree: a route left out of the proxy without the
 * wrapper would go unguarded, a wrapped route still in the proxy would pay twice.
 */
const apiDir = path.join(process.cwd(), 'app', 'api')

function routeFiles(): { path: string; source: string }[] {
  return readdirSync(apiDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'route.ts')
    .map((file) => ({ path: `api/${path.dirname(file).split(path.sep).join('/')}`, source: readFileSync(path.join(apiDir, file), 'utf8') }))
}

function proxyExclusions(): string[] {
  const source = readFileSync(path.join(process.cwd(), 'proxy.ts'), 'utf8')
  const matcher = /matcher:\s*\['\/\(\(\?!([^)]*)\)\.\*\)'\]/.exec(source)?.[1]
  if (!matcher) throw new Error('proxy.ts has no matcher of the expected shape')
  return matcher.split('|').filter((part) => part.startsWith('api/'))
}

describe('guarded routes', () => {
  it('the proxy leaves out exactly the API routes that guard themselves', () => {
    const routes = routeFiles()
    expect(routes.length).toBeGreaterThanOrEqual(15)
    const selfGuarded = routes.filter((route) => /\bguardedRoute\(/.test(route.source)).map((route) => route.path).sort()
    expect(selfGuarded).toEqual(['api/auth/logout', 'api/auth/nonce', 'api/auth/session', 'api/auth/verify'])
    expect(proxyExclusions().sort()).toEqual(selfGuarded)
  })

  it('a self-guarded route exports nothing unwrapped', () => {
    for (const route of routeFiles().filter((candidate) => /\bguardedRoute\(/.test(candidate.source))) {
      const exported = [...route.source.matchAll(/^export (?:async )?(?:function|const) (GET|POST|PUT|PATCH|DELETE)\b(.*)$/gm)]
      expect(exported.length, route.path).toBeGreaterThan(0)
      for (const [, method, rest] of exported) expect(rest, `${method} ${route.path}`).toMatch(/= guardedRoute\(/)
    }
  })
})
