import 'server-only'
import { isLocalChainEnabled } from '@/lib/config/server'

type Env = Record<string, string | undefined>

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The embedded wallet's server clock. Tests must show that a code older than 900 s and a recovery
 * session older than 1800 s are refused, without waiting half an hour: they move this clock forward
 * through `POST /api/embedded/test-clock`. That hook exists only when ALL of these hold, so a
 * production deployment can never have it:
 * - `EMBEDDED_TEST_CLOCK=1` is set,
 * - the local anvil chain is enabled (never the case in production unless a test build opts in),
 * - every configured app origin is a loopback address (a real deployment has a public origin).
 */
export function isTestClockEnabled(env: Env = process.env, origins: readonly string[] = []): boolean {
  if (env.EMBEDDED_TEST_CLOCK !== '1' || !isLocalChainEnabled(env) || origins.length === 0) return false
  return origins.every((origin) => {
    try {
      return LOOPBACK.has(new URL(origin).hostname)
    } catch {
      return false
    }
  })
}

// Process-wide (Next may evaluate route modules more than once).
const key = Symbol.for('sigil.embedded.clockOffsetMs')
type Holder = { [key]?: number }

/** Now, plus the test offset when the hook is enabled. */
export function embeddedNow(enabled: boolean): Date {
  const offset = enabled ? ((globalThis as Holder)[key] ?? 0) : 0
  return new Date(Date.now() + offset)
}

/** Moves the embedded wallet's clock forward (tests only; the route checks `isTestClockEnabled`). */
export function advanceEmbeddedClock(ms: number): number {
  const holder = globalThis as Holder
  holder[key] = (holder[key] ?? 0) + ms
  return holder[key]
}
