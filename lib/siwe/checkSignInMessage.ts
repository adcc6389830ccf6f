import { HttpError } from '@/lib/http/HttpError'
import type { SignInMessage } from './parseSignInMessage'
import type { SignInPolicy } from './policy'

/** Clock difference tolerated between the user's device (which wrote Issued At) and the server. */
export const MAX_CLOCK_SKEW_MS = 60_000

function originOf(value: string): string | null {
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

/**
 * Checks a parsed message against this deployment, each problem with its own 422 code: the domain
 * and uri must name one configured origin (EIP-4361 domain binding, so a signature phished on another
 * site is useless here), the chain must be supported, and the message must be valid now.
 * Returns the configured origin the message matched.
 */
export function checkSignInMessage(message: SignInMessage, policy: SignInPolicy, now: Date): string {
  const domain = message.domain.toLowerCase()
  const origin = policy.origins.find((candidate) => {
    try {
      return new URL(candidate).host === domain
    } catch {
      return false
    }
  })
  if (!origin) throw new HttpError('domain_mismatch', { details: `domain ${message.domain.slice(0, 100)}` })
  if (message.scheme !== undefined && `${message.scheme.toLowerCase()}:` !== new URL(origin).protocol) {
    throw new HttpError('domain_mismatch', { details: `scheme ${message.scheme.slice(0, 20)}` })
  }
  if (originOf(message.uri) !== origin) throw new HttpError('uri_mismatch', { details: `uri ${message.uri.slice(0, 100)}` })
  if (!policy.chainIds.includes(message.chainId)) throw new HttpError('unsupported_chain', { details: `chain ${message.chainId}` })
  const time = now.getTime()
  if (message.expirationTime && message.expirationTime.getTime() <= time) throw new HttpError('message_expired')
  if (message.notBefore && message.notBefore.getTime() > time) throw new HttpError('message_not_yet_valid', { details: 'Not Before is in the future' })
  if (message.issuedAt.getTime() > time + MAX_CLOCK_SKEW_MS) throw new HttpError('message_not_yet_valid', { details: 'Issued At is in the future' })
  return origin
}
