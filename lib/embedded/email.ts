/** Longest address SMTP can carry (RFC 5321 §4.5.3.1.3: a 256-octet path, 254 without the brackets). */
const MAX_EMAIL_LENGTH = 254

/**
 * A recovery email, trimmed and lowercased (one mailbox, one spelling), or undefined when it is not a
 * plausible address. Deliberately simple — one `@`, a dotted domain, no spaces or control characters —
 * because the code we send is the real check.
 */
export function normaliseEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const email = value.trim().toLowerCase()
  if (email.length > MAX_EMAIL_LENGTH) return undefined
  if (!/^[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(email)) return undefined
  return email
}
