/**
 * Sign-in verify throughput (issue 3): `POST /api/auth/verify` with valid EOA sign-ins against a
 * running `next start`, driven by autocannon on loopback, beside the same verification function
 * (`verifySignIn`: parse, checks, local signature recovery) called in a plain loop. The ratio of the
 * two is what HTTP, the session cookie and the store (nonce consume, rate-limit counters, the
 * session row) add.
 *
 * Then the session check (issue 11): `GET /api/auth/session` with a valid session cookie, which
 * opens the sealed cookie and, since sessions are revocable, reads the session's row (one
 * primary-key lookup). Run against a build without that read to see what it costs.
 *
 * Every request needs its own nonce and binding cookie, so sign-ins are prepared before the clock
 * starts: fetch a nonce, build the message for the server's origin, sign it with a fresh key.
 * The server must allow that many attempts per minute from one client (the AUTH_*RATE_LIMIT*
 * variables, see lib/siwe/server/limits.ts); rejected requests show up as `route_non_2xx`.
 *
 * Standalone: `npx tsx tests/bench/verify.ts [baseUrl]` — without a base URL it starts its own
 * `next start` (building first when `.next` is missing) on a free port, with a local anvil.
 */
import { createRequire } from 'node:module'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { verifySignIn } from '@/lib/siwe/server/verifySignIn'

export type BenchVerifyOptions = {
  baseUrl: string
  /** Verify requests sent through HTTP (default BENCH_VERIFY_REQUESTS or 3000). */
  requests?: number
  /** Verify requests sent first and not counted (default BENCH_VERIFY_WARMUP or 300). */
  warmupRequests?: number
  /** Concurrent connections (default 10). */
  connections?: number
  /** Iterations of the plain loop (default 1000). */
  loopIterations?: number
  /** A chain the server supports; EOA signatures need no RPC on any chain (default 1). */
  chainId?: number
  /** Session checks sent through HTTP (default 2000). */
  sessionRequests?: number
}

type Prepared = { message: string; signature: `0x${string}`; cookie: string }

type AutocannonResult = {
  duration: number
  non2xx: number
  errors: number
  timeouts: number
  '2xx': number
  requests: { total: number; average: number }
  latency: { p50: number; p99: number; average: number }
}
type AutocannonRequest = { method: string; path: string; headers?: Record<string, string>; body?: string }
type Autocannon = (options: {
  url: string
  connections: number
  amount: number
  timeout?: number
  /** How often it samples, in ms (default 1000). It notices the end of a run only on a sample. */
  sampleInt?: number
  requests: { method: string; path: string; setupRequest: (request: AutocannonRequest) => AutocannonRequest }[]
}) => Promise<AutocannonResult>

// autocannon ships no type declarations; this is the slice of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

function signInMessage(address: `0x${string}`, nonce: string, origin: string, chainId: number): string {
  const url = new URL(origin)
  const issuedAt = new Date()
  return createSiweMessage({
    address,
    chainId,
    domain: url.host,
    uri: url.origin,
    nonce,
    version: '1',
    statement: 'Sign in to Sigil to prove you own this address.',
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + 10 * 60_000),
  })
}

async function prepareSignIns(baseUrl: string, count: number, chainId: number): Promise<Prepared[]> {
  const origin = new URL(baseUrl).origin
  const prepared: Prepared[] = []
  const batch = 16
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start)
    const items = await Promise.all(
      Array.from({ length: size }, async () => {
        const response = await fetch(new URL('/api/auth/nonce', baseUrl))
        if (!response.ok) throw new Error(`GET /api/auth/nonce answered ${response.status}: ${await response.text()}`)
        const { nonce } = (await response.json()) as { nonce: string }
        const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
        // A fresh key per sign-in: the per-address limit must not be what is measured.
        const account = privateKeyToAccount(generatePrivateKey())
        const message = signInMessage(account.address, nonce, origin, chainId)
        return { message, signature: await account.signMessage({ message }), cookie }
      }),
    )
    prepared.push(...items)
  }
  return prepared
}

async function plainLoop(origin: string, iterations: number, chainId: number): Promise<{ perSecond: number; meanMs: number }> {
  const policy = { origins: [origin], chainIds: [chainId], rpcUrls: {} }
  const items = await Promise.all(
    Array.from({ length: Math.min(iterations, 200) }, async (_, index) => {
      const account = privateKeyToAccount(generatePrivateKey())
      const message = signInMessage(account.address, `loopnonce${index}`, origin, chainId)
      return { message, signature: await account.signMessage({ message }) }
    }),
  )
  for (const item of items.slice(0, 20)) await verifySignIn({ ...item, policy }) // warm up
  const started = performance.now()
  for (let i = 0; i < iterations; i++) {
    const item = items[i % items.length]!
    const result = await verifySignIn({ ...item, policy })
    if (result.kind !== 'eoa') throw new Error('the plain loop expected EOA verifications')
  }
  const elapsedMs = performance.now() - started
  return { perSecond: (iterations / elapsedMs) * 1000, meanMs: elapsedMs / iterations }
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits))

function positiveInt(raw: string | undefined, fallback: number): number {
  const value = Number(raw)
  return Number.isSafeInteger(value) && value > 0 ? value : fallback
}

export async function benchVerify(options: BenchVerifyOptions): Promise<Record<string, number>> {
  const requests = options.requests ?? positiveInt(process.env.BENCH_VERIFY_REQUESTS, 3000)
  const connections = options.connections ?? 10
  const chainId = options.chainId ?? 1
  const origin = new URL(options.baseUrl).origin

  // setupRequest also runs when each connection is built: prepare a few spare sign-ins.
  const warmup = options.warmupRequests ?? positiveInt(process.env.BENCH_VERIFY_WARMUP, 300)
  const prepared = await prepareSignIns(options.baseUrl, warmup + requests + connections * 8, chainId)
  let next = 0
  const load = (amount: number) =>
    autocannon({
      url: origin,
      connections,
      amount,
      timeout: 30,
      // autocannon sees a run end only on its next sample: with the default 1 s, a 3.03 s run counts
      // as 4 s and a fast route looked up to 25 % slower than it was. A 100 ms tick keeps that small.
      sampleInt: 100,
      requests: [
        {
          method: 'POST',
          path: '/api/auth/verify',
          setupRequest: (request) => {
            const item = prepared[Math.min(next, prepared.length - 1)]!
            next += 1
            return {
              ...request,
              method: 'POST',
              path: '/api/auth/verify',
              // The page's own origin: proxy.ts refuses state-changing API requests from anywhere else.
              headers: { ...request.headers, 'content-type': 'application/json', cookie: item.cookie, origin },
              body: JSON.stringify({ message: item.message, signature: item.signature }),
            }
          },
        },
      ],
    })
  // Warm, as the plain loop is: the server's JIT, its recovery workers and the store's plans. A
  // freshly started server is several times slower for its first few hundred sign-ins.
  const warm = warmup > 0 ? await load(warmup) : undefined
  const result = await load(requests)
  const routePerSecond = result.requests.total / result.duration
  const loop = await plainLoop(origin, options.loopIterations ?? 1000, chainId)
  const session = await sessionCheck(options.baseUrl, options.sessionRequests ?? 2000, connections, chainId)
  return {
    route_requests: result.requests.total,
    route_non_2xx: result.non2xx + result.errors + result.timeouts + (warm ? warm.non2xx + warm.errors + warm.timeouts : 0),
    route_warmup_requests: warm?.requests.total ?? 0,
    route_seconds: result.duration,
    route_requests_per_s: round(routePerSecond, 1),
    route_latency_p50_ms: result.latency.p50,
    route_latency_p99_ms: result.latency.p99,
    route_latency_mean_ms: round(result.latency.average),
    function_verifications_per_s: round(loop.perSecond, 1),
    function_latency_mean_ms: round(loop.meanMs, 3),
    function_to_route_ratio: round(loop.perSecond / routePerSecond),
    // Issue 14's budget: the route at >= 0.7x the plain function, side by side in this run.
    route_to_function_ratio: round(routePerSecond / loop.perSecond),
    ...session,
  }
}

/** `GET /api/auth/session` with one valid session cookie, under the same load as the verify route. */
async function sessionCheck(baseUrl: string, requests: number, connections: number, chainId: number): Promise<Record<string, number>> {
  const [item] = await prepareSignIns(baseUrl, 1, chainId)
  const verify = await fetch(new URL('/api/auth/verify', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: item!.cookie, origin: new URL(baseUrl).origin },
    body: JSON.stringify({ message: item!.message, signature: item!.signature }),
  })
  if (!verify.ok) throw new Error(`sign-in for the session benchmark answered ${verify.status}`)
  const cookie = verify.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
  const result = await autocannon({
    url: new URL(baseUrl).origin,
    connections,
    amount: requests,
    timeout: 30,
    sampleInt: 100,
    requests: [{ method: 'GET', path: '/api/auth/session', setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie } }) }],
  })
  return {
    session_requests: result.requests.total,
    session_non_2xx: result.non2xx + result.errors + result.timeouts,
    session_requests_per_s: round(result.requests.total / result.duration, 1),
    session_latency_p50_ms: result.latency.p50,
    session_latency_p99_ms: result.latency.p99,
  }
}

async function main(): Promise<void> {
  const given = process.argv[2]
  if (given) {
    console.log(JSON.stringify(await benchVerify({ baseUrl: given })))
    return
  }
  const { startAnvil } = await import('../fixtures/anvil')
  const { startNextServer } = await import('../fixtures/nextServer')
  const anvil = await startAnvil()
  try {
    const server = await startNextServer({
      rpcUrl: anvil.rpcUrl,
      env: { AUTH_NONCE_RATE_LIMIT_PER_IP: '100000000', AUTH_RATE_LIMIT_PER_IP: '100000000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000000' },
    })
    try {
      console.log(JSON.stringify(await benchVerify({ baseUrl: server.baseURL })))
    } finally {
      await server.stop()
    }
  } finally {
    await anvil.stop()
  }
}

if (process.argv[1] && /[\\/]tests[\\/]bench[\\/]verify\.ts$/.test(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
