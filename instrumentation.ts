/**
 * Next.js start-up hook; the work is Node's alone, in instrumentation-node.ts (the edge build, which
 * Next makes of this file too, must not see `process.exit` or `node:` modules). Under `next start` (and `next dev`) the server listens first and then
 * loads the app; every request it reads meanwhile waits until this `register` has resolved
 * (next/dist/server/lib/start-server.js: the request listener awaits the handlers, whose
 * `prepare()` awaits this hook). So `register` does only quick work and returns:
 *
 * 0. Checks the deployment's sigil.config.ts as the build carries it (app/_config/sigilConfig.ts).
 * 1. Stamps every request with its socket's peer address (the only way a route handler learns it;
 *    see server/http/socketAddress.ts) — first. Node stamps a request when it parses it, so one parsed
 *    in the moments between `listen` and this line carries no stamp (Next runs `register` only after
 *    it listens); it is refused with 503 `{"status":"starting"}` and `Retry-After: 1` (proxy.ts,
 *    guardedRoute: server/http/requestGuard.ts), never served with its rate limits in a shared bucket.
 * 2. Holds slow clients to time limits (server/http/serverTimeouts.ts).
 * 3. Installs the graceful shutdown (server/lifecycle/shutdown.ts): on SIGTERM the requests in flight
 *    finish, then the store closes and releases its folder lock.
 * 4. Starts opening the store, without waiting for it (server/lifecycle/storeAtBoot.ts): creating an
 *    empty PGlite database (initdb) takes seconds, and a server that waited here held its first page
 *    that long. Pages are served at once; the routes that need the store wait for this same opening;
 *    the health check answers 503 `{"status":"starting"}` until it is done and then (`next start`)
 *    the home page has been rendered once over loopback, so the first visitor after `ok` does not
 *    pay that first render. A failure is not fatal: `getStore()` retries on the next request, and
 *    the auth routes and the health check answer 503 `store_unavailable` meanwhile.
 */
export async function register(): Promise<void> {
  // Next replaces this literal read per runtime, so the edge build drops the import.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { registerOnNode } = await import('./instrumentation-node')
    await registerOnNode()
  }
}
