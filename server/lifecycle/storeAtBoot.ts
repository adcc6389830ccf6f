/**
 * The store's opening at start-up, begun by instrumentation.ts and not waited for there: Next holds
 * every request until `register` resolves, so waiting for the store (PGlite's initdb on an empty
 * data folder: several seconds) held the first page that long too. Pages need no store and are served
 * at once; the routes that need it await `getStore()` as always (the same opening); the health check
 * answers 503 `{"status":"starting"}` while this opening is under way (server/lifecycle/health.ts), so a
 * load balancer sends no traffic before the server can sign anyone in.
 *
 * Then, once the opening has settled, `warm` (`next start` only): one request for the home page
 * over loopback, so that the first visitor after the health check's `ok` does not pay the page's
 * first render (its modules loaded and compiled: over a second on 2 busy cores). Not at the same
 * time as the opening: a render beside initdb slowed the pages visitors asked for meanwhile. A
 * warm-up that fails is logged and ends "starting" all the same.
 *
 * "Under way" ends when both have settled (the store open, or failed: the health check then reports
 * `store_unavailable` and the next request tries again) or after `waitMs` (a database that hangs
 * must not keep the instance "starting" for ever; it is then `store_unavailable`). With a Postgres
 * server (`stopWhenUnreachable`), the opening is retried until `waitMs` and the server then stops,
 * naming DATABASE_URL.
 *
 * Module state lives on `globalThis`: instrumentation and the route handlers are separate bundles.
 */

type BootState = { opening: boolean }

const key = Symbol.for('sigil.storeAtBoot')

function state(): BootState | undefined {
  return (globalThis as { [key]?: BootState })[key]
}

/** How long the health check may say "starting" before it reports the store as unavailable. */
const STORE_BOOT_WAIT_MS = 60_000

export type OpenStoreAtBootOptions = {
  /** Opens the store (`getStore`). */
  open: () => Promise<unknown>
  /** Renders the first page once (see above); none in development, where it would compile the page. */
  warm?: () => Promise<unknown>
  waitMs?: number
  log?: (line: string) => void
  /**
   * A store on a server (`next start` with DATABASE_URL): try again every `retryMs` until it opens;
   * still closed after `waitMs`, the server stops, with one line naming `setting` (an instance that
   * cannot sign anyone in should fail where its supervisor sees it, not serve 503s for ever).
   */
  stopWhenUnreachable?: { setting: string; exit: (line: string) => void; retryMs?: number }
}

/**
 * Starts opening the store and returns at once; a second call (dev reloads re-run `register`) does
 * nothing. Never rejects: a failure is logged and left to the next request's `getStore()`.
 */
export function openStoreAtBoot({ open, warm, waitMs = STORE_BOOT_WAIT_MS, log = console.error, stopWhenUnreachable }: OpenStoreAtBootOptions): void {
  const holder = globalThis as { [key]?: BootState }
  if (holder[key]) return
  const current: BootState = { opening: true }
  holder[key] = current
  const timer = setTimeout(() => {
    if (!current.opening) return
    current.opening = false
    log(`[sigil] the store is not open ${waitMs / 1000} s after start-up; the health check now reports it unavailable`)
  }, waitMs)
  timer.unref?.()
  const settled = () => {
    current.opening = false
    clearTimeout(timer)
  }
  const started = Date.now()
  const opening = attempt(open).catch(async (error: unknown) => {
    log(`[sigil] the store could not be opened at start-up: ${error instanceof Error ? error.message : String(error)}`)
    if (!stopWhenUnreachable) return
    // Not "starting" any more: the health check reports the store unavailable while it is retried.
    settled()
    let last = error
    while (Date.now() - started < waitMs) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(stopWhenUnreachable.retryMs ?? 2_000, Math.max(0, waitMs - (Date.now() - started)))))
      try {
        await attempt(open)
        log('[sigil] the store is open')
        return
      } catch (again) {
        last = again
      }
    }
    stopWhenUnreachable.exit(`[sigil] Sigil cannot start: ${stopWhenUnreachable.setting}: the store did not open within ${waitMs / 1000} s (${last instanceof Error ? last.message : String(last)})`)
  })
  // After the store: a render beside initdb and the visitors' first requests slowed them all.
  const warming = opening.then(() =>
    warm
      ? attempt(warm).catch((error: unknown) => {
          log(`[sigil] the first page could not be rendered at start-up (the first visitor's request will): ${error instanceof Error ? error.message : String(error)}`)
        })
      : undefined,
  )
  void warming.then(settled)
}

/** `run()`, a synchronous throw turned into a rejection. */
function attempt(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return run()
  } catch (error) {
    return Promise.reject(error)
  }
}

/** True while the start-up opening of the store is under way (see above). */
export function storeStarting(): boolean {
  return state()?.opening ?? false
}
