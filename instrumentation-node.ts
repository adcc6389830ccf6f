/** `register` of instrumentation.ts, on the Node.js runtime (that file says what it does, in order). */
export async function registerOnNode(): Promise<void> {
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
