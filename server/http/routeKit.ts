import 'server-only'
import type { HttpError } from '@sigil/lib/errors/HttpError'
import { errorResponse } from './json'
import { redactForLog } from './logSafety'
import { refusalLog } from './refusalLog'

/** At most `max` hits per `windowMs`, per key. */
export type RateLimit = { max: number; windowMs: number }

/** A fixed-window hit counter shared by the server's instances (the store's `hit`). */
type HitCounter = { hit(key: string, windowMs: number, at: Date): Promise<{ count: number; resetAt: Date }> }

/** What every API's routes take from their caller; tests pass a clock, a client address, a log. */
type RouteKitDeps = {
  now?: (() => Date) | undefined
  /**
   * The client's rate-limit key: `clientIp(request, hops)` (./clientIp.ts) with the deployment's
   * proxy hops, which the factories take from their caller (they read no environment); tests pass
   * their own addresses.
   */
  clientIp: (request: Request) => string
  log?: ((line: string) => void) | undefined
}

export type RouteKitOptions = {
  /** The API's name in the refusal summary (`auth`, `embedded`). */
  api: string
  deps: RouteKitDeps
  /** Anything a route throws, as this API's error: its own errors kept, store failures 503, the rest its internal error. */
  toHttpError(caught: unknown): HttpError
  /** This API's refusal for a passed limit, retryable at `resetAt` (`seconds` from now, at least 1). */
  rateLimited(retry: { seconds: number; resetAt: Date }): HttpError
  /** Prepended to every limit's key in the counter (kept as each API stored it). */
  keyPrefix?: string
}

export type RouteKit = {
  now: () => Date
  ipOf: (request: Request) => string
  log: (line: string) => void
  /**
   * Runs one request: whatever it throws is answered by the API's catalogue (status, code, message,
   * headers). A 5xx's detail goes to the log only, redacted (no code, no whole email), never to the body.
   */
  handle(run: () => Promise<Response>): Promise<Response>
  /** Counts a hit of `key`; past `rule`, throws the API's refusal with `Retry-After` (and notes it in the summary, never the key's value). */
  limit(counter: HitCounter, key: string, rule: RateLimit, at: Date): Promise<void>
  /** The same refusal for a count made elsewhere (the sign-in's one statement counts as it burns the nonce). */
  refuseOver(hit: { count: number; resetAt: Date }, rule: RateLimit, key: string, at: Date): void
  /** Whole seconds from `at` until `resetAt`, at least 1: a `Retry-After`. */
  secondsUntil(resetAt: Date, at: Date): number
}

/**
 * The one route kit of the server's APIs (docs/style.md "Errors"): the sign-in API and the embedded
 * wallet's API each make theirs from their catalogue, so a refusal, a limit and a failure are answered
 * and logged the same way everywhere.
 */
export function createRouteKit(options: RouteKitOptions): RouteKit {
  const { deps, keyPrefix = '' } = options
  const now = deps.now ?? (() => new Date())
  const ipOf = deps.clientIp
  const log = deps.log ?? ((line: string) => console.error(line))
  const secondsUntil = (resetAt: Date, at: Date) => Math.max(1, Math.ceil((resetAt.getTime() - at.getTime()) / 1000))

  return {
    now,
    ipOf,
    log,
    secondsUntil,
    async handle(run) {
      try {
        return await run()
      } catch (caught) {
        const error = options.toHttpError(caught)
        if (error.status >= 500) log(`[sigil] ${error.code}: ${redactForLog(error.details ?? '', 300)}`)
        return errorResponse(error)
      }
    },
    async limit(counter, key, rule, at) {
      refuseOver(await counter.hit(`${keyPrefix}${key}`, rule.windowMs, at), rule, key, at)
    },
    refuseOver,
  }

  function refuseOver(hit: { count: number; resetAt: Date }, rule: RateLimit, key: string, at: Date): void {
    if (hit.count <= rule.max) return
    // Counted in the refusal summary under the limit's name (its key's first parts), never the key.
    refusalLog().note('rate_limited', `${options.api} ${key.split(':').slice(0, 2).join(':')}`)
    throw options.rateLimited({ seconds: secondsUntil(hit.resetAt, at), resetAt: hit.resetAt })
  }
}
