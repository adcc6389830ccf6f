/**
 * On one's own machine the app lives at a `*.localhost` name (`http://app.localhost:3000` by default,
 * server/config/env.ts), so that its vault (`wallet.app.localhost`) is the same site and runs in its
 * frame, as under a deployment's `sigil.example` and `wallet.sigil.example`. A browser that opens the
 * plain loopback names instead (`localhost`, `127.0.0.1`, `[::1]` on the same port) is sent there:
 * on `localhost` the vault would be another site, its frame would keep no data, and the embedded
 * wallet would always open in a window of its own.
 *
 * Only a browser's navigation to a page is sent (`Sec-Fetch-Dest: document`, GET or HEAD, not under
 * `/api/`): scripts, the API, `curl` and the server's own warm-up request are answered where they ask. Only when the first
 * `APP_ORIGIN` is plain http on a `*.localhost` name; a deployment's origins never redirect.
 * 307, not permanent: another configuration tomorrow may serve `localhost` itself.
 */

const PLAIN_LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

export function loopbackRedirect(request: { method: string; url: string; headers: Headers }, appOrigins: readonly string[]): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
  if (request.headers.get('sec-fetch-dest') !== 'document') return undefined
  const first = appOrigins[0]
  if (!first) return undefined
  const target = new URL(first)
  if (target.protocol !== 'http:' || !target.hostname.endsWith('.localhost')) return undefined
  const host = request.headers.get('host')?.toLowerCase()
  if (!host) return undefined
  let asked: URL
  try {
    asked = new URL(`http://${host}`)
  } catch {
    return undefined
  }
  if (!PLAIN_LOOPBACK.has(asked.hostname) || asked.port !== target.port) return undefined
  const url = new URL(request.url)
  // Pages only: the API answers where it is asked (its own origin and Fetch Metadata rules apply).
  if (url.pathname.startsWith('/api/')) return undefined
  return `${target.origin}${url.pathname}${url.search}`
}
