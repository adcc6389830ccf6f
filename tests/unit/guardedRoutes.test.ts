import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every request meets the origin rule and gets the security headers exactly once: through
 * `proxy.ts`, or — for the routes its matcher leaves out — through `guardedRoute`
 * (server/http/requestGuard.ts). The two lists must agree: a route left out of the proxy without the
 * wrapper would go unguarded, a wrapped route still in the proxy would pay twice.
 */
const apiDir = path.join(process.cwd(), 'app', 'api')
const pagesApiDir = path.join(process.cwd(), 'pages', 'api')

/** The App Router's route files (app/api/…/route.ts) and the Pages Router's (pages/api/…ts). */
function routeFiles(): { path: string; source: string; router: 'app' | 'pages' }[] {
  const app = readdirSync(apiDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'route.ts')
    .map((file) => ({ path: `api/${path.dirname(file).split(path.sep).join('/')}`, source: readFileSync(path.join(apiDir, file), 'utf8'), router: 'app' as const }))
  const pageFiles = readdirSync(pagesApiDir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.[cm]?[jt]sx?$/.test(file))
  // Next serves .js, .jsx, .mjs and .tsx there too, and index files by their folder: these checks
  // read .ts route files by name, so anything else must fail here rather than go unchecked.
  for (const file of pageFiles) expect(file, `pages/api/${file}`).toMatch(/^(?!.*(?:^|\/)index\.ts$).*[^/]\.ts$/)
  const pages = pageFiles
    .map((file) => ({ path: `api/${file.replace(/\.ts$/, '').split(path.sep).join('/')}`, source: readFileSync(path.join(pagesApiDir, file), 'utf8'), router: 'pages' as const }))
  return [...app, ...pages]
}

const guardsItself = (source: string) => /\b(guardedRoute|pagesApiRoute)\(/.test(source)

function proxyExclusions(): string[] {
  const source = readFileSync(path.join(process.cwd(), 'proxy.ts'), 'utf8')
  const matcher = /matcher:\s*\['\/\(\(\?!([^()]*)\)\.\*\)'\]/.exec(source)?.[1]
  if (!matcher) throw new Error('proxy.ts has no matcher of the expected shape')
  const parts = matcher.split('|')
  // Each exclusion is anchored: an exact path (`…$`) or a folder (`…/`), never a bare prefix.
  for (const part of parts) expect(part, `proxy.ts matcher exclusion ${part}`).toMatch(/[$/]$/)
  return parts.filter((part) => part.startsWith('api/')).map((part) => part.replace(/\$$/, ''))
}

/** Whether the proxy runs for a pathname: the matcher compiled by Next's own build-time code. */
function proxyRuns(pathname: string): boolean {
  const source = readFileSync(path.join(process.cwd(), 'proxy.ts'), 'utf8')
  const matcher = /matcher:\s*\['([^']*)'\]/.exec(source)?.[1]
  if (!matcher) throw new Error('proxy.ts has no matcher')
  const { getMiddlewareMatchers } = createRequire(import.meta.url)('next/dist/build/analysis/get-page-static-info.js') as {
    getMiddlewareMatchers: (matchers: string[], config: object) => { regexp: string }[]
  }
  return getMiddlewareMatchers([matcher], {}).some(({ regexp }) => new RegExp(regexp).test(pathname))
}

describe('guarded routes', () => {
  it('the proxy leaves out exactly the API routes that guard themselves', () => {
    const routes = routeFiles()
    expect(routes.length).toBeGreaterThanOrEqual(15)
    const selfGuarded = routes.filter((route) => guardsItself(route.source)).map((route) => route.path).sort()
    expect(selfGuarded).toEqual(['api/auth/logout', 'api/auth/nonce', 'api/auth/session', 'api/auth/verify'])
    expect(proxyExclusions().sort()).toEqual(selfGuarded)
  })

  it('a Pages Router route serves through the adapter alone, which reads the body itself', () => {
    const pages = routeFiles().filter((route) => route.router === 'pages')
    expect(pages.map((route) => route.path).sort()).toEqual(['api/auth/logout', 'api/auth/nonce', 'api/auth/session', 'api/auth/verify'])
    for (const route of pages) {
      expect(route.source, route.path).toMatch(/^export default pagesApiRoute\(/m)
      expect(route.source, route.path).toMatch(/^export const config = \{ api: \{ bodyParser: false \} \}$/m)
      // Nothing else exported: Next would serve no other handler of the file.
      expect([...route.source.matchAll(/^export /gm)].length, route.path).toBe(2)
    }
    // The two routers never serve the same path (Next refuses to build that).
    const app = new Set(routeFiles().filter((route) => route.router === 'app').map((route) => route.path))
    for (const route of pages) expect(app.has(route.path), route.path).toBe(false)
  })

  it("the proxy's exclusions are exact: a path that only starts like one still gets the proxy (and its headers)", () => {
    for (const excluded of ['/api/auth/nonce', '/api/auth/verify', '/api/auth/session', '/api/auth/logout', '/_next/static/chunks/app.js', '/_next/image']) {
      expect(proxyRuns(excluded), excluded).toBe(false)
    }
    for (const covered of ['/api/auth/noncex', '/api/auth/nonce/x', '/api/auth/verifyx', '/api/auth/session/', '/api/auth/logout2', '/_next/staticfoo', '/_next/static', '/_next/imagefoo', '/_next/image/x', '/', '/no-such-page', '/api/ens/0x1']) {
      expect(proxyRuns(covered), covered).toBe(true)
    }
  })
})

