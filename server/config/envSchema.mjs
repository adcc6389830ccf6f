/**
 * The environment Sigil reads, in one place: every variable (what it is, its default, what a
 * production server needs) and the production rules `next start` checks before it serves anything.
 * The wallet families' variables are listed here too, though each family's manifest parses its own
 * (`settings`, docs/families/README.md): a deployment reads one list (connectors/manifests.test.ts
 * checks every variable a family declares is in it).
 * Plain JavaScript so that `next.config.mjs` uses the same module the server's typed reader
 * (server/config/env.ts) is built on; types in envSchema.d.mts. The `.env.example` file and the
 * configuration table of docs/deploy.md are checked against this list (tests/unit/envExample.test.ts,
 * server/config/env.test.ts), so neither can drift from it.
 */
import { resolveVaultOrigin } from './vaultOrigin.mjs'
import { sameSite } from './originSite.mjs'
import { productionMailProblem } from '../embedded/mailPolicy.mjs'

/**
 * Each variable: `group` is `required` (in production), `optional`, `tests` (ignored in production or
 * honoured only on loopback origins) or `runtime` (set by Next or Node for the code to read, never by
 * whoever runs the app). `family` names a set of variables, one per chain id (`RPC_URL_1`, …).
 * `readBy: 'node'` is read by Node itself, not by Sigil's code; `readBy: 'bundler'` is read by a
 * literal read that Next's bundler replaces at build time (instrumentation.ts), not by the reader.
 */
export const ENV_VARIABLES = Object.freeze([
  { name: 'APP_ORIGIN', group: 'required',
    summary: 'The exact origin(s) the site answers on, comma-separated; sign-in messages must name one of them.',
    default: 'http://app.localhost:$PORT (then http://localhost:$PORT and http://127.0.0.1:$PORT, whose pages go there) outside production',
    production: 'required' },
  { name: 'VAULT_ORIGIN', group: 'required',
    summary: 'The embedded wallet\'s own origin (its passkeys\' RP ID is this host), served by the same server.',
    default: 'http://wallet.<first APP_ORIGIN host>:<its port> when every APP_ORIGIN is plain http on loopback, else none (the embedded wallet is not offered)',
    production: 'required, https, not an APP_ORIGIN' },
  { name: 'SESSION_SECRET', group: 'required',
    summary: 'Seals the session cookies: 32+ characters; while rotating, a comma-separated list, newest first.',
    default: 'generated once into DATA_DIR/session-secret outside production',
    production: 'required' },
  { name: 'EMBEDDED_RECOVERY_KEY', group: 'required',
    summary: 'The embedded wallet\'s email-recovery key: 32 random bytes, base64 or hex, the same on every instance.',
    default: 'generated once into DATA_DIR outside production',
    production: 'required (guard it like a master key)' },
  { name: 'TRUSTED_PROXY_HOPS', group: 'required',
    summary: 'How many proxies in front of the app append to X-Forwarded-For (0 to 10; 0 = the socket\'s peer is the client).',
    default: '0 outside production',
    production: 'required' },
  { name: 'SMTP_URL', group: 'required',
    summary: 'SMTP server for the embedded wallet\'s codes and recovery notices; TLS in production (smtps://, or smtp://…?requireTLS=true).',
    default: 'unset = emails written to DATA_DIR/outbox/ under next dev and on loopback origins',
    production: 'required unless every APP_ORIGIN is loopback http' },
  { name: 'MAIL_FROM', group: 'optional',
    summary: 'The sender of the embedded wallet\'s emails.',
    default: 'Sigil <no-reply@localhost>',
    production: 'optional, but set an address of your own domain' },
  { name: 'DATA_DIR', group: 'optional',
    summary: 'Where the embedded database (PGlite) and the development secrets live; one process per folder.',
    default: '.data/ in the working directory',
    production: 'optional (unused for the store with DATABASE_URL)' },
  { name: 'DATABASE_URL', group: 'optional',
    summary: 'A Postgres server instead of the embedded PGlite, for several instances behind a load balancer.',
    default: 'unset (PGlite under DATA_DIR)',
    production: 'optional' },
  { name: 'PORT', group: 'optional',
    summary: 'The port `npm run dev` / `npm start` listen on (localhost only); also the default APP_ORIGIN\'s port.',
    default: '3000',
    production: 'optional' },
  { name: 'VAULT_CROSS_SITE', group: 'optional',
    summary: 'Set to 1 to start with a VAULT_ORIGIN of another site than the app (its frame then keeps no data in most browsers: the embedded wallet opens in a window of its own).',
    default: 'unset (such a VAULT_ORIGIN stops next start)',
    production: 'optional; prefer a VAULT_ORIGIN under the app\'s site' },
  { name: 'WALLETCONNECT_PROJECT_ID', group: 'optional',
    summary: 'WalletConnect (Reown) Cloud project id: without it the wallets that pair over WalletConnect are not offered.',
    default: 'unset',
    production: 'optional (recommended)' },
  { name: 'NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID', group: 'optional',
    summary: 'The older name of WALLETCONNECT_PROJECT_ID, read only when that one is unset.',
    default: 'unset',
    production: 'optional (prefer WALLETCONNECT_PROJECT_ID)' },
  { name: 'WALLETCONNECT_RELAY_URL', group: 'optional',
    summary: 'A self-hosted WalletConnect relay: wss:// (ws:// only on loopback, for tests).',
    default: 'the WalletConnect SDK\'s relay',
    production: 'optional' },
  { name: 'COINBASE_PREFERENCE', group: 'optional',
    summary: 'Which accounts Coinbase\'s popup offers: smartWalletOnly, all or eoaOnly (any other value stops the server).',
    default: 'smartWalletOnly',
    production: 'optional' },
  { name: 'EMBEDDED_RECOVERY_KEYS_PREVIOUS', group: 'optional',
    summary: 'Retired embedded-recovery keys, comma-separated, newest first, until `npm run embedded:reseal` has moved every wallet.',
    default: 'unset',
    production: 'optional (only while rotating EMBEDDED_RECOVERY_KEY)' },
  { name: 'EMBEDDED_RECOVERY_DELAY', group: 'optional',
    summary: 'Time from an email recovery\'s start to its key\'s release: seconds, or 90s / 30m / 48h / 2d, up to 30 days.',
    default: '48h',
    production: 'optional, at least 1h on a public origin' },
  { name: 'RPC_URL_<chainId>', group: 'optional', family: 'RPC_URL_',
    summary: 'Server-only RPC address of chain <chainId> (e.g. a keyed provider URL); never sent to the browser.',
    default: 'the WalletConnect RPC with a project id, else the chain\'s public RPC (31337: http://127.0.0.1:8545)',
    production: 'optional' },
  { name: 'SIGNIN_RPC_URL_<chainId>', group: 'optional', family: 'SIGNIN_RPC_URL_',
    summary: 'Server-only RPC of chain <chainId> for sign-in\'s contract-wallet checks (ERC-1271/6492) only.',
    default: 'RPC_URL_<chainId>',
    production: 'optional' },
  { name: 'RPC_PROXY_RATE_LIMIT_PER_IP', group: 'optional',
    summary: 'Calls per client IP per minute through /api/rpc/<chainId> (a batch counts each call).',
    default: '600',
    production: 'optional' },
  { name: 'RPC_PROXY_BUDGET_PER_MINUTE', group: 'optional',
    summary: 'Calls per chain per minute the RPC proxy forwards, all instances and clients together.',
    default: '1200',
    production: 'optional' },
  { name: 'RPC_PROXY_MAX_GAS', group: 'optional',
    summary: 'Gas cap of proxied eth_call / eth_estimateGas (1 to 30000000).',
    default: '3000000',
    production: 'optional' },
  { name: 'RPC_BROADCAST_RATE_LIMIT_PER_IP', group: 'optional',
    summary: 'Signed transactions per client IP per minute through /api/rpc/<chainId>/broadcast.',
    default: '30',
    production: 'optional' },
  { name: 'SIGIL_CONFIG', group: 'optional',
    summary: 'The deployment configuration file (chains, families, wallet list, theme, copy, sign-in statement; docs/configuration.md), as a path from the project root. Read when the app is built.',
    default: 'sigil.config.ts when the project has one, else none',
    production: 'optional' },
  { name: 'ENABLE_LOCAL_CHAIN', group: 'optional',
    summary: 'Offer the local anvil chain (31337): 1/true or 0/false.',
    default: 'on outside production, off in production',
    production: 'leave unset' },
  { name: 'AUTH_NONCE_RATE_LIMIT_PER_IP', group: 'optional',
    summary: 'Sign-in nonces per client IP per minute.',
    default: '120',
    production: 'optional' },
  { name: 'AUTH_NONCE_RATE_LIMIT_PER_BROWSER', group: 'optional',
    summary: 'Sign-in nonces per browser (its nonce-binding cookie) per minute.',
    default: '60',
    production: 'optional' },
  { name: 'AUTH_RATE_LIMIT_PER_IP', group: 'optional',
    summary: 'Sign-in attempts per client IP per minute.',
    default: '30',
    production: 'optional' },
  { name: 'AUTH_RATE_LIMIT_PER_ADDRESS', group: 'optional',
    summary: 'Sign-in attempts per address per minute from one client IP.',
    default: '10',
    production: 'optional' },
  { name: 'SESSION_PLACE_HEADER', group: 'optional',
    summary: 'A request header your proxy fills with the client\'s country or city (e.g. cf-ipcountry), shown in the sessions list.',
    default: 'unset (no place kept)',
    production: 'optional, only behind a proxy that overwrites the header' },
  { name: 'NEXT_DIST_DIR', group: 'optional',
    summary: 'Next\'s build folder, for a second build beside .next (e.g. two test runs on one checkout).',
    default: '.next',
    production: 'optional (the same value for `npm run build` and `npm start`)' },
  { name: 'NEXT_MANUAL_SIG_HANDLE', group: 'optional',
    summary: 'Next\'s own switch for a host program that handles SIGTERM/SIGINT itself: Next and Sigil then install no handler.',
    default: 'unset',
    production: 'leave unset' },
  { name: 'NODE_EXTRA_CA_CERTS', group: 'optional', readBy: 'node',
    summary: 'Read by Node, not by Sigil: extra CA certificates to trust (a private CA of your SMTP or Postgres server).',
    default: 'unset',
    production: 'optional' },
  { name: 'COINBASE_KEYS_URL', group: 'tests',
    summary: 'A loopback stand-in for Coinbase\'s popup; honoured only with the local chain on and every APP_ORIGIN on loopback.',
    default: 'unset (Coinbase\'s own popup)',
    production: 'ignored on any public origin' },
  { name: 'EMBEDDED_TEST_CLOCK', group: 'tests',
    summary: 'The embedded wallet\'s test clock: a secret of 32+ characters; honoured only with the local chain on and loopback origins.',
    default: 'unset (no test hooks)',
    production: 'leave unset' },
  { name: 'EMBEDDED_TEST_IDLE_LOCK_MS', group: 'tests',
    summary: 'The vault\'s idle lock in milliseconds, behind EMBEDDED_TEST_CLOCK\'s gate.',
    default: 'unset (the normal idle lock)',
    production: 'ignored' },
  { name: 'ENS_AVATAR_ALLOW_LOOPBACK', group: 'tests',
    summary: 'Lets the ENS avatar endpoint fetch from loopback (1); ignored when NODE_ENV=production.',
    default: 'unset',
    production: 'ignored' },  { name: 'NODE_ENV', group: 'runtime',
    summary: 'Set by Next: production under `next start`, development under `next dev`, test under vitest. Next keeps a value set by hand, so `next start` refuses any other than `production` (a `staging` would turn off Secure cookies, HSTS and the strict CSP, and turn on the local chain).',
    default: 'set by Next',
    production: 'unset or `production`' },
  { name: 'NEXT_RUNTIME', group: 'runtime', readBy: 'bundler',
    summary: 'Set by Next: the runtime a module runs in (nodejs or edge); instrumentation.ts starts the server\'s work on nodejs only.',
    default: 'set by Next',
    production: 'set by Next' },
].map((variable) => Object.freeze(variable)))

/** The `TRUSTED_PROXY_HOPS` maximum: more proxies than this in front of one app is a mistake. */
export const MAX_TRUSTED_PROXY_HOPS = 10

/** The shortest session secret (each entry of a rotation list). */
export const MIN_SESSION_SECRET_LENGTH = 32

/** `SESSION_SECRET`'s entries: one secret, or a comma-separated list while rotating (each trimmed). */
export function sessionSecretEntries(raw) {
  return String(raw ?? '').split(',').map((secret) => secret.trim())
}

/** `APP_ORIGIN`'s entries as origins where they parse (the boot check's view; the reader is stricter). */
function appOriginEntries(raw) {
  return String(raw ?? '').split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => {
    try {
      return new URL(entry).origin
    } catch {
      return entry
    }
  })
}

/** Next's build folder: `NEXT_DIST_DIR`, else `.next` (the config's `distDir`, and where the server reads its build). */
export function distDir(env) {
  return env.NEXT_DIST_DIR || '.next'
}

/**
 * What `next start` refuses to boot with: one line per broken production rule, in the variables'
 * order (empty when the environment is fit for a deployment). The same rules are enforced again where
 * the values are read (server/config/env.ts), with the messages the server gives at run time.
 */
export function productionEnvironmentProblems(env) {
  const problems = []
  // `next start` sets NODE_ENV to production only when it is unset, and keeps any other value with a
  // warning; every hardening of a deployment reads it (Secure and __Host- cookies, HSTS, the strict
  // CSP and Trusted Types, no local chain, the test-only switches ignored).
  if (env.NODE_ENV !== undefined && env.NODE_ENV !== 'production')
    problems.push(`NODE_ENV is "${env.NODE_ENV}", not "production": a production build runs as one, with its cookies, headers and checks; leave NODE_ENV unset or set it to production.`)
  // One secret, or a comma-separated list while rotating: each of 32+ characters.
  if (sessionSecretEntries(env.SESSION_SECRET).some((secret) => secret.length < MIN_SESSION_SECRET_LENGTH))
    problems.push('SESSION_SECRET is required in production: a random string of at least 32 characters (e.g. openssl rand -base64 32).')
  const hops = env.TRUSTED_PROXY_HOPS?.trim()
  if (!hops || !/^\d+$/.test(hops) || Number(hops) > MAX_TRUSTED_PROXY_HOPS)
    problems.push('TRUSTED_PROXY_HOPS is required in production: the number of proxies in front of the app that append to X-Forwarded-For, 0 to 10 (0 = none: the socket address is the client).')
  if (!env.APP_ORIGIN?.trim())
    problems.push('APP_ORIGIN is required in production: the exact origin(s) the site answers on, comma-separated (e.g. https://sigil.example).')
  // The embedded wallet's own origin (vaultOrigin.mjs): https, apart from every APP_ORIGIN.
  const origins = appOriginEntries(env.APP_ORIGIN)
  const vault = origins.length ? resolveVaultOrigin(env, origins) : undefined
  if (vault?.problem) problems.push(vault.problem)
  // Only a VAULT_ORIGIN someone set: the loopback default (wallet.<host>) is a warning (below).
  const crossSite = vault?.origin && env.VAULT_ORIGIN?.trim() ? crossSiteOrigins(vault.origin, origins) : []
  if (crossSite.length && !crossSiteAllowed(env))
    problems.push(`VAULT_ORIGIN ${vault.origin} is another site than ${crossSite.join(', ')}: most browsers keep no data for its frame there, and the embedded wallet would always open in a window of its own. Use a name under the app's site (e.g. https://wallet.sigil.example for https://sigil.example), or set VAULT_CROSS_SITE=1 if that is deliberate.`)
  const port = loopbackPortProblem(env, origins)
  if (port) problems.push(port)
  if (!env.EMBEDDED_RECOVERY_KEY?.trim())
    problems.push('EMBEDDED_RECOVERY_KEY is required in production: 32 random bytes as base64 (openssl rand -base64 32), the same on every instance; without it no embedded wallet can be recovered by email.')
  // Real mail over TLS (server/embedded/mailPolicy.mjs): the embedded wallet's codes go by email.
  const mail = productionMailProblem(env)
  if (mail) problems.push(mail)
  // The Coinbase Smart Wallet's setting, parsed by its manifest (connectors/coinbaseSmartWallet/settings.ts,
  // which this plain module cannot import): restated here so that `next start` refuses it at boot.
  const preference = env.COINBASE_PREFERENCE?.trim()
  if (preference && !['all', 'smartWalletOnly', 'eoaOnly'].includes(preference))
    problems.push(`COINBASE_PREFERENCE must be one of all, smartWalletOnly, eoaOnly, got "${preference}".`)
  return problems
}

/** The APP_ORIGIN entries the vault is not the same site as (server/config/originSite.mjs). */
function crossSiteOrigins(vaultOrigin, appOrigins) {
  return appOrigins.filter((origin) => !sameSite(origin, vaultOrigin))
}

function crossSiteAllowed(env) {
  return ['1', 'true'].includes(env.VAULT_CROSS_SITE?.trim() ?? '')
}

/**
 * What `next start` warns about and starts anyway, one line each with its consequence: a vault of
 * another site than the app, set so deliberately (VAULT_CROSS_SITE=1), or the loopback default under
 * a plain `localhost` APP_ORIGIN (`wallet.localhost` is another site than `localhost`).
 */
export function productionEnvironmentWarnings(env) {
  const origins = appOriginEntries(env.APP_ORIGIN)
  const vault = origins.length ? resolveVaultOrigin(env, origins).origin : undefined
  const crossSite = vault ? crossSiteOrigins(vault, origins) : []
  if (!crossSite.length) return []
  if (!env.VAULT_ORIGIN?.trim())
    return [`VAULT_ORIGIN defaults to ${vault}, another site than ${crossSite.join(', ')}: the embedded wallet opens in a window of its own there. APP_ORIGIN=http://app.localhost:<port> puts its vault (wallet.app.localhost) on the same site, in the page.`]
  if (!crossSiteAllowed(env)) return []
  return [`VAULT_ORIGIN ${vault} is another site than ${crossSite.join(', ')} (VAULT_CROSS_SITE=1): in browsers that keep no data for other sites' frames, the embedded wallet opens in a window of its own there.`]
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

/**
 * An APP_ORIGIN on loopback names a port a browser will use: on another port than the one this server
 * listens on (`PORT`, which Next sets before it reads the config), the page and sign-in meet two
 * different servers, and sign-in fails with "did not come from this site" however often one reloads.
 */
function loopbackPortProblem(env, origins) {
  const listening = env.PORT?.trim()
  if (!listening || !/^\d+$/.test(listening)) return undefined
  for (const origin of origins) {
    let url
    try {
      url = new URL(origin)
    } catch {
      continue
    }
    const loopback = url.protocol === 'http:' && (LOOPBACK_NAMES.includes(url.hostname) || url.hostname.endsWith('.localhost'))
    const port = url.port || '80'
    if (loopback && port !== listening)
      return `APP_ORIGIN ${url.origin} is on port ${port}, but this server listens on ${listening}: the page and sign-in would reach different servers. Set APP_ORIGIN=http://${url.hostname}:${listening}, or PORT=${port}.`
  }
  return undefined
}
