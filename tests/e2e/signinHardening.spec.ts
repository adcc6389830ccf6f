import { readdirSync } from 'node:fs'
import path from 'node:path'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSignInMessage } from '@/lib/siwe/client'
import { distDir, type NextServer } from '../fixtures/nextServer'
import { expect, test } from './fixtures'

/**
 * Issue 11 against the production build served by `next start`: RPC keys never reach the browser,
 * the RPC proxy serves reads only, clients cannot choose their own rate-limit key, production needs
 * TRUSTED_PROXY_HOPS, and a copied session cookie dies with logout.
 */

const SECRET_RPC = 'https://eth.example/v2/SECRET_TOKEN_abc123'
const SECRET_MARKERS = ['SECRET_TOKEN_abc123', 'eth.example', 'base-secret.example', 'KEY_IN_QUERY_9f8e7d']

/** Every JS file of the build, as URL paths under /_next/static/. */
function staticScripts(): string[] {
  const root = path.join(distDir, 'static')
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.js')) files.push(`/_next/static/${path.relative(root, full).split(path.sep).join('/')}`)
    }
  }
  walk(root)
  return files
}

function expectNoSecret(what: string, text: string): void {
  for (const marker of SECRET_MARKERS) expect(text.includes(marker), `${what} contains ${marker}`).toBe(false)
}

async function signInByApi(baseURL: string): Promise<{ cookie: string; address: string }> {
  const account = privateKeyToAccount(generatePrivateKey())
  const nonceResponse = await fetch(`${baseURL}/api/auth/nonce`)
  const { nonce } = (await nonceResponse.json()) as { nonce: string }
  const binding = nonceResponse.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
  const message = createSignInMessage({ address: account.address, chainId: 31337, nonce, origin: baseURL })
  const verify = await fetch(`${baseURL}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: binding, origin: baseURL },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  })
  expect(verify.status).toBe(200)
  const cookie = verify.headers.getSetCookie().map((line) => line.split(';')[0]).find((pair) => pair?.startsWith('sigil_session='))
  return { cookie: cookie!, address: account.address }
}

/** The RPC proxy's page token, as a browser gets it: with a page load. A `Cookie` header value. */
async function pageCookie(baseURL: string): Promise<string> {
  const page = await fetch(baseURL, { headers: { accept: 'text/html', 'sec-fetch-dest': 'document' } })
  await page.text()
  const cookie = page.headers.getSetCookie().map((line) => line.split(';')[0]!).find((pair) => pair.startsWith('sigil_rpc='))
  expect(cookie).toBeDefined()
  return cookie!
}

test.describe('RPC keys stay on the server', () => {
  let server: NextServer
  test.beforeAll(async ({ app }, testInfo) => {
    // A server of its own: start-up and the first store open (initdb) take a while on 2 cores.
    testInfo.setTimeout(180_000)
    server = await app.startAnotherServer({
      env: {
        RPC_URL_1: SECRET_RPC,
        RPC_URL_8453: 'https://base-secret.example/rpc',
        RPC_URL_10: 'https://opt.example/?apikey=KEY_IN_QUERY_9f8e7d',
      },
    })
  })

  test('no configured RPC URL appears in the HTML, the RSC payload, any JS chunk or any API answer', async () => {
    const html = await (await fetch(server.baseURL)).text()
    expectNoSecret('GET /', html)
    expect(html).toContain('/api/rpc/1')
    expectNoSecret('RSC payload', await (await fetch(server.baseURL, { headers: { RSC: '1' } })).text())

    const referenced = [...html.matchAll(/\/_next\/static\/[^"'\s)]+?\.js/g)].map((match) => match[0])
    const scripts = [...new Set([...referenced, ...staticScripts()])]
    expect(referenced.length).toBeGreaterThan(0)
    for (const script of scripts) {
      const response = await fetch(`${server.baseURL}${script}`)
      expect(response.status, script).toBe(200)
      expectNoSecret(script, await response.text())
    }

    const { cookie } = await signInByApi(server.baseURL)
    const rpc = { 'content-type': 'application/json', origin: server.baseURL, cookie: await pageCookie(server.baseURL) }
    const answers = [
      await fetch(`${server.baseURL}/api/auth/nonce`),
      await fetch(`${server.baseURL}/api/auth/session`, { headers: { cookie } }),
      await fetch(`${server.baseURL}/api/auth/session`),
      await fetch(`${server.baseURL}/api/auth/verify`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.baseURL }, body: '{}' }),
      // The proxy forwards to the keyed URL, which does not resolve here: its failure names neither.
      await fetch(`${server.baseURL}/api/rpc/1`, { method: 'POST', headers: rpc, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }) }),
      await fetch(`${server.baseURL}/api/rpc/10`, { method: 'POST', headers: rpc, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: ['0x02'] }) }),
      await fetch(`${server.baseURL}/api/rpc/8453`, { method: 'POST', headers: rpc, body: 'nope' }),
      await fetch(`${server.baseURL}/api/embedded/wallets/options`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.baseURL }, body: '{}' }),
      await fetch(`${server.baseURL}/no-such-page`),
    ]
    for (const answer of answers) {
      const text = await answer.text()
      expectNoSecret(`${answer.url} (${answer.status})`, text + JSON.stringify([...answer.headers]))
    }
    expect(answers[4]!.status).toBe(502)
  })

  test('the page itself reads through the proxy and never sees the keyed URL', async ({ page }) => {
    const bodies: string[] = []
    page.on('response', (response) => {
      void response.text().then((text) => bodies.push(`${response.url()}\n${text}`), () => undefined)
    })
    await page.goto(server.baseURL)
    await expect(page.getByTestId('connect-button')).toBeVisible()
    const config = await page.evaluate(() => document.documentElement.outerHTML)
    expectNoSecret('rendered page', config)
    await page.waitForTimeout(500)
    for (const body of bodies) expectNoSecret(body.split('\n')[0]!, body)
  })
})

test.describe('the RPC proxy', () => {
  const post = async (baseURL: string, chainId: number, body: unknown, cookie?: string | null) =>
    fetch(`${baseURL}/api/rpc/${chainId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL, ...(cookie === null ? {} : { cookie: cookie ?? (await pageCookie(baseURL)) }) },
      body: JSON.stringify(body),
    })

  test('serves the page, not any script: without the page’s token a copied Origin gets a fixed 403 refusal', async ({ app }) => {
    const refused = await post(app.baseURL, 1, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, null)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'This endpoint serves the page only: load the page, then try again.', data: { reason: 'page_token_required' } } })
    const forged = await post(app.baseURL, 1, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, `sigil_rpc=${'A'.repeat(22)}.${Math.floor(Date.now() / 1000) + 600}.${'B'.repeat(43)}`)
    expect(forged.status).toBe(403)
    // A state override is refused even with the token, and never reaches the node.
    const override = await post(app.baseURL, 1, { jsonrpc: '2.0', id: 2, method: 'eth_call', params: [{ to: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', data: '0x' }, 'latest', { '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266': { code: '0x5b600056' } }] })
    expect(await override.json()).toMatchObject({ id: 2, error: { code: -32602, data: { reason: 'params_not_allowed' } } })
  })

  test('the page’s own reads carry its token: the balance of an account on a proxied chain shows @dev', async ({ app, page, installWallet }) => {
    const proxied: number[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/rpc/1') proxied.push(response.status())
    })
    // Chain 1's RPC_URL is the local anvil on the e2e server: its reads go through /api/rpc/1.
    await installWallet({ chainId: 1, accountIndex: 0 })
    await page.goto(app.baseURL)
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'sigil_rpc')
    expect(token).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
    await page.getByTestId('connect-button').click()
    await page.getByTestId('connect-dialog').getByTestId('wallet-option-sigiltestwallet').click()
    await expect(page.getByTestId('account-balance')).toHaveText(/^[\d,]+(\.\d{1,4})? ETH$/)
    expect(proxied.length).toBeGreaterThan(0)
    expect(proxied.every((status) => status === 200)).toBe(true)
  })

  test('forwards reads to the server’s RPC (single and batch)', async ({ app }) => {
    // The e2e server points every public chain's RPC_URL at the local anvil: chain 1 goes through the proxy.
    const single = await post(app.baseURL, 1, { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' })
    expect(await single.json()).toEqual({ jsonrpc: '2.0', id: 'a', result: '0x7a69' })
    const batch = await post(app.baseURL, 1, [
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'] },
    ])
    expect(((await batch.json()) as { id: number; result: string }[]).map((reply) => [reply.id, typeof reply.result])).toEqual([[1, 'string'], [2, 'string']])
  })

  test('refuses eth_sendRawTransaction and unknown methods with a JSON-RPC error, and unknown chains', async ({ app }) => {
    for (const method of ['eth_sendRawTransaction', 'eth_sendTransaction', 'eth_getLogs', 'anvil_setBalance', 'wallet_nonsense']) {
      const response = await post(app.baseURL, 1, { jsonrpc: '2.0', id: 9, method, params: ['0x02'] })
      expect(await response.json(), method).toMatchObject({ jsonrpc: '2.0', id: 9, error: { code: -32601, data: { reason: 'method_not_allowed' } } })
    }
    // The local chain is read through the proxy like every chain (docs/security/egress.md); an unknown one is not served.
    expect(await (await post(app.baseURL, 31337, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    expect((await post(app.baseURL, 424242, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).status).toBe(404)
  })

  test('its broadcast endpoint takes one eth_sendRawTransaction from the app’s own pages, and nothing else', async ({ app }) => {
    const cookie = await pageCookie(app.baseURL)
    const broadcast = (body: unknown, origin = app.baseURL, withToken = true) =>
      fetch(`${app.baseURL}/api/rpc/31337/broadcast`, { method: 'POST', headers: { 'content-type': 'application/json', origin, ...(withToken ? { cookie } : {}) }, body: JSON.stringify(body) })
    // A script that copies the Origin header but never loaded a page has no page token.
    const tokenless = await broadcast({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: ['0x02c0'] }, app.baseURL, false)
    expect(tokenless.status).toBe(403)
    expect(await tokenless.json()).toMatchObject({ error: { data: { reason: 'page_token_required' } } })
    const read = await broadcast({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    expect(read.status).toBe(400)
    expect(await read.json()).toMatchObject({ id: 1, error: { code: -32601, data: { reason: 'method_not_allowed' } } })
    expect(await (await broadcast([{ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: ['0x02'] }])).json()).toMatchObject({ error: { data: { reason: 'batch_not_allowed' } } })
    // Hex that is no transaction: the chain's refusal comes back in our words only.
    const junk = await broadcast({ jsonrpc: '2.0', id: 2, method: 'eth_sendRawTransaction', params: ['0x02c0'] })
    expect(await junk.json()).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32003, message: 'The chain refused the transaction.', data: { reason: 'rejected' } } })
    expect((await broadcast({ jsonrpc: '2.0', id: 3, method: 'eth_sendRawTransaction', params: ['0x02'] }, 'https://evil.example')).status).toBe(403)
  })
})

test.describe('client addresses for rate limits', () => {
  test('with TRUSTED_PROXY_HOPS=0 a forged X-Forwarded-For does not buy a fresh budget', async ({ app }) => {
    test.setTimeout(180_000)
    // Warming asks for one nonce (opening the store): 4 a minute leaves 3 for the test.
    const server = await app.startAnotherServer({ env: { TRUSTED_PROXY_HOPS: '0', AUTH_NONCE_RATE_LIMIT_PER_IP: '4' } })
    const statuses: number[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await fetch(`${server.baseURL}/api/auth/nonce`, { headers: { 'x-forwarded-for': `198.51.100.${attempt}` } })).status)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429])
  })

  test('next start refuses to boot in production without TRUSTED_PROXY_HOPS', async ({ app }) => {
    test.setTimeout(120_000)
    const error = await app.startAnotherServer({ env: { TRUSTED_PROXY_HOPS: '' }, warmPaths: [] }).catch((caught: unknown) => caught)
    expect(String(error)).toMatch(/TRUSTED_PROXY_HOPS is required in production/)
  })
})

test('a copied session cookie stops working after logout, on the production server', async ({ app }) => {
  const { cookie, address } = await signInByApi(app.baseURL)
  const session = (headers: Record<string, string>) => fetch(`${app.baseURL}/api/auth/session`, { headers })
  expect(await (await session({ cookie })).json()).toMatchObject({ address })
  const logout = await fetch(`${app.baseURL}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: app.baseURL } })
  expect(logout.status).toBe(204)
  // The same cookie value, replayed as a copy would be.
  expect(await (await session({ cookie })).json()).toMatchObject({ code: 'not_signed_in' })
})
