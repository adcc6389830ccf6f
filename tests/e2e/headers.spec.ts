import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { embeddedApiPaths } from '@sigil/lib/embedded/apiTypes'
import { embeddedApiHandler } from '@sigil/server/embedded/api'
import { repoRoot } from '../fixtures/nextServer'
import { expect, test } from './fixtures'
import { serverSession } from './signIn'

/**
 * The site's hardening end to end (issue 11, parts 1 and 2), on the production server: the security
 * headers on every page and API response, the nonce-based Content-Security-Policy in a real
 * Chromium, and the origin rule on every state-changing API route.
 */

type ApiRoute = { path: string; methods: string[] }

/**
 * Every API route and the methods it serves, read from the source tree: a route added later is
 * checked here without anyone remembering to list it. The App Router's `route.ts` files, by the
 * methods each exports; the Pages Router's (pages/api/, the sign-in's hot routes), by the methods
 * handed to `pagesApiRoute`.
 */
function apiRoutes(): ApiRoute[] {
  const apiDir = path.join(repoRoot, 'app', 'api')
  const files = readdirSync(apiDir, { recursive: true, encoding: 'utf8' }).filter((file) => path.basename(file) === 'route.ts')
  const pagesDir = path.join(repoRoot, 'pages', 'api')
  const pages = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => {
      const source = readFileSync(path.join(pagesDir, file), 'utf8')
      const served = /pagesApiRoute\(\{([^}]*)\}/.exec(source)?.[1] ?? ''
      const methods = [...served.matchAll(/\b(GET|POST)\s*:/g)].map((match) => match[1]!)
      return { path: `/api/${file.replace(/\.ts$/, '').split(path.sep).join('/')}`, methods }
    })
  return files
    .flatMap((file) => {
      const routePath = `/api/${path.dirname(file).split(path.sep).join('/')}`
      // A catch-all route file serves the paths of its table, each with its own methods.
      const expanded = CATCH_ALL[routePath]
      if (expanded) return expanded()
      const source = readFileSync(path.join(apiDir, file), 'utf8')
      const methods = [...source.matchAll(/export\s+(?:async\s+)?(?:function\s+|const\s+)(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)\b/g)].map((match) => match[1]!)
      return [{ path: routePath, methods }]
    })
    .concat(pages)
    .sort((a, b) => a.path.localeCompare(b.path))
}

/**
 * The catch-all route files and the table each serves: the embedded wallet's API, every path the
 * vault's client calls with the methods its dispatcher serves (server/embedded/api.ts). A catch-all
 * not listed here keeps its `[...name]` path and exports no method the regex reads, which the first
 * test below refuses.
 */
const CATCH_ALL: Record<string, () => ApiRoute[]> = {
  '/api/embedded/[...path]': () =>
    Object.values(embeddedApiPaths).map((apiPath) => ({ path: apiPath, methods: ['GET', 'POST'].filter((method) => 'found' in (embeddedApiHandler(apiPath, method) ?? {})) })),
}

const routes = apiRoutes()
const stateChanging = routes.flatMap((route) => route.methods.filter((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method)).map((method) => ({ path: route.path, method })))

/** Same-origin image endpoints (server/http/imageResponseHeaders.ts). */
const IMAGE_ENDPOINTS = ['/api/ens/[address]/avatar']

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  // `next start` runs with NODE_ENV=production.
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
}

/** The nonce of a response's CSP, after checking the policy's fixed parts. */
function expectSecurityHeaders(headers: Record<string, string>, what: string): string {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], `${name} on ${what}`).toBe(value)
  // Passkeys for the page itself and the embedded wallet's vault frame (VAULT_ORIGIN) only.
  expect(headers['permissions-policy'], `permissions-policy on ${what}`).toMatch(/publickey-credentials-get=\(self "http:\/\/wallet\.localhost:\d+"\)/)
  expect(headers['permissions-policy'], `permissions-policy on ${what}`).toContain('camera=()')
  const csp = headers['content-security-policy'] ?? ''
  for (const directive of ["object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"]) expect(csp, `CSP on ${what}`).toContain(directive)
  const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic';/.exec(csp)?.[1]
  expect(nonce, `a script-src nonce on ${what}: ${csp}`).toBeTruthy()
  expect(csp, `no eval in production (${what})`).not.toContain('unsafe-eval')
  return nonce!
}

async function send(request: APIRequestContext, url: string, method: string, headers: Record<string, string>) {
  const body = method === 'GET' || method === 'HEAD' ? {} : { headers: { 'content-type': 'application/json', ...headers }, data: '{}' }
  const response = await request.fetch(url, { method, headers, ...body, failOnStatusCode: false, maxRedirects: 0 })
  const text = await response.text()
  let code: unknown
  try {
    code = (JSON.parse(text) as { code?: unknown }).code
  } catch {
    code = undefined
  }
  return { status: response.status(), code, headers: response.headers() }
}

test.describe('security headers', () => {
  test('the route list covers the API, and every state-changing route is one of them', () => {
    // A sanity check of the enumeration itself: if the regex stopped matching, every test below
    // would pass vacuously.
    expect(routes.map((route) => route.path)).toContain('/api/auth/logout')
    expect(routes.every((route) => route.methods.length > 0), JSON.stringify(routes)).toBe(true)
    expect(stateChanging).toContainEqual({ path: '/api/auth/verify', method: 'POST' })
    expect(stateChanging.length).toBeGreaterThanOrEqual(10)
    expect(stateChanging).toContainEqual({ path: '/api/embedded/wallets/email/code', method: 'POST' })
    expect(routes).toContainEqual({ path: '/api/embedded/recovery/cancel', methods: ['GET', 'POST'] })
  })

  test('every page and every API response carries them, with a fresh nonce each time', async ({ app, request }) => {
    const nonces = new Set<string>()
    for (const pagePath of ['/', '/?from=test', '/no-such-page']) {
      const response = await request.get(`${app.baseURL}${pagePath}`, { failOnStatusCode: false })
      nonces.add(expectSecurityHeaders(response.headers(), `GET ${pagePath} (${response.status()})`))
    }
    let images = 0
    for (const route of routes) {
      for (const method of route.methods) {
        const answer = await send(request, `${app.baseURL}${route.path}`, method, { origin: app.baseURL })
        if (IMAGE_ENDPOINTS.includes(route.path)) {
          // An image endpoint is never a document: its own inert policy instead of the page's.
          images++
          expect(answer.headers['content-security-policy'], `CSP on ${route.path}`).toBe("default-src 'none'; sandbox")
          expect(answer.headers['x-content-type-options']).toBe('nosniff')
          continue
        }
        nonces.add(expectSecurityHeaders(answer.headers, `${method} ${route.path} (${answer.status})`))
      }
    }
    expect(images).toBe(IMAGE_ENDPOINTS.length)
    // A refused request carries them too.
    const refused = await send(request, `${app.baseURL}/api/auth/logout`, 'POST', { origin: 'https://evil.example' })
    expect(refused.status).toBe(403)
    nonces.add(expectSecurityHeaders(refused.headers, 'a refused POST'))
    const total = 3 + routes.reduce((sum, route) => sum + route.methods.length, 0) - images + 1
    expect(nonces.size, 'one nonce per response').toBe(total)
  })

  test("the page's scripts all carry the response's nonce, and the browser runs them and accepts the headers", async ({ app, page, consoleLog }) => {
    const response = await page.goto(app.baseURL)
    const nonce = expectSecurityHeaders(response!.headers(), 'the page')
    const html = await response!.text()
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag, 'every script tag Next wrote').toContain(`nonce="${nonce}"`)
    // Our page writes no style attribute (style-src-attr keeps 'unsafe-inline' for Next's built-in error pages only).
    expect(html).not.toMatch(/<[a-z][^>]*\sstyle="/i)
    // Hydrated: the connect button opens the dialog.
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('connect-dialog')).toBeVisible()
    // Chromium warns about any directive or feature it does not know; there must be none.
    expect(consoleLog.problems().filter((entry) => /permissions.policy|content.security.policy/i.test(entry.text))).toEqual([])
  })

  test('the policy names the loopback relay and the Verify iframe when WalletConnect is configured', async ({ app, request }) => {
    // A second `next start` of its own: its boot alone can take most of the default 30 s under load.
    test.setTimeout(90_000)
    const server = await app.startAnotherServer({ env: { WALLETCONNECT_PROJECT_ID: 'test', WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:9/relay' } })
    const csp = (await request.get(server.baseURL)).headers()['content-security-policy'] ?? ''
    expect(csp).toMatch(/connect-src [^;]*ws:\/\/127\.0\.0\.1:9[ ;]/)
    const framed = /frame-src ([^;]+);/.exec(csp)?.[1]?.split(' ').sort()
    expect(framed).toEqual([expect.stringMatching(/^http:\/\/wallet\.localhost:\d+$/), 'https://verify.walletconnect.com', 'https://verify.walletconnect.org'])
    expect(csp).not.toContain('wss://relay.walletconnect.org')
    // The default server has no project id: no WalletConnect host at all.
    const plain = (await request.get(app.baseURL)).headers()['content-security-policy'] ?? ''
    expect(plain).not.toContain('walletconnect')
    // Nothing is framed but the embedded wallet's vault.
    expect(plain).toMatch(/frame-src http:\/\/wallet\.localhost:\d+;/)
    await server.stop()
  })
})

test.describe('the egress manifest', () => {
  type Manifest = { version: number; families: Record<string, { hosts: { origin: string; directive: string; purpose: string }[] }> }

  test('is published with the security headers, cacheable briefly, and is exactly what the CSP allows', async ({ app, request }) => {
    const response = await request.get(`${app.baseURL}/.well-known/sigil-egress.json`)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('application/json')
    expect(response.headers()['cache-control']).toBe('public, max-age=300')
    expectSecurityHeaders(response.headers(), 'the egress manifest')
    const manifest = (await response.json()) as Manifest
    expect(Object.keys(manifest.families).sort()).toEqual(['coinbasesmartwallet', 'embedded', 'injected', 'walletconnect'])
    const entries = Object.values(manifest.families).flatMap((family) => family.hosts)
    const csp = (await request.get(app.baseURL)).headers()['content-security-policy'] ?? ''
    const sources = (directive: string) => new RegExp(`${directive} ([^;]+)`).exec(csp)?.[1]?.split(' ') ?? []
    const declared = (directive: string) => [...new Set(entries.filter((entry) => entry.directive === directive).map((entry) => entry.origin))].sort()
    expect(sources('connect-src').sort()).toEqual(["'self'", ...declared('connect')].sort())
    expect(sources('frame-src').sort()).toEqual(declared('frame').length ? declared('frame') : ["'none'"])
    // No RPC host anywhere: the page reads and broadcasts through its own origin.
    expect(csp).not.toMatch(/127\.0\.0\.1|reth\.rs|publicnode|base\.org|optimism\.io|alchemy/)
  })
})

test.describe('the Content-Security-Policy in the browser', () => {
  type Probe = Window & { __probe?: string[] }

  test("a script injected into the page's HTML without the nonce does not run; the page's own scripts do", async ({ app, page, cspViolations }) => {
    // The injections below are blocked on purpose; any other violation still fails the test.
    cspViolations.expect((violation) =>
      violation.source === 'console'
        ? /inline|eval|injected\.js|'TrustedScript' assignment/i.test(violation.blocked)
        : (/^script-src/.test(violation.directive) && (['inline', 'eval'].includes(violation.blocked) || violation.blocked.endsWith('/injected.js'))) ||
          (violation.directive === 'require-trusted-types-for' && /^eval\|/.test(violation.sample ?? '')),
    )
    // What a stored or reflected HTML injection would add to the server's HTML: parser-inserted
    // scripts, inline, with a guessed nonce, from this very origin, and an inline event handler.
    // The response keeps its headers. Last, a script of the page's own (the response's nonce)
    // tries eval from a task of its own (while Playwright's evaluate is on the stack, the browser
    // allows eval): off in production builds, where Trusted Types refuses the string first.
    await page.route(`${app.baseURL}/`, async (route) => {
      // Only the document: the Coinbase SDK also sends a HEAD of this page (its COOP check).
      if (!route.request().isNavigationRequest()) return route.fallback()
      const response = await route.fetch()
      const html = await response.text()
      const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')![1]
      const injected = [
        `<script>window.__probe = (window.__probe || []).concat('inline')</script>`,
        `<script nonce="Z3Vlc3NlZC1ub25jZQ==">window.__probe = (window.__probe || []).concat('guessed nonce')</script>`,
        `<script src="/injected.js"></script>`,
        `<img alt="" src="data:," onerror="window.__probe = ['handler']">`,
        `<script nonce="${nonce}">setTimeout(() => { try { window.__evalResult = String((0, eval)('1 + 1')) } catch (error) { window.__evalResult = error.name } })</script>`,
      ].join('')
      expect(html).toContain('</head>')
      await route.fulfill({ response, body: html.replace('</head>', `${injected}</head>`) })
    })
    await page.goto(app.baseURL)
    // Next's own scripts ran: the app hydrated and the connect button works.
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('connect-dialog')).toBeVisible()
    // Distinct kinds: Chromium may report one blocked handler more than once (once per event dispatch).
    const blocked = () => [...new Set(cspViolations.all.filter((v) => v.source === 'event').map((v) => `${v.directive} ${v.blocked.replace(app.baseURL, '')}`))].sort()
    await expect.poll(blocked).toEqual(['require-trusted-types-for trusted-types-sink', 'script-src-attr inline', 'script-src-elem /injected.js', 'script-src-elem inline'])
    // Both inline scripts (without a nonce, and with a guessed one) were refused.
    expect(cspViolations.all.filter((v) => v.source === 'event' && v.directive === 'script-src-elem' && v.blocked === 'inline')).toHaveLength(2)
    expect(await page.evaluate(() => (window as Probe).__probe)).toBeUndefined()
    await expect.poll(() => page.evaluate(() => (window as Window & { __evalResult?: string }).__evalResult)).toBe('EvalError')
  })

  test("Next's built-in not-found page renders under the policy: its style is allowed by hash, nothing is refused", async ({ app, page }) => {
    const response = await page.goto(`${app.baseURL}/no-such-page`)
    expect(response!.status()).toBe(404)
    // Its own <style> applied: the heading's divider rule comes from it.
    await expect(page.locator('.next-error-h1')).toHaveCSS('border-right-style', 'solid')
  })

  test('Trusted Types: a page script that puts a string into innerHTML or a script address is refused and reported; the page\'s chunks still load', async ({ app, page, cspViolations }) => {
    cspViolations.expect((violation) => violation.directive === 'require-trusted-types-for')
    const csp = (await page.request.get(app.baseURL)).headers()['content-security-policy'] ?? ''
    expect(csp).toContain("require-trusted-types-for 'script'")
    expect(csp).toMatch(/trusted-types default(;|$)/)
    // A script of the page's own (the response's nonce), as an XSS gadget in the app would run:
    // caught assignments record their outcome; the last one is left uncaught, as in real code.
    await page.route(`${app.baseURL}/`, async (route) => {
      if (!route.request().isNavigationRequest()) return route.fallback()
      const response = await route.fetch()
      const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')![1]
      const gadget = `<script nonce="${nonce}">setTimeout(() => {
        const box = document.createElement('div')
        const results = {}
        try { box.innerHTML = '<img alt="" src="data:,">'; results.html = 'assigned' } catch (error) { results.html = error.name }
        try { document.createElement('script').src = 'https://evil.example/x.js'; results.url = 'assigned' } catch (error) { results.url = error.name }
        try { trustedTypes.createPolicy('escape-hatch', { createHTML: (s) => s }); results.policy = 'created' } catch (error) { results.policy = error.name }
        window.__ttResults = results
        setTimeout(() => { document.body.insertAdjacentHTML('beforeend', '<p id="tt-probe">x</p>') })
      })</script>`
      await route.fulfill({ response, body: (await response.text()).replace('</head>', `${gadget}</head>`) })
    })
    cspViolations.expect((violation) => violation.directive === 'trusted-types')
    await page.goto(app.baseURL)
    await expect.poll(() => page.evaluate(() => (window as Window & { __ttResults?: unknown }).__ttResults)).toEqual({ html: 'TypeError', url: 'TypeError', policy: 'TypeError' })
    await expect(page.locator('#tt-probe')).toHaveCount(0)
    // Reported as the guard sees them: the violation events, and the uncaught refusal as a page error.
    await expect
      .poll(() => cspViolations.all.filter((v) => v.directive === 'require-trusted-types-for').map((v) => `${v.source} ${v.source === 'event' ? v.blocked : /TrustedHTML/.test(v.blocked)}`))
      .toEqual(expect.arrayContaining(['event trusted-types-sink', 'console true']))
    // The page's own lazy chunks still load through the one policy: the connect dialog opens.
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('connect-dialog')).toBeVisible()
  })
})

/**
 * Where a route is served: the wallet API (`/api/embedded/*`) on the embedded wallet's vault origin
 * only (`wallet.<app host>`, the default; 404 on the app's host), everything else on the app's.
 */
function routeBase(appBaseURL: string, routePath: string): string {
  if (!routePath.startsWith('/api/embedded')) return appBaseURL
  const url = new URL(appBaseURL)
  return `http://wallet.${url.hostname}:${url.port}`
}

test.describe('origin rule', () => {
  test('cross-site, null-origin and origin-less requests to every state-changing API route get 403 origin_not_allowed', async ({ app, request }) => {
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      // Another port of the same host is another origin (same site).
      { origin: new URL(app.baseURL).origin.replace(/:\d+$/, ':1'), 'sec-fetch-site': 'same-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      {},
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
    ]
    for (const { path: routePath, method } of stateChanging) {
      for (const headers of refused) {
        const answer = await send(request, `${routeBase(app.baseURL, routePath)}${routePath}`, method, headers)
        expect({ status: answer.status, code: answer.code }, `${method} ${routePath} with ${JSON.stringify(headers)}`).toEqual({ status: 403, code: 'origin_not_allowed' })
      }
    }
  })

  test('same-origin requests to every state-changing API route pass the rule (the route answers for itself)', async ({ app, request }) => {
    for (const { path: routePath, method } of stateChanging) {
      const base = routeBase(app.baseURL, routePath)
      const sameOrigin: Record<string, string>[] = [{ origin: base, 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'same-origin' }]
      for (const headers of sameOrigin) {
        const answer = await send(request, `${base}${routePath}`, method, headers)
        // e.g. 400 malformed_body for '{}', 404 for the test hooks without their secret: anything but the refusal.
        expect(answer.code, `${method} ${routePath} with ${JSON.stringify(headers)} → ${answer.status}`).not.toBe('origin_not_allowed')
        expect(answer.status, `${method} ${routePath} with ${JSON.stringify(headers)}`).not.toBe(403)
      }
    }
  })

  test("GET requests still work as navigations from no site (a typed address), from clients that send no Fetch Metadata, and as another site's link only to the API's link page (the cancel link)", async ({ app, request }) => {
    const typed = { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }
    const linked = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }
    const gets = routes.filter((r) => r.methods.includes('GET'))
    expect(gets.map((route) => route.path)).toContain('/api/embedded/recovery/cancel')
    for (const route of gets) {
      const url = `${routeBase(app.baseURL, route.path)}${route.path}`
      for (const headers of [typed, { origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
        const answer = await send(request, url, 'GET', headers)
        expect(answer.code, `${route.path} ${JSON.stringify(headers)}`).not.toBe('origin_not_allowed')
      }
      // Another site's link to the nonce would replace the browser's nonce binding: refused, as any API read but the cancel link.
      const answer = await send(request, url, 'GET', linked)
      if (route.path === '/api/embedded/recovery/cancel') expect(answer.code, route.path).not.toBe('origin_not_allowed')
      else expect({ status: answer.status, code: answer.code }, route.path).toEqual({ status: 403, code: 'origin_not_allowed' })
    }
  })

  test("another site's subresource GETs of the API are refused before they are counted (Fetch Metadata)", async ({ app, request }) => {
    for (const route of routes.filter((r) => r.methods.includes('GET'))) {
      for (const [site, mode, dest] of [['cross-site', 'no-cors', 'image'], ['same-site', 'cors', 'empty'], ['cross-site', 'navigate', 'iframe']]) {
        const answer = await send(request, `${routeBase(app.baseURL, route.path)}${route.path}`, 'GET', { 'sec-fetch-site': site!, 'sec-fetch-mode': mode!, 'sec-fetch-dest': dest! })
        expect({ status: answer.status, code: answer.code }, `${route.path} ${site} ${mode} ${dest}`).toEqual({ status: 403, code: 'origin_not_allowed' })
      }
    }
  })

  test("<img> tags on another site's page spend none of the user's nonce budget, and the server logs them as a summary", async ({ app, page }) => {
    test.setTimeout(60_000)
    // More than the per-IP nonce limit (120 a minute): before Fetch Metadata, these used it all up.
    // Another site, served from loopback for real (a page Playwright fulfils has no address, and
    // Chromium then keeps it from reaching loopback at all): 127.0.0.1 is not the app's site.
    const body = `<!doctype html><title>Elsewhere</title>${Array.from({ length: 130 }, (_, i) => `<img src="${app.baseURL}/api/auth/nonce?i=${i}" alt="">`).join('')}`
    const elsewhere = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(body))
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve))
    const attacker = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`
    // The browser blocks a JSON answer to an <img> whatever it says (ORB), so the page cannot tell
    // 403 from 200: what shows is whether the budget was spent, and the server's log.
    let settled = 0
    const done = (request: { url: () => string }) => {
      if (request.url().includes('/api/auth/nonce?i=')) settled += 1
    }
    page.on('requestfinished', done)
    page.on('requestfailed', done)
    const before = app.server.output().length
    await page.goto(attacker)
    await expect.poll(() => settled, { timeout: 30_000 }).toBe(130)
    // The user's own page still gets its nonce from this IP.
    await page.goto(app.baseURL)
    expect(await page.evaluate(async () => (await fetch('/api/auth/nonce')).status)).toBe(200)
    // Refused by the Fetch Metadata rule, and logged as at most the first refusal's line (the rest
    // are summed up once a minute), not 130.
    const logged = app.server.output().slice(before).split('\n').filter((line) => line.includes('fetch_metadata'))
    expect(logged.length, logged.join('\n')).toBeLessThanOrEqual(2)
    // The process's first refusal of this kind is written in full (here, or by an earlier test).
    await expect.poll(() => app.server.output(), { timeout: 5_000 }).toMatch(/\[sigil\] fetch_metadata: GET \/api\/[\w/]+: a (?:cross|same)-site GET \(Sec-Fetch-Mode "[\w-]+", Sec-Fetch-Dest "\w+"\) that is no navigation/)
    elsewhere.closeAllConnections()
    await new Promise((resolve) => elsewhere.close(resolve))
  })

  test("a form on another site cannot sign the user out, the app's own page can", async ({ app, page, installWallet, blankPageURL }) => {
    await installWallet()
    await page.goto(app.baseURL)
    await signInWithTestWallet(page)

    // Another origin posts a form to the logout route: SameSite=Lax still sends the cookie on this
    // top-level POST between two ports of localhost (same site), so only the origin rule stops it.
    await page.goto(blankPageURL)
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/auth/logout')),
      page.evaluate((action) => {
        const form = document.createElement('form')
        form.method = 'POST'
        form.action = action
        document.body.append(form)
        form.submit()
      }, `${app.baseURL}/api/auth/logout`),
    ])
    expect(answer.status()).toBe(403)
    expect(await answer.json()).toMatchObject({ code: 'origin_not_allowed' })
    expect((await serverSession(page, app.baseURL)).status, 'still signed in').toBe(200)

    // The page's own sign-out (a same-origin fetch with Origin) works.
    await page.goto(app.baseURL)
    const status = await page.evaluate(async () => (await fetch('/api/auth/logout', { method: 'POST' })).status)
    expect(status).toBe(204)
    expect((await serverSession(page, app.baseURL)).status).toBe(401)
  })
})

test.describe('headers everywhere', () => {
  test("a 404 next to each of the proxy's exclusions carries the full headers; the build output the backstop policy", async ({ app, request }) => {
    // Paths that only start like an excluded one: the proxy once left them out by prefix.
    for (const pagePath of ['/api/auth/noncex', '/api/auth/nonce/x', '/api/auth/verifyx', '/api/auth/sessionx', '/api/auth/logoutx', '/_next/staticfoo', '/_next/static', '/_next/imagefoo', '/_next/image/x']) {
      const response = await request.get(`${app.baseURL}${pagePath}`, { failOnStatusCode: false, maxRedirects: 0 })
      expect(response.status(), pagePath).toBe(404)
      expectSecurityHeaders(response.headers(), `GET ${pagePath} (404)`)
    }
    // The self-guarded sign-in routes' answers to methods they do not serve (Next's own 405 had none).
    for (const [routePath, methods, allow] of [
      ['/api/auth/nonce', ['PUT', 'DELETE', 'OPTIONS'], 'GET, HEAD, OPTIONS'],
      ['/api/auth/session', ['POST', 'PATCH'], 'GET, HEAD, OPTIONS'],
      ['/api/auth/verify', ['GET', 'PATCH', 'OPTIONS'], 'POST, OPTIONS'],
      ['/api/auth/logout', ['GET', 'PUT'], 'POST, OPTIONS'],
    ] as const) {
      for (const method of methods) {
        const answer = await send(request, `${app.baseURL}${routePath}`, method, { origin: app.baseURL })
        expect(answer.status, `${method} ${routePath}`).toBe(method === 'OPTIONS' ? 204 : 405)
        expect(answer.headers.allow, `${method} ${routePath}`).toBe(allow)
        expectSecurityHeaders(answer.headers, `${method} ${routePath} (${answer.status})`)
      }
    }
    // Inside the excluded folder (a missing chunk), and a real chunk: the backstop, no page policy.
    const html = await (await request.get(app.baseURL)).text()
    const chunk = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0]
    expect(chunk, 'a script of the page').toBeTruthy()
    for (const [pagePath, status] of [[chunk!, 200], ['/_next/static/chunks/no-such-chunk.js', 404]] as const) {
      const response = await request.get(`${app.baseURL}${pagePath}`, { failOnStatusCode: false })
      expect(response.status(), pagePath).toBe(status)
      const headers = response.headers()
      expect(headers['content-security-policy'], pagePath).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(headers['x-content-type-options'], pagePath).toBe('nosniff')
      expect(headers['x-frame-options'], pagePath).toBe('DENY')
      expect(headers['strict-transport-security'], pagePath).toBe(SECURITY_HEADERS['strict-transport-security'])
    }
  })

  test('a client that sends its headers slowly is cut off after 10 s, and the server answers everyone else meanwhile', async ({ app, request }) => {
    test.setTimeout(60_000)
    const started = Date.now()
    const closed = new Promise<{ afterMs: number; sent: number }>((resolve) => {
      const socket = net.connect(app.server.port, '127.0.0.1')
      const bytes = Buffer.from(`GET / HTTP/1.1\r\nHost: localhost:${app.server.port}\r\nX-Slow: ${'a'.repeat(1_000)}`)
      let sent = 0
      const timer = setInterval(() => {
        if (!socket.destroyed && sent < bytes.length) socket.write(bytes.subarray(sent, ++sent))
      }, 250)
      socket.on('error', () => undefined)
      socket.on('close', () => {
        clearInterval(timer)
        resolve({ afterMs: Date.now() - started, sent })
      })
    })
    expect((await request.get(`${app.baseURL}/api/health`)).status()).toBe(200)
    const { afterMs, sent } = await closed
    // Node's default would have been 60 s, checked every 30 s.
    expect(afterMs).toBeGreaterThanOrEqual(9_500)
    expect(afterMs).toBeLessThan(15_000)
    expect(sent).toBeGreaterThan(30)
  })
})

async function signInWithTestWallet(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('connect-dialog').getByTestId('wallet-option-sigiltestwallet').click()
  await expect(page.getByTestId('account-address')).toBeVisible()
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  await page.getByTestId('sign-in-button').click()
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
}
