import { authCatalogue, authError } from '@sigil/lib/siwe/catalogue'
import { MAX_RESOURCES, type SignInPolicy } from '@sigil/lib/siwe/policy'
import { readSignInRecap, signInRecapStatement } from '@sigil/lib/siwe/recap'
import type { SignInMessage } from './parseSignInMessage'

/**
 * The `Resources` of a message, judged against the policy, and the statement the message must then
 * show (docs/sign-in.md#what-the-server-accepts-policy):
 *
 * - every entry is in `allowedResources`, written exactly so, each once, at most `MAX_RESOURCES`;
 * - except the last, which may be the one-tap sign-in ReCap when the policy allows it
 *   (`signInRecap`): `request/` of some of the app's WalletConnect methods on `eip155`, unlimited or
 *   limited to some of the policy's chains, one of them the message's own (lib/siwe/recap.ts).
 *   EIP-5573 puts the ReCap last and makes the statement end with what it grants, so the statement
 *   expected is then the page's followed by that sentence.
 *
 * Anything else is 422 `resources_not_allowed`. `base` is the statement the page wrote: the sign-in
 * statement, or a link message's (which names the account; a wallet that links in one tap signs it
 * with the ReCap's sentence after it, as it signs a sign-in).
 */
export function checkSignInResources(message: SignInMessage, policy: SignInPolicy, base: string = policy.statement ?? authCatalogue.statement): { statement: string; recap: boolean } {
  const resources = message.resources ?? []
  if (resources.length === 0) return { statement: base, recap: false }
  const recap = policy.signInRecap ? readSignInRecap(resources[resources.length - 1]!, policy.chainIds) : null
  const others = recap ? resources.slice(0, -1) : resources
  const allowed = new Set(policy.allowedResources ?? [])
  const refused = others.filter((resource) => !allowed.has(resource)).length
  if (refused > 0 || resources.length > MAX_RESOURCES || new Set(resources).size !== resources.length) {
    throw authError('resources_not_allowed', { details: `${resources.length} resources, ${refused} not allowed` })
  }
  if (!recap) return { statement: base, recap: false }
  if (recap.chainIds && !recap.chainIds.includes(message.chainId)) {
    throw authError('resources_not_allowed', { details: `the ReCap does not name chain ${message.chainId}` })
  }
  return { statement: signInRecapStatement(base, recap.methods), recap: true }
}
