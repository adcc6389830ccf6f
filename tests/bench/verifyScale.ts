/**
 * The verify route on a Postgres server (issue 14, part 1): `POST /api/auth/verify` against one
 * `next start` on `DATABASE_URL`, then against two `next start` on the same database at once, to
 * show the app scales out (nonces, counters and sessions live in the shared database, so either
 * instance can finish a sign-in the other began). Prints JSON lines with p99 and the non-2xx count.
 *
 *   npx tsx tests/bench/verifyScale.ts         (BENCH_VERIFY_REQUESTS per instance, default 3000, after BENCH_VERIFY_WARMUP)
 *
 * Its own throwaway PostgreSQL (tests/fixtures/postgres.ts, durability off as in the tests) and anvil.
 */
import { startAnvil } from '../fixtures/anvil'
import { startNextServer, type NextServer } from '../fixtures/nextServer'
import { startPostgres } from '../fixtures/postgres'
import { BUDGETS } from './budgets'
import { benchVerify, UNLIMITED_SIGN_INS } from './verify'

function print(metric: string, value: number, unit: string, target = 'none', meets: boolean | null = null, extra: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ metric, value, unit, target, meets, ...extra }))
}

async function main(): Promise<void> {
  const postgres = await startPostgres()
  const anvil = await startAnvil()
  const servers: NextServer[] = []
  try {
    const env = { ...UNLIMITED_SIGN_INS, DATABASE_URL: postgres.url }
    servers.push(await startNextServer({ rpcUrl: anvil.rpcUrl, env }))
    const one = await benchVerify({ baseUrl: servers[0]!.baseURL, soakSeconds: 0 })
    print('postgres_verify_route_requests_per_s', one.route_requests_per_s!, 'per second')
    print('postgres_verify_function_verifications_per_s', one.function_verifications_per_s!, 'per second')
    print('postgres_verify_route_to_function_ratio', one.route_to_function_ratio!, 'ratio', `>= ${BUDGETS.verifyRouteToFunctionRatio}`, one.route_to_function_ratio! >= BUDGETS.verifyRouteToFunctionRatio)
    print('postgres_verify_route_latency_p99_ms', one.route_latency_p99_ms!, 'ms', 'none', null, { p50: one.route_latency_p50_ms })
    print('postgres_verify_route_non_2xx', one.route_non_2xx!, 'requests', `<= ${BUDGETS.verifyNon2xx}`, one.route_non_2xx! <= BUDGETS.verifyNon2xx)

    servers.push(await startNextServer({ rpcUrl: anvil.rpcUrl, env }))
    const started = performance.now()
    const both = await Promise.all(servers.map((server) => benchVerify({ baseUrl: server.baseURL, sessionRequests: 200, soakSeconds: 0 })))
    const seconds = (performance.now() - started) / 1000
    const total = both.reduce((sum, result) => sum + result.route_requests_per_s!, 0)
    const non2xx = both.reduce((sum, result) => sum + result.route_non_2xx!, 0)
    print('postgres_two_instances_verify_requests_per_s', Math.round(total * 10) / 10, 'per second', 'none', null, {
      perInstance: both.map((result) => result.route_requests_per_s),
      oneInstance: one.route_requests_per_s,
      wallSeconds: Math.round(seconds),
    })
    print('postgres_two_instances_verify_latency_p99_ms', Math.max(...both.map((result) => result.route_latency_p99_ms!)), 'ms')
    print('postgres_two_instances_verify_non_2xx', non2xx, 'requests', `<= ${BUDGETS.verifyNon2xx}`, non2xx <= BUDGETS.verifyNon2xx)
  } finally {
    for (const server of servers) await server.stop()
    await anvil.stop()
    postgres.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
