import { HttpError } from '@sigil/lib/errors/HttpError'
import { authError } from '@sigil/lib/siwe/catalogue'
import type { SignInMessage } from './parseSignInMessage'
import { MAX_CLOCK_SKEW_MS, MAX_EXPIRATION_AHEAD_MS, REQUEST_ID_PATTERN, type SignInPolicy } from '@sigil/lib/siwe/policy'
import { checkSignInResources } from './checkSignInResources'


function originOf(value: string): string | null {
  try {
    const url = new URL(value)
    // userinfo or a fragment make a uri that reads like another one in a wallet's prompt.
    if (url.username || url.password || url.hash || value.includes('#')) return null
    return value === url.origin || value === `${url.origin}/` ? url.origin : null
  } catch {
    return null
  }
}

/**
 * Checks a parsed message against this deployment, each problem with its own 422 code: the domain
 * and uri must name one configured origin (EIP-4361 domain binding, so a signature phished on another
 * site is useless here), the chain must be supported, the optional fields must be what the page
 * writes (the statement or none, only the resources the policy allows, a short request id or none), and the message must be
 * valid now, for no longer than the page ever asks. Returns the configured origin the message matched.
 */
export function checkSignInMessage(message: SignInMessage, policy: SignInPolicy, now: Date, expected: { statement?: string | undefined } = {}): string {
  const domain = message.domain.toLowerCase()
  const origin = policy.origins.find((candidate) => {
    try {
      return new URL(candidate).host === domain
    } catch {
      return false
    }
  })
  if (!origin) throw authError('domain_mismatch', { details: `domain ${message.domain.slice(0, 100)}` })
  if (message.scheme !== undefined && `${message.scheme.toLowerCase()}:` !== new URL(origin).protocol) {
    throw authError('domain_mismatch', { details: `scheme ${message.scheme.slice(0, 20)}` })
  }
  // The page writes its origin as uri, exactly: no path, query, userinfo or fragment.
  if (originOf(message.uri) !== origin) throw authError('uri_mismatch', { details: `uri ${message.uri.slice(0, 100)}` })
  if (!policy.chainIds.includes(message.chainId)) throw authError('unsupported_chain', { details: `chain ${message.chainId}` })
  // The resources first: a ReCap changes the statement the message must show.
  const { statement, recap } = checkSignInResources(message, policy, expected.statement)
  // The deployment's own statement (sigil.config.ts) must be shown, as a link message's must.
  if (!statementAllowed(message.statement, statement, recap || expected.statement !== undefined || policy.statement !== undefined)) {
    throw authError('statement_mismatch', { details: `statement of ${message.statement?.length ?? 0} characters` })
  }
  if (message.requestId !== undefined && !REQUEST_ID_PATTERN.test(message.requestId)) {
    throw authError('request_id_invalid', { details: `request id of ${message.requestId.length} characters` })
  }
  const time = now.getTime()
  if (message.issuedAt.getTime() > time + MAX_CLOCK_SKEW_MS) throw authError('issued_at_in_future')
  if (message.expirationTime && message.expirationTime.getTime() <= time) throw authError('message_expired')
  if (message.expirationTime && message.expirationTime.getTime() > time + MAX_EXPIRATION_AHEAD_MS) throw authError('expiration_too_far')
  if (message.notBefore && message.notBefore.getTime() > time) throw authError('message_not_yet_valid', { details: 'Not Before is in the future' })
  return origin
}

/**
 * Whether a message's statement is the one the page wrote (`required`): the sign-in statement, or a
 * link message's naming the account, with the ReCap's sentence after it when the message carries the
 * ReCap (one-tap sign-in or linking over WalletConnect). Only a plain sign-in message may have no
 * statement at all (EIP-4361 makes it optional); a link message, or one with a ReCap, must show it.
 */
function statementAllowed(sent: string | undefined, required: string, mustShow: boolean): boolean {
  return sent === required || (sent === undefined && !mustShow)
}
