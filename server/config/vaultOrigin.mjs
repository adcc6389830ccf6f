/**
 * The embedded wallet's vault origin (`VAULT_ORIGIN`): the one origin where its keys, its passkey
 * ceremonies and its confirmation sheet live, apart from the app's pages (docs: README, "The vault").
 * Plain JavaScript so that `next.config.mjs` checks it at `next start` with the same rule the server
 * applies at run time.
 *
 * - set: an exact https origin, or `http://<name>.localhost[:port]` (a secure context on loopback,
 *   for development and tests), different from every `APP_ORIGIN` entry;
 * - unset, and every `APP_ORIGIN` is plain http on loopback (development, tests, a local try of a
 *   production build): `http://wallet.<the first APP_ORIGIN's host>:<its port>`, e.g.
 *   `http://wallet.localhost:3000`: browsers resolve every `*.localhost` name to loopback, so one
 *   server answers both origins;
 * - unset otherwise: no vault. Production refuses to boot; elsewhere the embedded row says the wallet
 *   is unavailable on this deployment and every other family works.
 */

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** @param {string} origin */
function isLoopbackHttp(origin) {
  try {
    const url = new URL(origin)
    return url.protocol === 'http:' && (LOOPBACK.has(url.hostname) || url.hostname.endsWith('.localhost'))
  } catch {
    return false
  }
}

/** @param {string} hostname */
function isLocalhostName(hostname) {
  return hostname === 'localhost' || hostname.endsWith('.localhost')
}

/**
 * @param {{ VAULT_ORIGIN?: string | undefined }} env
 * @param {readonly string[]} appOrigins the exact `APP_ORIGIN` entries
 * @returns {{ origin: string | undefined, problem: string | undefined }}
 */
export function resolveVaultOrigin(env, appOrigins) {
  const raw = env.VAULT_ORIGIN?.trim()
  if (!raw) {
    const first = appOrigins[0]
    if (first && appOrigins.every(isLoopbackHttp)) {
      const url = new URL(first)
      // A name under the app's own host: for `app.localhost` the vault is the same site as the app.
      const host = url.hostname === '127.0.0.1' || url.hostname === '[::1]' ? 'localhost' : url.hostname
      const origin = `http://wallet.${host}${url.port ? `:${url.port}` : ''}`
      if (appOrigins.includes(origin)) return { origin: undefined, problem: `VAULT_ORIGIN is required: its default (${origin}) is one of APP_ORIGIN.` }
      return { origin, problem: undefined }
    }
    return { origin: undefined, problem: 'VAULT_ORIGIN is required: the embedded wallet\'s own origin (e.g. https://wallet.sigil.example), served by this same deployment and different from every APP_ORIGIN.' }
  }
  let url
  try {
    url = new URL(raw)
  } catch {
    return { origin: undefined, problem: `VAULT_ORIGIN must be an origin such as https://wallet.sigil.example, got "${raw.slice(0, 100)}".` }
  }
  if (url.origin !== raw.replace(/\/$/, '')) return { origin: undefined, problem: `VAULT_ORIGIN must be an exact origin (no path, query or trailing parts), got "${raw.slice(0, 100)}".` }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalhostName(url.hostname)))
    return { origin: undefined, problem: `VAULT_ORIGIN must be https (http only for a *.localhost name), got "${url.origin}".` }
  if (appOrigins.includes(url.origin)) return { origin: undefined, problem: `VAULT_ORIGIN must differ from every APP_ORIGIN entry: ${url.origin} is the app's own origin.` }
  return { origin: url.origin, problem: undefined }
}
