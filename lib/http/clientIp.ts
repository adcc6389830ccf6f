type Env = Record<string, string | undefined>

/**
 * The client's address, for per-IP rate limits. A route handler sees no socket, only headers:
 * `next start` fills `X-Forwarded-For` with the peer address when the request has none, and each
 * proxy in front appends the address it saw. `TRUSTED_PROXY_HOPS` (default 1) says how many entries
 * from the right to go back: 1 = the address the nearest hop saw. Entries further left are written
 * by the client and are not trusted.
 */
export function clientIp(request: Request, env: Env = process.env): string {
  const hops = Math.max(1, Number.parseInt(env.TRUSTED_PROXY_HOPS ?? '1', 10) || 1)
  const forwarded = request.headers.get('x-forwarded-for')
  if (forwarded) {
    const entries = forwarded.split(',').map((entry) => entry.trim()).filter(Boolean)
    const chosen = entries[Math.max(0, entries.length - hops)]
    if (chosen) return normalise(chosen)
  }
  const real = request.headers.get('x-real-ip')?.trim()
  return real ? normalise(real) : 'unknown'
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client; keys stay short whatever the header holds. */
function normalise(ip: string): string {
  return ip.replace(/^::ffff:/i, '').slice(0, 64).toLowerCase()
}
