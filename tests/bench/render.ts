/**
 * The server's render time for `/` (issue 28, item 5): `GET /` against a running `next start`
 * (the production build), driven by autocannon on loopback with 10 connections after a warm-up, as
 * a browser asks for it (HTML, English, no cookies: a visitor who is not signed in). Reported: p50
 * and p99 latency (the time to the whole response, which on loopback is the render), the mean and
 * requests per second, beside the verify route's figures.
 *
 * The page is rendered per request (the CSP nonce, the locale and the session are the request's),
 * so every answer is a fresh render, not a cached copy.
 *
 * Standalone: `npx tsx tests/bench/render.ts [baseUrl]` — without a base URL it starts its own
 * `next start` (building first when `.next` is missing) on a free port, with a local anvil.
 */
import { createRequire } from 'node:module'
import { intSetting } from './figures'

export type BenchRenderOptions = {
  baseUrl: string
  /** Requests counted (default BENCH_RENDER_REQUESTS or 2000). */
  requests?: number
  /** Requests sent first and not counted (default BENCH_RENDER_WARMUP or 500): the JIT and the page's modules. */
  warmupRequests?: number
  /** Concurrent connections (default 10). */
  connections?: number
}

type AutocannonResult = {
  duration: number
  non2xx: number
  errors: number
  timeouts: number
  requests: { total: number }
  latency: { p50: number; p90: number; p99: number; average: number; max: number }
  throughput: { average: number }
}
type Autocannon = (options: {
  url: string
  connections: number
  amount: number
  timeout?: number
  sampleInt?: number
  headers?: Record<string, string>
}) => Promise<AutocannonResult>

// autocannon ships no type declarations; this is the slice of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const round = (value: number, digits = 2) => Number(value.toFixed(digits))

/** What a browser's first navigation to `/` sends that the page reads (the locale comes from it). */
const NAVIGATION_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
}

export async function benchRender(options: BenchRenderOptions): Promise<Record<string, number>> {
  const connections = options.connections ?? 10
  const requests = options.requests ?? intSetting(process.env.BENCH_RENDER_REQUESTS, 2000)
  const warmup = options.warmupRequests ?? intSetting(process.env.BENCH_RENDER_WARMUP, 500, 0)
  const origin = new URL(options.baseUrl).origin
  const check = await fetch(new URL('/', origin), { headers: NAVIGATION_HEADERS })
  const html = await check.text()
  if (!check.ok || !html.includes('<html')) throw new Error(`GET / answered ${check.status} without a page`)
  const run = (amount: number) =>
    autocannon({
      url: `${origin}/`,
      connections,
      amount,
      timeout: 30,
      // autocannon sees a run end only on its next sample (see verify.ts): a 100 ms tick keeps that small.
      sampleInt: 100,
      headers: NAVIGATION_HEADERS,
    })
  const warm = warmup > 0 ? await run(warmup) : undefined
  const result = await run(requests)
  const failures = (r: AutocannonResult | undefined) => (r ? r.non2xx + r.errors + r.timeouts : 0)
  return {
    requests: result.requests.total,
    connections,
    warmup_requests: warm?.requests.total ?? 0,
    non_2xx: failures(warm) + failures(result),
    requests_per_s: round(result.requests.total / result.duration, 1),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    latency_mean_ms: round(result.latency.average),
    latency_max_ms: result.latency.max,
    html_bytes: Buffer.byteLength(html),
  }
}

async function main(): Promise<void> {
  const given = process.argv[2]
  if (given) {
    console.log(JSON.stringify(await benchRender({ baseUrl: given })))
    return
  }
  const { startAnvil } = await import('../fixtures/anvil')
  const { startNextServer } = await import('../fixtures/nextServer')
  const anvil = await startAnvil()
  try {
    const server = await startNextServer({ rpcUrl: anvil.rpcUrl })
    try {
      console.log(JSON.stringify(await benchRender({ baseUrl: server.baseURL })))
    } finally {
      await server.stop()
    }
  } finally {
    await anvil.stop()
  }
}

if (process.argv[1] && /[\\/]tests[\\/]bench[\\/]render\.ts$/.test(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
