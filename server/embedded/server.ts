import 'server-only'
import { getSupportedChains } from '@sigil/lib/chains'
import { envOf, readEnv, type EnvInput } from '@/server/config/env'
import { getDeploymentConfig, trustedProxyHops } from '@/server/config/server'
import { clientIp } from '@/server/http/clientIp'
import { getStore } from '@/server/store/openStore'
import { createEmbeddedApi } from './api'
import { embeddedNow, isTestClockEnabled } from './clock'
import { createMailer, type Mailer } from './mailer'
import { recoveryKeyring, resolvePreviousRecoverySecrets, resolveRecoverySecret, type RecoveryKeyring } from './recoveryKey'
import { createEmbeddedRoutes, type EmbeddedConfig, type EmbeddedRoutes } from './routes'
import { createVaultPage, createVaultRoute, type VaultPageSettings, type VaultScriptWithChunks } from './vaultPage'

// Derived once per process and set of secrets (importing keys is cheap, but not free on every request).
let cachedKeys: { signature: string; ring: Promise<RecoveryKeyring> } | undefined
let cachedMailer: { signature: string; mailer: Mailer } | undefined

/** The embedded wallet's configuration, read per request from the environment (one build, any deployment). */
function embeddedConfigFromEnv(input?: EnvInput): EmbeddedConfig {
  const env = envOf(input)
  const publicConfig = getDeploymentConfig(env)
  const folder = env.dataDir
  const signature = `${env.nodeEnv ?? ''}|${env.smtpUrl ?? ''}|${env.mailFrom}|${folder}|${publicConfig.appOrigins.join(',')}`
  // Throws MailConfigError on mail settings production refuses (next start refuses them first).
  if (cachedMailer?.signature !== signature) cachedMailer = { signature, mailer: createMailer({ env, dataDir: folder, origins: publicConfig.appOrigins }) }
  // The wallet's API answers its vault only (server/http/vaultRouting.ts): the passkeys' RP is the
  // vault's host, their expected origin the vault's, and the emails' links point there.
  const vault = publicConfig.vaultOrigin
  return {
    origins: vault ? [vault] : [],
    frameOrigins: publicConfig.appOrigins,
    // Secure always: the vault is https, or a *.localhost name (a secure context, where browsers keep
    // Secure cookies). Its cookies are sent from the vault's frame, which may be another site than the
    // page around it: SameSite=None, Partitioned (embeddedRouteKit.ts), so each top-level site has its own.
    secureCookies: vault !== undefined,
    mailer: cachedMailer.mailer,
    recoveryDelaySeconds: env.embeddedRecoveryDelaySeconds,
    trustedProxyHops: env.trustedProxyHops,
    recoveryKeys: () => {
      const current = resolveRecoverySecret({ env, dataDir: folder })
      const previous = resolvePreviousRecoverySecrets(env)
      const id = [current, ...previous].map((secret) => Buffer.from(secret).toString('base64')).join(',')
      if (cachedKeys?.signature !== id) cachedKeys = { signature: id, ring: recoveryKeyring(current, previous) }
      return cachedKeys.ring
    },
  }
}

let routes: EmbeddedRoutes | undefined

function getEmbeddedRoutes(): EmbeddedRoutes {
  routes ??= createEmbeddedRoutes({
    config: () => embeddedConfigFromEnv(),
    store: () => getStore(),
    now: () => embeddedNow(isTestClockEnabled(readEnv(), getDeploymentConfig().appOrigins)),
    clientIp: (request) => clientIp(request, trustedProxyHops()),
  })
  return routes
}

/**
 * The whole wallet API, wired from the environment, for one catch-all route file
 * (`app/api/embedded/[...path]/route.ts`, exported for every method; embedded/api.ts).
 */
export function getEmbeddedApi(): ReturnType<typeof createEmbeddedApi> {
  return createEmbeddedApi(getEmbeddedRoutes)
}

/** The vault page's settings, read per request from the environment, like the routes' above. */
function vaultPageSettingsFromEnv(): VaultPageSettings {
  const env = readEnv()
  const appOrigins = getDeploymentConfig(env).appOrigins
  return {
    appOrigins,
    // Tests only: the idle lock in seconds rather than minutes, where the test hooks exist at all
    // (EMBEDDED_TEST_CLOCK's secret, loopback origins, the local chain: never a deployment).
    idleLockMs: isTestClockEnabled(env, appOrigins) ? env.testIdleLockMs : undefined,
    chains: getSupportedChains({ includeLocal: env.localChain }).map((chain) => ({
      id: chain.id,
      name: chain.name,
      symbol: chain.nativeCurrency.symbol,
      decimals: chain.nativeCurrency.decimals,
    })),
  }
}

/** The vault page (`createVaultPage`) from the environment; `scriptHash` is the host's build of the vault script. */
export function getVaultPage(scriptHash: () => Promise<string>): (request: Request) => Promise<Response> {
  return createVaultPage({ settings: vaultPageSettingsFromEnv, scriptHash })
}

/**
 * The vault's page, script and chunks (`createVaultRoute`), its settings from the environment, for a
 * host's one route file: `export const GET = getVaultRoute(() => prebuiltVaultScript)` (as the
 * packages' consumer app, tests/packages/consumer-next, does; Sigil's app keeps three route files,
 * for its per-request build under `next dev`).
 * @public
 */
export function getVaultRoute(script: () => VaultScriptWithChunks | Promise<VaultScriptWithChunks>) {
  return createVaultRoute({ settings: vaultPageSettingsFromEnv, script })
}
