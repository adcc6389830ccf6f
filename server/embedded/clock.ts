import 'server-only'
import { createHash, timingSafeEqual } from 'node:crypto'
import { envOf, type EnvInput } from '@/server/config/env'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** The header a test sends `EMBEDDED_TEST_CLOCK`'s value in. */
export const TEST_SECRET_HEADER = 'x-sigil-test-secret'

/**
 * The embedded wallet's test hooks (the server clock; the page's prompt-less signing handle). Tests
 * must show that a code older than 900 s and a recovery session older than 1800 s are refused,
 * without waiting half an hour: they move this clock forward through `POST /api/embedded/test-clock`.
 * The hooks exist only when ALL of these hold, so a production deployment can never have them:
 * - `EMBEDDED_TEST_CLOCK` is set to a random secret of at least 32 characters,
 * - the local anvil chain is enabled (never the case in production unless a test build opts in),
 * - every configured app origin is a loopback address (a real deployment has a public origin);
 * and each request must carry that secret (`isTestRequest`).
 */
export function isTestClockEnabled(input?: EnvInput, origins: readonly string[] = []): boolean {
  const env = envOf(input)
  // The secret's own rule (32+ printable characters) is the reader's: server/config/env.ts.
  if (!env.testClockSecret) return false
  if (!env.localChain || origins.length === 0) return false
  return origins.every((origin) => {
    try {
      const { hostname } = new URL(origin)
      // `*.localhost` names are loopback too (RFC 6761): the app's and the vault's hosts in tests.
      return LOOPBACK.has(hostname) || hostname.endsWith('.localhost')
    } catch {
      return false
    }
  })
}

/**
 * True when the hooks are enabled AND the request carries the secret. Compared as SHA-256 digests
 * with `timingSafeEqual` (equal lengths whatever was sent; no timing hint of a partial match).
 */
export function isTestRequest(request: Request, input?: EnvInput, origins: readonly string[] = []): boolean {
  const env = envOf(input)
  if (!isTestClockEnabled(env, origins)) return false
  const sent = request.headers.get(TEST_SECRET_HEADER)
  if (!sent) return false
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(sent), digest(env.testClockSecret!))
}

// Process-wide (Next may evaluate route modules more than once).
const key = Symbol.for('sigil.embedded.clockOffsetMs')
type Holder = { [key]?: number }

/** Now, plus the test offset when the hook is enabled. */
export function embeddedNow(enabled: boolean): Date {
  const offset = enabled ? ((globalThis as Holder)[key] ?? 0) : 0
  return new Date(Date.now() + offset)
}

/** Moves the embedded wallet's clock forward (tests only; the route checks `isTestRequest`). */
export function advanceEmbeddedClock(ms: number): number {
  const holder = globalThis as Holder
  holder[key] = (holder[key] ?? 0) + ms
  return holder[key]
}
