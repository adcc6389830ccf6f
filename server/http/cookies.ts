/** Minimal RFC 6265 cookie handling for route handlers that work on plain `Request`/`Response`. */

export type CookieAttributes = {
  maxAge?: number | undefined
  path?: string | undefined
  httpOnly?: boolean | undefined
  secure?: boolean | undefined
  sameSite?: 'Strict' | 'Lax' | 'None' | undefined
  /** CHIPS: the cookie is kept apart per top-level site (for a frame of another site). */
  partitioned?: boolean | undefined
}

/** Cookie names and values we set are token characters only, so no escaping is needed. */
const TOKEN = /^[\w!#$%&'*+\-.^`|~]+$/
const VALUE = /^[\w!#$%&'()*+\-./:<=>?@[\]^`{|}~]*$/

/** Reads the `Cookie` header; a malformed pair is skipped, never thrown on. First occurrence wins. */
export function readCookies(request: Request): Map<string, string> {
  const cookies = new Map<string, string>()
  const header = request.headers.get('cookie')
  if (!header) return cookies
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=')
    if (index <= 0) continue
    const name = pair.slice(0, index).trim()
    let value = pair.slice(index + 1).trim()
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1)
    if (!TOKEN.test(name) || cookies.has(name)) continue
    cookies.set(name, value)
  }
  return cookies
}

export function serializeCookie(name: string, value: string, attributes: CookieAttributes = {}): string {
  if (!TOKEN.test(name)) throw new TypeError(`Invalid cookie name: ${name}`)
  if (!VALUE.test(value)) throw new TypeError(`Invalid cookie value for ${name}`)
  const parts = [`${name}=${value}`]
  if (attributes.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(attributes.maxAge)}`)
  parts.push(`Path=${attributes.path ?? '/'}`)
  if (attributes.httpOnly) parts.push('HttpOnly')
  if (attributes.secure) parts.push('Secure')
  if (attributes.sameSite) parts.push(`SameSite=${attributes.sameSite}`)
  if (attributes.partitioned) parts.push('Partitioned')
  return parts.join('; ')
}

/** A `Set-Cookie` value that deletes the cookie (same name, path and flags, `Max-Age=0`). */
export function expiredCookie(name: string, attributes: CookieAttributes = {}): string {
  return serializeCookie(name, '', { ...attributes, maxAge: 0 })
}
