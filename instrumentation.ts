/**
 * Next.js start-up hook. Under `next start` (and `next dev`) the server listens first and then
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
  // Next replaces this literal read per runtime, so the edge build drops the imports below.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  // The deployment's sigil.config.ts as this build carries it, by the rules the build checked it
  // with (next.config.mjs): a bad field stops the server, named, before it serves anything.
  const { appSigilConfig } = await import('@/app/_config/sigilConfig')
  const { getDeploymentConfig } = await import('@sigil/server/config/server')
  try {
    appSigilConfig()
    // Its chains against what this environment serves (the local chain only with ENABLE_LOCAL_CHAIN).
    getDeploymentConfig()
  } catch (error) {
    console.error(`[sigil] Sigil cannot start: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
  const { readEnv } = await import('@sigil/server/config/env')
  const { installSocketAddressStamp } = await import('@sigil/server/http/socketAddress')
  installSocketAddressStamp()
  // Header, request and keep-alive time limits for slow clients (server/http/serverTimeouts.ts).
  const { installServerTimeouts } = await import('@sigil/server/http/serverTimeouts')
  installServerTimeouts()
  const { closeStore, getStore } = await import('@sigil/server/store/openStore')
  const { installGracefulShutdown } = await import('@sigil/server/lifecycle/shutdown')
  installGracefulShutdown({ close: closeStore })
  const { openStoreAtBoot } = await import('@sigil/server/lifecycle/storeAtBoot')
  const production = readEnv().production
  openStoreAtBoot({
    open: () => getStore(),
    // Then the start-up checks, not waited for: the health check's "ok" does not wait on an SMTP greeting.
    warm: production
      ? () =>
          warmHomePage(readEnv().port).finally(() => {
            logStartupChecks().catch((error: unknown) => console.error(`[sigil] start-up checks failed to run: ${error instanceof Error ? error.message : String(error)}`))
          })
      : undefined,
    // A Postgres that stays unreachable stops `next start` after 60 s, naming DATABASE_URL.
    stopWhenUnreachable: production && readEnv().databaseUrl
      ? {
          setting: 'DATABASE_URL',
          exit: (line) => {
            console.error(line)
            process.exit(1)
          },
        }
      : undefined,
  })
  // Next's banner names http://localhost:<port>; on the development defaults the app lives at
  // app.localhost (server/http/loopbackRedirect.ts), where its vault is the same site.
  const env = readEnv()
  if (!env.production && !env.appOriginSetting) console.info(`[sigil] the app: ${env.appOrigins[0]} (localhost redirects there), its vault: ${env.vault.origin}`)
}

/**
 * The start-up checks' lines (server/lifecycle/startupChecks.ts): SMTP and the RPC upstreams set by
 * variables, each named by its setting, in the log only.
 */
async function logStartupChecks(): Promise<void> {
  const env = (await import('@sigil/server/config/env')).readEnv()
  const { runStartupChecks, startupCheckLines } = await import('@sigil/server/lifecycle/startupChecks')
  const smtpUrl = env.smtpUrl
  const rpc = [
    ...Object.entries(env.rpcUrls).map(([chainId, url]) => ({ variable: `RPC_URL_${chainId}`, chainId: Number(chainId), url })),
    ...Object.entries(env.signInRpcUrls).map(([chainId, url]) => ({ variable: `SIGNIN_RPC_URL_${chainId}`, chainId: Number(chainId), url })),
  ]
  const smtp = smtpUrl
    ? {
        host: new URL(smtpUrl).host,
        verify: async () => {
          const nodemailer = await import('nodemailer')
          const transport = nodemailer.createTransport(smtpUrl)
          try {
            return await transport.verify()
          } finally {
            transport.close()
          }
        },
      }
    : undefined
  for (const line of startupCheckLines(await runStartupChecks({ smtp, rpc }))) console.info(line)
}

/**
 * One `GET /` to this server over loopback (Next set `PORT` when it began listening). Sent from
 * `register`, it waits with the other requests until `register` has resolved; stamped like them.
 */
async function warmHomePage(port: string | undefined): Promise<void> {
  if (!port) return
  const response = await fetch(`http://localhost:${port}/`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(30_000) })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`GET / answered ${response.status}`)
}
