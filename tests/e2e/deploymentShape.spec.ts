import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSignInMessage } from '@/lib/siwe/client'
import { chromeFlags, chromePath } from '../fixtures/chromium'
import { freePort } from '../fixtures/freePort'
import { startNextServer, repoRoot, type NextServer } from '../fixtures/nextServer'
import { startNginx, type Nginx } from '../fixtures/nginx'
import { addVirtualAuthenticator } from '../fixtures/passkeys'
import { startPostgres, type Postgres } from '../fixtures/postgres'
import { startMailCatcher, type MailCatcher } from '../fixtures/smtp'
import { throwawayCa, type ThrowawayCa } from '../fixtures/throwawayCa'
import type { Address } from 'viem'
import { approveInSheet, chooseWallet, createWallet, openEmbeddedPanel, recoveryCodeFor, uniqueEmail, vault } from './embeddedFixtures'
import { expect, test } from './fixtures'

/**
 * The shape a deployment has, started by the test itself: nginx (Debian's package) terminating TLS
 * for two names, `sigil.test` and `wallet.sigil.test`, with a certificate of a throwaway CA that the
 * browser trusts (its NSS database) and that Chromium reaches on loopback (`--host-resolver-rules`);
 * behind it two `next start` instances, TRUSTED_PROXY_HOPS=1, sharing one Postgres server, mail through
 * the SMTP capture over STARTTLS. The nginx configuration is docs/deploy/nginx.conf, the file
 * docs/deploy.md shows, with only its names, ports and certificate paths replaced.
 */

test.describe.configure({ mode: 'serial', timeout: 240_000 })

const APP_HOST = 'sigil.test'
const VAULT_HOST = `wallet.${APP_HOST}`

type Shape = {
  appOrigin: string
  vaultOrigin: string
  httpsPort: number
  httpPort: number
  instances: NextServer[]
  nginx: Nginx
  ca: ThrowawayCa
  postgres: Postgres
  mail: MailCatcher
  browser: Browser
}

let shape: Shape

/** docs/deploy/nginx.conf for this machine: the names, the ports and the certificate, nothing else. */
function siteConfiguration(ports: { http: number; https: number; upstreams: readonly number[] }, ca: ThrowawayCa): string {
  const file = readFileSync(path.join(repoRoot, 'docs/deploy/nginx.conf'), 'utf8')
  const replaced = file
    .replaceAll('sigil.example', APP_HOST)
    .replace(/^\s*listen \[::\]:.*\n/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${ports.http};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${ca.fullchainFile};`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${ca.keyFile};`)
    .replace('server 127.0.0.1:3000 ', `server 127.0.0.1:${ports.upstreams[0]} `)
    .replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${ports.upstreams[1]} `)
  // Every replacement found its line: the file still has the shape this test knows.
  for (const expected of [`127.0.0.1:${ports.http};`, `127.0.0.1:${ports.https} ssl`, ca.fullchainFile, ca.keyFile, `127.0.0.1:${ports.upstreams[0]} `, `127.0.0.1:${ports.upstreams[1]} `]) {
    expect(replaced, `docs/deploy/nginx.conf changed shape: no ${expected} after the replacements`).toContain(expected)
  }
  return replaced
}

const agents = new Map<string, HttpsAgent>()
function agentFor(from = '127.0.0.1'): HttpsAgent {
  let agent = agents.get(from)
  if (!agent) agents.set(from, (agent = new HttpsAgent({ keepAlive: true, localAddress: from, maxSockets: 4 })))
  return agent
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/**
 * One request through nginx, as a client on `from` (a loopback address of its own: nginx limits each
 * client address, as it would each user), trusting only the throwaway CA.
 */
function through(method: string, pathname: string, options: { headers?: Record<string, string>; body?: string; from?: string; host?: string } = {}): Promise<Answer> {
  const host = options.host ?? APP_HOST
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        host: '127.0.0.1',
        port: shape.httpsPort,
        servername: host,
        method,
        path: pathname,
        ca: shape.ca.ca,
        // One kept-alive TLS connection per client address, as a browser keeps one.
        agent: agentFor(options.from),
        headers: { host: `${host}:${shape.httpsPort}`, ...(options.body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(options.body)) } : {}), ...options.headers },
      },
      (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
      },
    )
    request.on('error', reject)
    request.end(options.body)
  })
}

const cookiesOf = (answer: Answer) => ([answer.headers['set-cookie'] ?? []].flat() as string[]).map((line) => line.split(';')[0]!).join('; ')

/** A whole sign-in through nginx with a fresh key: the nonce, then the signed message. */
async function signInThroughProxy(from?: string): Promise<{ nonce: Answer; verify: Answer; address: string }> {
  const nonce = await through('GET', '/api/auth/nonce', { from })
  if (nonce.status !== 200) return { nonce, verify: nonce, address: '' }
  const account = privateKeyToAccount(generatePrivateKey())
  const message = createSignInMessage({ address: account.address, chainId: 31337, nonce: (JSON.parse(nonce.body) as { nonce: string }).nonce, origin: shape.appOrigin })
  const verify = await through('POST', '/api/auth/verify', {
    from,
    headers: { origin: shape.appOrigin, 'sec-fetch-site': 'same-origin', cookie: cookiesOf(nonce) },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  })
  return { nonce, verify, address: account.address }
}

test.beforeAll(async ({ chain }) => {
  test.setTimeout(600_000)
  const ca = throwawayCa([APP_HOST, VAULT_HOST])
  const [postgres, mail] = await Promise.all([startPostgres(), startMailCatcher({ tls: true })])
  const [httpPort, httpsPort, first, second] = [await freePort(), await freePort(), await freePort(), await freePort()]
  const appOrigin = `https://${APP_HOST}:${httpsPort}`
  const vaultOrigin = `https://${VAULT_HOST}:${httpsPort}`
  // What every instance shares: the origins, the secrets, the store and the mail server.
  const env = {
    APP_ORIGIN: appOrigin,
    VAULT_ORIGIN: vaultOrigin,
    TRUSTED_PROXY_HOPS: '1',
    DATABASE_URL: postgres.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    EMBEDDED_RECOVERY_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: mail.url,
    NODE_EXTRA_CA_CERTS: mail.caFile!,
    MAIL_FROM: 'Sigil <no-reply@sigil.test>',
    // The load below comes from 40 client addresses: the sign-in limits per address stay as shipped.
    AUTH_NONCE_RATE_LIMIT_PER_IP: '100000',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    // Small enough to reach: 100 calls a minute, all instances together (leased 50 at a time).
    RPC_PROXY_BUDGET_PER_MINUTE: '100',
    // A short recovery delay: allowed on .test names (RFC 6761), which no one else's browser reaches.
    EMBEDDED_RECOVERY_DELAY: '5s',
  }
  const instances = await Promise.all([first, second].map((port) => startNextServer({ rpcUrl: chain.rpcUrl, port, env })))
  const nginx = await startNginx(siteConfiguration({ http: httpPort, https: httpsPort, upstreams: [first, second] }, ca), [httpPort, httpsPort])
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: [...chromeFlags, `--host-resolver-rules=MAP ${APP_HOST} 127.0.0.1, MAP ${VAULT_HOST} 127.0.0.1`],
    // Chromium's trust store on Linux: $HOME/.pki/nssdb, here trusting the throwaway CA.
    env: { ...process.env, HOME: ca.browserHome },
  })
  shape = { appOrigin, vaultOrigin, httpsPort, httpPort, instances, nginx, ca, postgres, mail, browser }
})

test.afterAll(async () => {
  for (const agent of agents.values()) agent.destroy()
  if (!shape) return
  await shape.browser.close()
  await shape.nginx.stop()
  for (const instance of shape.instances) await instance.stop()
  await shape.mail.close()
  shape.postgres.stop()
  shape.ca.remove()
})

/** What each context's pages printed (console and uncaught errors), for `keepEvidence`. */
const consoleOf = new WeakMap<BrowserContext, string[]>()
/** Each context's requests that nginx refused (503: its limits' answer), by URL. */
const refusedOf = new WeakMap<BrowserContext, string[]>()

async function newContext(): Promise<BrowserContext> {
  const context = await shape.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })
  const lines: string[] = []
  consoleOf.set(context, lines)
  context.on('console', (message) => lines.push(`${message.type()}: ${message.text()} (${message.location().url})`))
  context.on('weberror', (error) => lines.push(`uncaught: ${error.error().message}`))
  const refused: string[] = []
  refusedOf.set(context, refused)
  context.on('response', (response) => {
    if (response.status() === 503) refused.push(new URL(response.url()).pathname)
  })
  return context
}

/**
 * This spec's browser is its own (its NSS trust store, its host rules): Playwright's screenshot and
 * trace of a failed test cover only the page fixture's. On a failure, each of `context`'s pages is
 * kept in the report (a screenshot, what a screen reader reads, the console) and the text printed,
 * with the end of each instance's output: CI's reader gets the output, not the files.
 */
async function keepEvidence(context: BrowserContext, error: unknown): Promise<never> {
  const info = test.info()
  for (const [index, page] of context.pages().entries()) {
    const screenshot = await page.screenshot({ fullPage: true }).catch(() => undefined)
    if (screenshot) await info.attach(`page ${index} screenshot`, { body: screenshot, contentType: 'image/png' })
    const frames = await Promise.all(
      page.frames().map(async (frame) => `${frame.url()}\n${await frame.locator('body').ariaSnapshot({ timeout: 2_000 }).catch((caught: unknown) => `(no snapshot: ${String(caught)})`)}`),
    )
    const text = `page ${index}, frame by frame:\n${frames.join('\n\n')}\n\nconsole:\n${(consoleOf.get(context) ?? []).join('\n')}`
    await info.attach(`page ${index}`, { body: text, contentType: 'text/plain' })
    console.log(`[deployment] on failure, ${text.slice(0, 6_000)}`)
  }
  for (const instance of shape.instances) console.log(`[deployment] the end of ${instance.baseURL}'s output:\n${instance.output().slice(-3_000)}`)
  throw error
}

test('https at nginx for the app and its vault: HSTS, Secure __Host- cookies, the vault in its frame; an embedded wallet made (mail over STARTTLS), signed in with, its session read on both instances, and recovered in another browser', async () => {
  const context = await newContext()
  try {
    const page = await context.newPage()
    await addVirtualAuthenticator(page, { prf: true })
    const home = await page.goto(`${shape.appOrigin}/`)
    expect(home?.status()).toBe(200)
    // The app's own HSTS, over a certificate the browser trusts.
    expect(home?.headers()['strict-transport-security']).toMatch(/max-age=\d{7,}; includeSubDomains/)
    expect((await home?.securityDetails())?.subjectName).toBe(APP_HOST)
    // Plain http at the proxy sends to https.
    const plain = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) =>
      httpRequest({ host: '127.0.0.1', port: shape.httpPort, path: '/', headers: { host: APP_HOST } }, (response) => {
        response.resume()
        resolve({ status: response.statusCode ?? 0, location: response.headers.location })
      })
        .on('error', reject)
        .end(),
    )
    expect(plain).toEqual({ status: 301, location: `https://${APP_HOST}/` })

    await page.bringToFront()
    const email = uniqueEmail('deployment')
    const address = await createWallet(page, shape.mail, email)
    // The vault ran in the page's frame, over https, at its own name.
    expect(await page.getByTestId('vault-frame').getAttribute('src')).toMatch(new RegExp(`^${shape.vaultOrigin.replaceAll('.', '\\.')}/`))
    expect(context.pages()).toHaveLength(1)
    // The code came over STARTTLS.
    expect(shape.mail.inbox.at(-1)?.tls).toBe(true)

    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
    await page.getByTestId('sign-in-button').click()
    await approveInSheet(page, `Sign in to ${APP_HOST}:${shape.httpsPort}`)
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in', { timeout: 15_000 })

    // Every cookie over https is Secure, and the session's is __Host- (no Domain, Path=/).
    const cookies = await context.cookies([shape.appOrigin, shape.vaultOrigin])
    expect(cookies.length).toBeGreaterThan(0)
    for (const cookie of cookies) expect(cookie.secure, cookie.name).toBe(true)
    const session = cookies.find((cookie) => cookie.name.startsWith('__Host-') && cookie.name.includes('session') && cookie.domain === APP_HOST)
    expect(session, JSON.stringify(cookies.map((cookie) => cookie.name))).toBeDefined()
    expect(session!.path).toBe('/')

    // The session is in the shared store: each instance, asked directly, reads it.
    for (const instance of shape.instances) {
      const answer = await fetch(`${instance.baseURL}/api/auth/session`, { headers: { cookie: `${session!.name}=${session!.value}`, 'x-forwarded-for': '127.0.0.1' } })
      expect(answer.status, instance.baseURL).toBe(200)
      expect(await answer.json()).toMatchObject({ address })
    }

    // Recovered in another browser by email, after the (short) delay: the same wallet, a new passkey.
    const other = await newContext()
    try {
      const recovering = await other.newPage()
      const authenticator = await addVirtualAuthenticator(recovering, { prf: true })
      await recovering.goto(`${shape.appOrigin}/`)
      await recovering.bringToFront()
      await openEmbeddedPanel(recovering)
      await vault(recovering).getByTestId('embedded-recover-button').click()
      await vault(recovering).getByTestId('embedded-recover-email-input').fill(email)
      const inboxBefore = shape.mail.inbox.length
      await vault(recovering).getByTestId('embedded-send-code-button').click()
      await vault(recovering).getByTestId('embedded-code-input').fill(await recoveryCodeFor(shape.mail, email, inboxBefore))
      await vault(recovering).getByTestId('embedded-verify-code-button').click()
      await chooseWallet(recovering, address as Address)
      await expect(vault(recovering).getByTestId('embedded-recovery-waiting')).toContainText(address)
      await recovering.waitForTimeout(6_000)
      await vault(recovering).getByTestId('embedded-recovery-finish-button').click()
      await expect(vault(recovering).getByTestId('embedded-recover-address')).toContainText(address)
      await vault(recovering).getByTestId('embedded-new-passkey-button').click()
      await expect(recovering.getByTestId('account-address')).toHaveAttribute('title', address, { timeout: 15_000 })
      expect(await authenticator.credentials()).toHaveLength(1)
      // Nothing either browser asked for was refused by nginx's limits: a first visit asks for the
      // page's scripts and every wallet's logo at once, over one HTTP/2 connection. Chain reads
      // through /api/rpc/ are left out: this spec's RPC budget is made tiny for its own test (100
      // calls a minute), and a connected page's reads, refused by it and retried, can meet nginx's
      // per-address request limit here (two CI runs saw one refused /api/rpc/1).
      const refused = (of: BrowserContext) => (refusedOf.get(of) ?? []).filter((path) => !path.startsWith('/api/rpc/'))
      expect(refused(other), 'refused by nginx (503), recovering').toEqual([])
      expect(refused(context), 'refused by nginx (503)').toEqual([])
    } catch (error) {
      await keepEvidence(other, error)
    } finally {
      await other.close()
    }
  } catch (error) {
    await keepEvidence(context, error)
  } finally {
    await context.close()
  }
})

test('rate limits and the RPC budget hold across the two instances, not per instance', async () => {
  // Sign-in attempts per address per client (10 a minute): 14 tries for one address, spread by nginx over both instances.
  const account = privateKeyToAccount(generatePrivateKey())
  const statuses: number[] = []
  for (let attempt = 0; attempt < 14; attempt++) {
    const nonce = await through('GET', '/api/auth/nonce', { from: '127.0.0.90' })
    const message = createSignInMessage({ address: account.address, chainId: 31337, nonce: (JSON.parse(nonce.body) as { nonce: string }).nonce, origin: shape.appOrigin })
    // A wrong signature each time: every try is an attempt, none signs in.
    const verify = await through('POST', '/api/auth/verify', {
      from: '127.0.0.90',
      headers: { origin: shape.appOrigin, 'sec-fetch-site': 'same-origin', cookie: cookiesOf(nonce) },
      body: JSON.stringify({ message, signature: `0x${'11'.repeat(65)}` }),
    })
    statuses.push(verify.status)
  }
  expect(statuses.filter((status) => status === 429)).toHaveLength(4)
  expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true)

  // The RPC budget (100 calls a minute for the chain, all instances): a page's 150 calls, one at a
  // time through nginx (both instances serve them), get 100 answers at most, not 100 each.
  const context = await newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${shape.appOrigin}/`)
    const outcomes = await page.evaluate(async () => {
      const seen: number[] = []
      for (let index = 0; index < 150; index++) {
        const response = await fetch('/api/rpc/31337', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: index, method: 'eth_chainId', params: [] }) })
        seen.push(response.status)
        // Paced under nginx's 20 requests a second per address.
        await new Promise((resolve) => setTimeout(resolve, 60))
      }
      return seen
    })
    const answered = outcomes.filter((status) => status === 200).length
    const busy = outcomes.filter((status) => status === 429).length
    console.log(`[deployment] rpc budget 100/min over 2 instances: ${answered} answered, ${busy} refused (429) of 150`)
    expect(answered).toBeGreaterThan(50)
    expect(answered).toBeLessThanOrEqual(100)
    expect(answered + busy).toBe(150)
  } finally {
    await context.close()
  }
})

test('SIGTERM to one instance under a steady sign-in load: nginx sends the rest to the other, and no sign-in fails', async () => {
  const clients = Array.from({ length: 40 }, (_, index) => `127.0.0.${index + 10}`)
  // Throughput first: through nginx with both instances, then one instance asked directly. Each of the
  // 40 clients starts at most 8 sign-ins a second (16 API requests: under nginx's 20 a second per
  // address), together more than two cores serve.
  const measure = async (run: (from: string) => Promise<boolean>, seconds: number) => {
    let done = 0
    let failed = 0
    const until = Date.now() + seconds * 1000
    await Promise.all(
      clients.map(async (from) => {
        while (Date.now() < until) {
          const started = Date.now()
          ;(await run(from)) ? done++ : failed++
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, 125 - (Date.now() - started))))
        }
      }),
    )
    return { perSecond: done / seconds, failed }
  }
  const viaProxy = await measure(async (from) => (await signInThroughProxy(from)).verify.status === 200, 10)
  const direct = await measure(async () => {
    const base = shape.instances[0]!.baseURL
    const headers = { 'x-forwarded-for': '127.0.0.1' }
    const nonce = await fetch(`${base}/api/auth/nonce`, { headers })
    const account = privateKeyToAccount(generatePrivateKey())
    const message = createSignInMessage({ address: account.address, chainId: 31337, nonce: ((await nonce.json()) as { nonce: string }).nonce, origin: shape.appOrigin })
    const cookie = nonce.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
    const verify = await fetch(`${base}/api/auth/verify`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', origin: shape.appOrigin, 'sec-fetch-site': 'same-origin', cookie },
      body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
    })
    return verify.status === 200
  }, 10)
  console.log(`[deployment] sign-ins per second, 40 clients: ${viaProxy.perSecond.toFixed(1)} through nginx to 2 instances, ${direct.perSecond.toFixed(1)} to 1 instance directly (failed: ${viaProxy.failed}, ${direct.failed})`)
  expect(viaProxy.failed).toBe(0)
  expect(direct.failed).toBe(0)

  // The steady load: every client signs in again and again; one instance is stopped in the middle.
  const results: { status: number; body: string }[] = []
  let stop = false
  const load = Promise.all(
    clients.map(async (from) => {
      while (!stop) {
        const { verify } = await signInThroughProxy(from).catch((error: Error) => ({ verify: { status: 0, headers: {}, body: error.message } }))
        results.push({ status: verify.status, body: verify.body })
        await new Promise((resolve) => setTimeout(resolve, 150))
      }
    }),
  )
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  const stopped = shape.instances[1]!
  const before = results.length
  process.kill(-stopped.child.pid!, 'SIGTERM')
  const exited = await new Promise<number | null>((resolve) => stopped.child.once('exit', (code) => resolve(code)))
  await new Promise((resolve) => setTimeout(resolve, 4_000))
  stop = true
  await load
  const failed = results.filter((result) => result.status !== 200)
  console.log(`[deployment] SIGTERM under load: ${results.length} sign-ins (${results.length - before} after the signal), ${failed.length} failed; the instance exited ${exited}`)
  expect(exited).toBe(143)
  expect(results.length - before).toBeGreaterThan(20)
  expect(failed, `${JSON.stringify(failed.slice(0, 3))}\nnginx:\n${shape.nginx.errorLog().slice(-3000)}`).toEqual([])
})
