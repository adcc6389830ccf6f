/**
 * The one EIP-5573 ReCap Sigil asks for: one-tap sign-in over WalletConnect (docs/sign-in.md#one-tap-sign-in-over-walletconnect).
 *
 * WalletConnect's authenticate request (`wc_sessionAuthenticate`) makes the wallet sign a Sign-In
 * with Ethereum message while it approves the session; the message carries a ReCap listing what the
 * session may ask. Sigil asks for `personal_sign` only, on `eip155`. A wallet may narrow it to the
 * chains it has (`{chains: [...]}`, as WalletConnect's wallet SDK does). Nothing else is this ReCap.
 *
 * Client-safe and free of any SDK: the page, the connector and the server read the same rules.
 */

/** The namespace and the one ability the ReCap grants. */
export const SIGN_IN_RECAP_NAMESPACE = 'eip155'
export const SIGN_IN_RECAP_METHOD = 'personal_sign'
const ABILITY = `request/${SIGN_IN_RECAP_METHOD}`
const PREFIX = 'urn:recap:'

/** The sentence EIP-5573 appends to the statement for a ReCap, before the abilities. */
const RECAP_STATEMENT_LEAD = 'I further authorize the stated URI to perform the following actions on my behalf:'

/** The statement a message carrying the sign-in ReCap must show: the page's, then the ReCap's one ability. */
export function signInRecapStatement(statement: string): string {
  return `${statement} ${RECAP_STATEMENT_LEAD} (1) 'request': '${SIGN_IN_RECAP_METHOD}' for '${SIGN_IN_RECAP_NAMESPACE}'.`
}

type Limit = Record<string, never> | { chains: string[] }
type SignInRecap = { att: { [SIGN_IN_RECAP_NAMESPACE]: { [ABILITY]: [Limit] } } }

function base64(text: string): string {
  // ASCII only (checked by the caller's JSON): btoa is safe, and exists in browsers and Node.
  return btoa(text).replace(/=+$/, '')
}

/**
 * The resource as a ReCap is written in a message: `urn:recap:` and the base64 (padding dropped)
 * of its JSON, keys in this order, as WalletConnect's SDKs write it.
 */
export function encodeSignInRecap(chainIds?: readonly number[] | undefined): string {
  const limit: Limit = chainIds ? { chains: chainIds.map((id) => `${SIGN_IN_RECAP_NAMESPACE}:${id}`) } : {}
  const recap: SignInRecap = { att: { [SIGN_IN_RECAP_NAMESPACE]: { [ABILITY]: [limit] } } }
  return `${PREFIX}${base64(JSON.stringify(recap))}`
}

/** A resource that claims to be a ReCap (EIP-5573: the `urn:recap:` scheme). */
export function isRecapResource(resource: string): boolean {
  return resource.startsWith(PREFIX)
}

function decodeJson(resource: string): unknown {
  try {
    const encoded = resource.slice(PREFIX.length)
    if (!/^[A-Za-z0-9+/]*$/.test(encoded)) return undefined
    return JSON.parse(atob(encoded))
  } catch {
    return undefined
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The chains a sign-in ReCap is limited to (`undefined`: not limited), or `null` when `resource` is
 * not exactly the sign-in ReCap for these chains: another namespace or ability, another limit, a
 * chain outside `chainIds` or named twice, or any other spelling of the same JSON (the resource must
 * be exactly what `encodeSignInRecap` writes, so one meaning has one text).
 */
export function readSignInRecap(resource: string, chainIds: readonly number[]): { chainIds: number[] | undefined } | null {
  if (!isRecapResource(resource)) return null
  const recap = decodeJson(resource)
  if (!isPlainObject(recap) || Object.keys(recap).join() !== 'att' || !isPlainObject(recap.att)) return null
  if (Object.keys(recap.att).join() !== SIGN_IN_RECAP_NAMESPACE) return null
  const abilities = recap.att[SIGN_IN_RECAP_NAMESPACE]
  if (!isPlainObject(abilities) || Object.keys(abilities).join() !== ABILITY) return null
  const limits = abilities[ABILITY]
  if (!Array.isArray(limits) || limits.length !== 1 || !isPlainObject(limits[0])) return null
  const limit = limits[0]
  let limited: number[] | undefined
  if (Object.keys(limit).length > 0) {
    if (Object.keys(limit).join() !== 'chains' || !Array.isArray(limit.chains) || limit.chains.length === 0) return null
    limited = []
    for (const chain of limit.chains as unknown[]) {
      const match = typeof chain === 'string' ? /^eip155:([1-9][0-9]{0,15})$/.exec(chain) : null
      const id = match ? Number(match[1]) : NaN
      if (!chainIds.includes(id) || limited.includes(id)) return null
      limited.push(id)
    }
  }
  return encodeSignInRecap(limited) === resource ? { chainIds: limited } : null
}
