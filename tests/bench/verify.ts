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
 * variables, see server/siwe/limits.ts); rejected requests show up as `route_non_2xx`.
 *
 * Standalone: `npx tsx tests/bench/verify.ts [baseUrl]` — without a base URL it starts its own
 * `next start` (building first when `.next` is missing) on a free port, with a local anvil.
 */
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { generatePrivateKey, privateKeyToAccount, type LocalAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { NONCE_TTL_MS, SIGN_IN_MESSAGE_TTL_MS } from '@/lib/siwe/policy'
import { verifySignIn } from '@sigil/server/siwe/verifySignIn'
import { intSetting } from './figures'
import { storeCpuPerSignIn } from './signInShares'
import { cpuSampler, type CpuSample } from './threadCpu'

/**
 * The major version of the Node this process runs, which is also every bench server's (the fixture
 * spawns `process.execPath`): the CPU figures move with it (docs/sign-in.md "On which Node").
 */
export const nodeMajor = (): number => Number(process.versions.node.split('.')[0])

/**
 * The server's sign-in limits for a throughput benchmark, not a limits test: the per-minute limits
 * (server/siwe/limits.ts) would cap it.
 */
export const UNLIMITED_SIGN_INS = {
  AUTH_NONCE_RATE_LIMIT_PER_IP: '100000000',
  AUTH_NONCE_RATE_LIMIT_PER_BROWSER: '100000000',
  AUTH_RATE_LIMIT_PER_IP: '100000000',
  AUTH_RATE_LIMIT_PER_ADDRESS: '100000000',
}

export type BenchVerifyOptions = {
  baseUrl: string
  /** Verify requests sent through HTTP and counted, over all rounds (default BENCH_VERIFY_REQUESTS or 3000). */
  requests?: number
  /**
   * Verify requests sent first and not counted (default BENCH_VERIFY_WARMUP or 2000): a freshly
   * started server does its first 500 sign-ins at about half its settled rate (V8 still compiling
   * Next's request path and PGlite's WebAssembly) and settles after about 2,000.
   */
  warmupRequests?: number
  /**
   * The counted requests and the loop's iterations are split into this many rounds, taken in turn
   * (route, loop, route, loop, …), so a slow spell of the machine weighs on both sides (default 3).
   */
  rounds?: number
  /** Concurrent connections (default 8, as issue 42 measures). */
  connections?: number
  /** Iterations of the plain loop (default 1000). */
  loopIterations?: number
  /** A chain the server supports; EOA signatures need no RPC on any chain (default 1). */
  chainId?: number
  /** Session checks sent through HTTP (default 2000). */
  sessionRequests?: number
  /**
   * Then this many seconds of valid sign-ins without a pause, each with its own nonce (default
   * BENCH_VERIFY_SOAK_SECONDS or 60; 0 skips it): the route must answer every one with a 2xx.
   */
  soakSeconds?: number
  /**
   * The server's process id, when it runs on this machine (Linux): the counted rounds then also
   * report the CPU each sign-in cost, on the request thread and on every other thread of the server
   * (the recovery workers, V8's collector, libuv's pool), and what the load generator itself took.
   */
  serverPid?: number
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
  /** Requests to send; when given, `duration` is ignored. */
  amount?: number
  /** Seconds to keep sending. */
  duration?: number
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
    expirationTime: new Date(issuedAt.getTime() + SIGN_IN_MESSAGE_TTL_MS),
  })
}

async function prepareSignIns(baseUrl: string, count: number, chainId: number, wallets?: readonly LocalAccount[]): Promise<Prepared[]> {
  const origin = new URL(baseUrl).origin
  const prepared: Prepared[] = []
  const batch = 16
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start)
    const items = await Promise.all(
      Array.from({ length: size }, async (_, index) => {
        const response = await fetch(new URL('/api/auth/nonce', baseUrl))
        if (!response.ok) throw new Error(`GET /api/auth/nonce answered ${response.status}: ${await response.text()}`)
        const { nonce } = (await response.json()) as { nonce: string }
        const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
        // A fresh key per sign-in (a first sign-in, the costlier), or the given wallets in turn
        // (returning ones); the per-address limit is lifted either way (UNLIMITED_SIGN_INS).
        const account = wallets ? wallets[(start + index) % wallets.length]! : privateKeyToAccount(generatePrivateKey())
        const message = signInMessage(account.address, nonce, origin, chainId)
        return { message, signature: await account.signMessage({ message }), cookie }
      }),
    )
    prepared.push(...items)
  }
  return prepared
}

type PlainLoop = (iterations: number) => Promise<{ iterations: number; elapsedMs: number }>

async function plainLoop(origin: string, chainId: number): Promise<PlainLoop> {
  const policy = { origins: [origin], chainIds: [chainId], rpcUrls: {} }
  const items = await Promise.all(
    Array.from({ length: 200 }, async (_, index) => {
      const account = privateKeyToAccount(generatePrivateKey())
      const message = signInMessage(account.address, `loopnonce${index}`, origin, chainId)
      return { message, signature: await account.signMessage({ message }) }
    }),
  )
  for (const item of items.slice(0, 20)) await verifySignIn({ ...item, policy }) // warm up
  let turn = 0
  return async (iterations) => {
    const started = performance.now()
    for (let i = 0; i < iterations; i++) {
      const item = items[turn++ % items.length]!
      const result = await verifySignIn({ ...item, policy })
      if (result.kind !== 'eoa') throw new Error('the plain loop expected EOA verifications')
    }
    return { iterations, elapsedMs: performance.now() - started }
  }
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits))

/** A load round's requests that did not get a 2xx: answered otherwise, errored or timed out. */
const failures = (result: AutocannonResult) => result.non2xx + result.errors + result.timeouts

export async function benchVerify(options: BenchVerifyOptions): Promise<Record<string, number>> {
  const requests = options.requests ?? intSetting(process.env.BENCH_VERIFY_REQUESTS, 3000)
  const connections = options.connections ?? 8
  const chainId = options.chainId ?? 1
  const origin = new URL(options.baseUrl).origin

  const warmup = options.warmupRequests ?? intSetting(process.env.BENCH_VERIFY_WARMUP, 2000)
  const rounds = Math.max(1, Math.min(options.rounds ?? 3, requests))
  // setupRequest also runs when each connection is built, in every autocannon run: spare sign-ins.
  const runs = Math.ceil(warmup / 500) + rounds
  const prepared = await prepareSignIns(options.baseUrl, warmup + requests + connections * 4 * runs, chainId)
  const load = signInLoad(origin, connections, prepared)
  // Warm, as the plain loop is (the bench process has signed thousands of messages with the same
  // curve code by then): the server's JIT, its recovery workers and the store's plans. The first
  // 500 are also reported, as what a freshly started server does.
  const warmRounds: AutocannonResult[] = []
  for (let sent = 0; sent < warmup; sent += 500) warmRounds.push(await load(Math.min(500, warmup - sent)))
  const loop = await plainLoop(origin, chainId)
  const loopIterations = options.loopIterations ?? 1000
  const routeRounds: AutocannonResult[] = []
  const loopRounds: { iterations: number; elapsedMs: number }[] = []
  const sampler = options.serverPid === undefined ? undefined : cpuSampler(options.serverPid)
  const cpu: CpuSample[] = []
  let loopCpuMs = 0
  for (let index = 0; index < rounds; index++) {
    const share = (total: number) => Math.floor((total * (index + 1)) / rounds) - Math.floor((total * index) / rounds)
    const before = sampler?.()
    routeRounds.push(await load(share(requests)))
    const after = sampler?.()
    if (before && after) cpu.push(after.since(before))
    // The floor's CPU: every thread of this process (the curve code runs on the main thread).
    const loopCpuBefore = process.cpuUsage()
    loopRounds.push(await loop(share(loopIterations)))
    const loopCpu = process.cpuUsage(loopCpuBefore)
    loopCpuMs += (loopCpu.user + loopCpu.system) / 1000
  }
  // Returning wallets (issue 42's figure is a first sign-in's, above): 100 wallets sign in once
  // (not counted), then a round like one of the above signs them in again, each with its account.
  const returning = sampler ? await returningRound(options.baseUrl, origin, connections, chainId, Math.ceil(requests / rounds), sampler) : undefined
  // What any POST costs the server before a route does its own work: Next's handling, the origin
  // rule and the security headers (guardedRoute), a cookie cleared. `POST /api/auth/logout` with no
  // session answers 204 with nothing else to do. The same connections, after a warm-up.
  const postBaseline = sampler ? await baselinePost(origin, connections, sampler) : undefined
  const storeMs = sampler ? await storeCpuPerSignIn() : undefined
  // A returning wallet's sign-in: one statement, its account read by the first (beside, not in, the split).
  const returningStoreMs = sampler ? await storeCpuPerSignIn({ returning: true }) : undefined
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  const routeRequests = sum(routeRounds.map((result) => result.requests.total))
  const routeSeconds = sum(routeRounds.map((result) => result.duration))
  const routePerSecond = routeRequests / routeSeconds
  const loopMs = sum(loopRounds.map((result) => result.elapsedMs))
  const loopPerSecond = (loopIterations / loopMs) * 1000
  const roundRatios = routeRounds.map((result, index) => result.requests.total / result.duration / ((loopRounds[index]!.iterations / loopRounds[index]!.elapsedMs) * 1000))
  const cold = warmRounds[0]
  const perSignIn = (ms: number) => round(ms / routeRequests, 3)
  const cpuFigures: Record<string, number> =
    cpu.length === rounds
      ? {
          // Where a sign-in's CPU goes on this machine. The route cannot pass cores ÷ (all of it):
          // with the load generator on the same cores, that is its bound here, whatever the threads.
          route_cpu_request_thread_ms_per_sign_in: perSignIn(sum(cpu.map((sample) => sample.mainMs))),
          route_cpu_other_threads_ms_per_sign_in: perSignIn(sum(cpu.map((sample) => sample.otherMs))),
          route_cpu_load_generator_ms_per_sign_in: perSignIn(sum(cpu.map((sample) => sample.selfMs))),
          // Issue 42's figure, which holds on any number of cores: the server's CPU per sign-in, every
          // thread, against the plain function's CPU per verification (goal <= 1.5).
          route_cpu_server_ms_per_sign_in: perSignIn(sum(cpu.map((sample) => sample.mainMs + sample.otherMs))),
          function_cpu_ms_per_verification: round(loopCpuMs / loopIterations, 3),
          route_cpu_to_function_cpu_ratio: round(sum(cpu.map((sample) => sample.mainMs + sample.otherMs)) / routeRequests / (loopCpuMs / loopIterations)),
          // The split (issue 42): the floor (the function's cryptography), what any POST costs, the
          // store's two statements (measured in this process), and the rest (the body, the recovery's
          // hand-off to its worker, the session and its cookie, the collector). The floor and a bare
          // POST alone set the ratio no change to the route can pass without leaving Next.
          ...(postBaseline === undefined ? {} : {
            route_cpu_post_baseline_ms: round(postBaseline, 3),
            route_cpu_floor_plus_post_ratio: round((loopCpuMs / loopIterations + postBaseline) / (loopCpuMs / loopIterations)),
          }),
          ...(storeMs === undefined ? {} : { route_cpu_store_ms_per_sign_in: round(storeMs, 3) }),
          ...(returningStoreMs === undefined ? {} : { route_cpu_store_ms_per_returning_sign_in: round(returningStoreMs, 3) }),
          ...(returning === undefined ? {} : {
            route_returning_requests: returning.requests,
            route_returning_non_2xx: returning.failures,
            route_cpu_server_ms_per_returning_sign_in: round(returning.serverMs / returning.requests, 3),
            route_cpu_returning_to_function_cpu_ratio: round(returning.serverMs / returning.requests / (loopCpuMs / loopIterations)),
          }),
          ...(postBaseline === undefined || storeMs === undefined ? {} : {
            route_cpu_rest_ms_per_sign_in: round(sum(cpu.map((sample) => sample.mainMs + sample.otherMs)) / routeRequests - loopCpuMs / loopIterations - postBaseline - storeMs, 3),
          }),
          route_cpu_cores: availableParallelism(),
          route_cpu_bound_ratio: round(
            (availableParallelism() * 1000) / (sum(cpu.map((sample) => sample.mainMs + sample.otherMs + sample.selfMs)) / routeRequests) / loopPerSecond,
          ),
        }
      : {}
  const session = await sessionCheck(options.baseUrl, options.sessionRequests ?? 2000, connections, chainId)
  const soakSeconds = options.soakSeconds ?? intSetting(process.env.BENCH_VERIFY_SOAK_SECONDS, 60, 0)
  const soak = soakSeconds > 0 ? await soakVerify(options.baseUrl, soakSeconds, routePerSecond, connections, chainId) : {}
  return {
    route_requests: routeRequests,
    route_non_2xx: sum([...warmRounds, ...routeRounds].map(failures)),
    route_warmup_requests: sum(warmRounds.map((result) => result.requests.total)),
    ...(cold ? { route_cold_requests_per_s: round(cold.requests.total / cold.duration, 1) } : {}),
    route_rounds: rounds,
    route_seconds: round(routeSeconds),
    route_requests_per_s: round(routePerSecond, 1),
    // The slowest round's percentiles: autocannon reports them per run.
    route_latency_p50_ms: Math.max(...routeRounds.map((result) => result.latency.p50)),
    route_latency_p99_ms: Math.max(...routeRounds.map((result) => result.latency.p99)),
    route_latency_mean_ms: round(sum(routeRounds.map((result) => result.latency.average * result.requests.total)) / routeRequests),
    function_verifications_per_s: round(loopPerSecond, 1),
    function_latency_mean_ms: round(loopMs / loopIterations, 3),
    function_to_route_ratio: round(loopPerSecond / routePerSecond),
    // Issue 14's budget: the route at >= 0.7x the plain function, side by side in this run.
    route_to_function_ratio: round(routePerSecond / loopPerSecond),
    route_to_function_ratio_lowest_round: round(Math.min(...roundRatios)),
    route_to_function_ratio_highest_round: round(Math.max(...roundRatios)),
    ...cpuFigures,
    ...session,
    ...soak,
  }
}

/**
 * The server's CPU (every thread) per `POST /api/auth/logout` without a session cookie: a 204 after
 * Next's request handling and the route's guard, nothing of a sign-in's own work.
 */
async function baselinePost(origin: string, connections: number, sampler: NonNullable<ReturnType<typeof cpuSampler>>): Promise<number> {
  const send = (amount: number) =>
    autocannon({
      url: origin,
      connections,
      amount,
      timeout: 30,
      sampleInt: 100,
      requests: [{ method: 'POST', path: '/api/auth/logout', setupRequest: (request) => ({ ...request, method: 'POST', path: '/api/auth/logout', headers: { ...request.headers, origin } }) }],
    })
  await send(1000)
  const before = sampler()
  const result = await send(3000)
  const spent = sampler().since(before)
  if (result['2xx'] !== result.requests.total) throw new Error(`POST /api/auth/logout without a session answered ${result.non2xx} non-2xx of ${result.requests.total}`)
  return (spent.mainMs + spent.otherMs) / result.requests.total
}

/**
 * `POST /api/auth/verify` for each of `prepared` in turn, `amount` requests at a time or for
 * `duration` seconds. A run that outlasts the prepared sign-ins resends the last one, which the
 * server must refuse (its nonce is spent): callers prepare enough.
 */
function signInLoad(origin: string, connections: number, prepared: Prepared[]) {
  let next = 0
  const send = (limit: { amount: number } | { duration: number }) =>
    autocannon({
      url: origin,
      connections,
      ...limit,
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
  const load = (amount: number) => send({ amount })
  load.forSeconds = (duration: number) => send({ duration })
  /** How many requests were built past the prepared sign-ins. */
  load.overrun = () => Math.max(0, next - prepared.length)
  return load
}

/**
 * A counted round of returning wallets' sign-ins: 100 wallets sign in once first (their accounts
 * made, not counted), then `amount` sign-ins of theirs with the server's CPU sampled as the counted
 * rounds' is. Each is a sign-in the route answers with one statement of the store (server/siwe/routes.ts).
 */
async function returningRound(baseUrl: string, origin: string, connections: number, chainId: number, amount: number, sampler: NonNullable<ReturnType<typeof cpuSampler>>) {
  const wallets = Array.from({ length: 100 }, () => privateKeyToAccount(generatePrivateKey()))
  const first = await signInLoad(origin, connections, await prepareSignIns(baseUrl, wallets.length + connections * 4, chainId, wallets))(wallets.length)
  const prepared = await prepareSignIns(baseUrl, amount + connections * 4, chainId, wallets)
  const load = signInLoad(origin, connections, prepared)
  const before = sampler()
  const result = await load(amount)
  const cpu = sampler().since(before)
  return { requests: result.requests.total, serverMs: cpu.mainMs + cpu.otherMs, failures: failures(first) + failures(result) }
}

/**
 * `seconds` of valid sign-ins without a pause (issue 14: 0 non-2xx under 60 s of load). The sign-ins
 * are prepared first (a nonce from the server and a fresh key's signature each), half again as many
 * as the counted rounds' rate needs.
 */
async function soakVerify(baseUrl: string, seconds: number, ratePerSecond: number, connections: number, chainId: number): Promise<Record<string, number>> {
  const preparing = performance.now()
  const prepared = await prepareSignIns(baseUrl, Math.ceil(ratePerSecond * seconds * 1.5) + connections * 4, chainId)
  const prepareSeconds = (performance.now() - preparing) / 1000
  // The first prepared nonce must still be alive when the run ends.
  if (prepareSeconds + seconds > NONCE_TTL_MS / 1000 - 10) throw new Error(`preparing ${prepared.length} sign-ins took ${Math.round(prepareSeconds)} s: their nonces would expire during the ${seconds} s run`)
  const load = signInLoad(new URL(baseUrl).origin, connections, prepared)
  const result = await load.forSeconds(seconds)
  if (load.overrun() > 0) throw new Error(`the ${seconds} s run outlasted its ${prepared.length} prepared sign-ins (${load.overrun()} more were sent)`)
  return {
    route_soak_seconds: round(result.duration, 1),
    route_soak_prepared: prepared.length,
    route_soak_prepare_seconds: round(prepareSeconds, 1),
    route_soak_requests: result.requests.total,
    route_soak_requests_per_s: round(result.requests.total / result.duration, 1),
    route_soak_non_2xx: result.non2xx + result.errors + result.timeouts,
    route_soak_latency_p50_ms: result.latency.p50,
    route_soak_latency_p99_ms: result.latency.p99,
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
    // `verify.ts <baseUrl> [pid]`: a server started by hand, and its process id for the CPU figures.
    const pid = process.argv[3] ? Number(process.argv[3]) : undefined
    console.log(JSON.stringify(await benchVerify({ baseUrl: given, serverPid: pid })))
    return
  }
  const { startAnvil } = await import('../fixtures/anvil')
  const { startNextServer } = await import('../fixtures/nextServer')
  const anvil = await startAnvil()
  try {
    const server = await startNextServer({
      rpcUrl: anvil.rpcUrl,
      env: { ...UNLIMITED_SIGN_INS },
    })
    try {
      console.log(JSON.stringify({ node_major: nodeMajor(), ...(await benchVerify({ baseUrl: server.baseURL, serverPid: server.child.pid })) }))
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
