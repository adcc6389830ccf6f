import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSiweMessage } from 'viem/siwe'
import type { Address, LocalAccount } from 'viem'
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from '@sigil/server/siwe/limits'
import { createAuthRoutes, type AuthConfig, type AuthRoutes } from '@sigil/server/siwe/routes'
import type { Store } from '@sigil/server/store/types'

export const ORIGIN = 'https://app.sigil.test'
export const SECRET = 'test-session-secret-0123456789-abcdefghijklmnop'

/** Generous limits so only the rate-limit tests ever hit them. */
export const RELAXED_LIMITS: AuthLimits = {
  noncePerIp: { max: 10_000, windowMs: 60_000 },
  noncePerBrowser: { max: 10_000, windowMs: 60_000 },
  verifyPerIp: { max: 10_000, windowMs: 60_000 },
  verifyPerAddress: { max: 10_000, windowMs: 60_000 },
}
export { DEFAULT_AUTH_LIMITS }

export type HarnessOptions = {
  store: Store | (() => Promise<Store>)
  rpcUrls: Record<number, string>
  chainIds?: number[]
  origins?: string[]
  limits?: AuthLimits
  secureCookies?: boolean
  rpcTimeoutMs?: number
  now?: () => Date
  log?: (line: string) => void
  /** Newest first; [SECRET] by default. */
  sessionSecrets?: string[]
  /** `SESSION_PLACE_HEADER`. */
  placeHeader?: string
  /** Allow the one-tap sign-in ReCap, as the deployment does (default true). */
  signInRecap?: boolean
}

export function createRoutes(options: HarnessOptions): AuthRoutes {
  const config: AuthConfig = {
    policy: {
      origins: options.origins ?? [ORIGIN],
      chainIds: options.chainIds ?? [1, 31337],
      rpcUrls: options.rpcUrls,
      rpcTimeoutMs: options.rpcTimeoutMs,
      signInRecap: options.signInRecap ?? true,
    },
    sessionSecrets: options.sessionSecrets ?? [SECRET],
    secureCookies: options.secureCookies ?? false,
    limits: options.limits ?? RELAXED_LIMITS,
    placeHeader: options.placeHeader,
  }
  const store = options.store
  return createAuthRoutes({
    config: () => config,
    store: typeof store === 'function' ? store : async () => store,
    now: options.now,
    // Tests name the client address in a header so each test is its own client.
    clientIp: (request) => request.headers.get('x-test-ip') ?? '127.0.0.1',
    log: options.log ?? (() => undefined),
  })
}

let ipCounter = 0
/** A fresh client address per call, so per-IP counters never leak between tests. */
export function uniqueIp(): string {
  ipCounter += 1
  return `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`
}

/** A browser talking to the routes: a cookie jar and one client IP. */
export class TestBrowser {
  readonly cookies = new Map<string, string>()
  constructor(
    readonly routes: AuthRoutes,
    readonly ip: string = uniqueIp(),
    /** Sent as User-Agent when set (the sessions list names the browser from it). */
    readonly userAgent?: string,
  ) {}

  request(path: string, init: RequestInit = {}): Request {
    const headers = new Headers(init.headers)
    headers.set('x-test-ip', this.ip)
    if (this.userAgent) headers.set('user-agent', this.userAgent)
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    return new Request(`${ORIGIN}${path}`, { ...init, headers })
  }

  keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const index = pair?.indexOf('=') ?? -1
      if (!pair || index < 0) continue
      const name = pair.slice(0, index)
      const value = pair.slice(index + 1)
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  async nonce(): Promise<string> {
    const response = this.keep(await this.routes.nonce(this.request('/api/auth/nonce')))
    if (response.status !== 200) throw new Error(`nonce: ${response.status} ${await response.text()}`)
    return ((await response.json()) as { nonce: string }).nonce
  }

  async verify(body: unknown, init: { raw?: boolean } = {}): Promise<Response> {
    const request = this.request('/api/auth/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: init.raw ? (body as BodyInit) : JSON.stringify(body),
    })
    return this.keep(await this.routes.verify(request))
  }

  async session(): Promise<Response> {
    return this.keep(await this.routes.session(this.request('/api/auth/session')))
  }

  async sessions(): Promise<Response> {
    return this.keep(await this.routes.sessions(this.request('/api/auth/sessions')))
  }

  async revoke(body: unknown): Promise<Response> {
    const request = this.request('/api/auth/sessions/revoke', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return this.keep(await this.routes.revokeSession(request))
  }

  async account(): Promise<Response> {
    return this.keep(await this.routes.account(this.request('/api/auth/account')))
  }

  async recoveries(headers: Record<string, string> = {}): Promise<Response> {
    return this.keep(await this.routes.recoveries(this.request('/api/auth/recoveries', { headers })))
  }

  async linkNonce(): Promise<Response> {
    return this.keep(await this.routes.linkNonce(this.request('/api/auth/link/nonce', { method: 'POST' })))
  }

  async link(body: unknown): Promise<Response> {
    const request = this.request('/api/auth/link', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return this.keep(await this.routes.link(request))
  }

  async unlink(body: unknown): Promise<Response> {
    const request = this.request('/api/auth/unlink', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return this.keep(await this.routes.unlink(request))
  }

  async logout(options: { everywhere?: boolean } = {}): Promise<Response> {
    const path = options.everywhere ? '/api/auth/logout?everywhere=1' : '/api/auth/logout'
    return this.keep(await this.routes.logout(this.request(path, { method: 'POST' })))
  }
}

/** A SIWE message as the client builds it, every field overridable. */
export function siweMessage(parameters: {
  address: Address
  nonce: string
  chainId?: number
  domain?: string
  uri?: string
  issuedAt?: Date
  expirationTime?: Date
  notBefore?: Date
  /** The sign-in statement by default; a link message's names the account (`linkStatement`). */
  statement?: string
}): string {
  const issuedAt = parameters.issuedAt ?? new Date()
  return createSiweMessage({
    address: parameters.address,
    chainId: parameters.chainId ?? 31337,
    domain: parameters.domain ?? new URL(ORIGIN).host,
    uri: parameters.uri ?? ORIGIN,
    nonce: parameters.nonce,
    version: '1',
    statement: parameters.statement ?? 'Sign in to Sigil to prove you own this address.',
    issuedAt,
    expirationTime: parameters.expirationTime ?? new Date(issuedAt.getTime() + 10 * 60_000),
    notBefore: parameters.notBefore,
  })
}

export async function signIn(browser: TestBrowser, account: LocalAccount, overrides: Partial<Parameters<typeof siweMessage>[0]> = {}) {
  const nonce = await browser.nonce()
  const message = siweMessage({ address: account.address, nonce, ...overrides })
  const signature = await account.signMessage({ message })
  return { message, signature, response: await browser.verify({ message, signature }) }
}

export async function errorOf(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { code: string; message: string }
  return { status: response.status, code: body.code, message: body.message }
}

/**
 * A JSON-RPC endpoint on loopback: forwards to `target` and counts requests, or, with
 * `target: null`, accepts connections and never answers (an RPC that hangs).
 */
export async function startRpcProxy(target: string | null): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let requests = 0
  const server: Server = createServer((request, response) => {
    requests += 1
    if (target === null) return // hang
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
        .then(async (upstream) => {
          response.writeHead(upstream.status, { 'content-type': 'application/json' })
          response.end(await upstream.text())
        })
        .catch(() => {
          response.writeHead(502)
          response.end()
        })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
