/**
 * Next.js start-up hook. Stamps every request with its socket's peer address (the only way a route
 * handler learns it; see lib/http/socketAddress.ts) before any request is served, and holds slow
 * clients to time limits (lib/http/serverTimeouts.ts). Opens the store
 * as the server boots rather than on the first sign-in: creating an empty PGlite database (initdb)
 * takes seconds, and doing it lazily stalled the first page's requests. A failure here is not fatal
 * — `getStore()` retries on the next request and the auth routes answer 503 meanwhile. Also installs
 * the graceful shutdown (lib/server/shutdown.ts): on SIGTERM the requests in flight finish, then the
 * store closes and releases its folder lock.
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
  getStore().catch((error: unknown) => {
    console.error(`[sigil] the store could not be opened at start-up: ${error instanceof Error ? error.message : String(error)}`)
  })
}
