/**
 * Next.js start-up hook. Next holds every request until an async `register` resolves (under `next
 * start` and `next dev`: the server listens at once, but its request handler waits for the server's
 * `prepare()`, which awaits this hook), so what is done here is done before any request is served:
 *
 * 1. Stamps every request with its socket's peer address (the only way a route handler learns it;
 *    see lib/http/socketAddress.ts) — first, so the requests that arrive while the store opens are
 *    stamped. A request parsed before even this ran (the first moments after `listen`) carries no
 *    stamp; it is refused with 503 `{"status":"starting"}` rather than served (proxy.ts,
 *    guardedRoute), never counted in a shared rate-limit bucket.
 * 2. Holds slow clients to time limits (lib/http/serverTimeouts.ts).
 * 3. Installs the graceful shutdown (lib/server/shutdown.ts): on SIGTERM the requests in flight
 *    finish, then the store closes and releases its folder lock.
 * 4. Opens the store and waits for it: creating an empty PGlite database (initdb) takes seconds, and
 *    a server that accepted requests meanwhile made the first page wait 5–10 s. Waited for at most
 *    60 s (a database that hangs). A failure here is not fatal — the server starts, `getStore()`
 *    retries on the next request and the auth routes and the health check answer 503 meanwhile.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { installSocketAddressStamp } = await import('@/lib/http/socketAddress')
  installSocketAddressStamp()
  // Header, request and keep-alive time limits for slow clients (lib/http/serverTimeouts.ts).
  const { installServerTimeouts } = await import('@/lib/http/serverTimeouts')
  installServerTimeouts()
  const { closeStore, getStore } = await import('@/lib/store/openStore')
  const { installGracefulShutdown } = await import('@/lib/server/shutdown')
  installGracefulShutdown({ close: closeStore })
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), STORE_BOOT_WAIT_MS)
  })
  try {
    if ((await Promise.race([getStore(), late])) === 'late') {
      console.error(`[sigil] the store is not open after ${STORE_BOOT_WAIT_MS / 1000} s; serving meanwhile (the health check answers 503 until it is)`)
    }
  } catch (error) {
    console.error(`[sigil] the store could not be opened at start-up: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    clearTimeout(timer)
  }
}

/**
 * How long start-up waits for the store before serving anyway: a database that hangs (rather than
 * refusing) must not keep the server from answering its health check. A cold PGlite folder takes
 * about 10 s on 2 busy cores.
 */
const STORE_BOOT_WAIT_MS = 60_000
