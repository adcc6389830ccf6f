/**
 * What may reach the server log about an email: never a code, never a whole address. An address is
 * masked to its first letters (`a***@e***.test`): enough to tell two users apart in an incident,
 * too little to write to them.
 */

const EMAIL = /[^\s@<>()[\]\\,;:"']+@[^\s@<>()[\]\\,;:"']+\.[A-Za-z0-9-]+/g

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '***'
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  const dot = domain.lastIndexOf('.')
  const tld = dot > 0 ? domain.slice(dot) : ''
  return `${local[0]}***@${domain[0] ?? ''}***${tld}`
}

/**
 * A message from elsewhere (an SMTP server's reply, a transport error) made safe to log: addresses
 * masked, any run of 6 digits (a code's shape) replaced, cut to `max` characters.
 */
export function redactForLog(text: string, max = 200): string {
  return text.replace(EMAIL, (match) => maskEmail(match)).replace(/(?<!\d)\d{6}(?!\d)/g, '[6 digits]').slice(0, max)
}
