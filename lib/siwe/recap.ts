/**
 * The one EIP-5573 ReCap Sigil asks for: one-tap sign-in over WalletConnect (docs/sign-in.md#one-tap-sign-in-over-walletconnect).
 *
 * WalletConnect's authenticate request (`wc_sessionAuthenticate`) makes the wallet sign a Sign-In
 * with Ethereum message while it approves the session; the message carries a ReCap listing what the
 * session may ask, and the session gets exactly those methods. So the ReCap asks, on `eip155`, for the
 * methods a WalletConnect session is proposed with (docs/families/walletConnect.md#what-it-does);
 * a wallet may narrow them to those it has, and limit them to its chains (`{chains: [...]}`), as
 * WalletConnect's wallet SDK does. Nothing else is this ReCap.
 *
 * Client-safe and free of any SDK: the page, the connector and the server read the same rules.
 */

const SIGN_IN_RECAP_NAMESPACE = 'eip155'

/**
 * The methods asked for: the session proposal's (`REQUIRED_METHODS` and `OPTIONAL_METHODS` of
 * `connectors/walletConnect/providerOptions.ts`; the relay test checks they are the same set).
 */
export const SIGN_IN_RECAP_METHODS = [
  'eth_accounts',
  'eth_chainId',
  'eth_requestAccounts',
  'eth_sendTransaction',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'personal_sign',
  'wallet_addEthereumChain',
  'wallet_switchEthereumChain',
] as const

const PREFIX = 'urn:recap:'

/** The sentence EIP-5573 appends to the statement for a ReCap, before the abilities. */
const RECAP_STATEMENT_LEAD = 'I further authorize the stated URI to perform the following actions on my behalf:'

/** Methods in the order WalletConnect writes them (its helpers sort with `localeCompare`). */
const sorted = (methods: readonly string[]) => [...methods].sort((a, b) => a.localeCompare(b))

/**
 * The statement a message carrying the sign-in ReCap must show: the page's, then the ReCap's one
 * ability with its methods, as EIP-5573 (and WalletConnect's formatter) write it.
 */
export function signInRecapStatement(statement: string, methods: readonly string[] = SIGN_IN_RECAP_METHODS): string {
  return `${statement} ${RECAP_STATEMENT_LEAD} (1) 'request': '${sorted(methods).join("', '")}' for '${SIGN_IN_RECAP_NAMESPACE}'.`
}

function base64(text: string): string {
  // JSON of ASCII names only: btoa is safe, and exists in browsers and Node.
  return btoa(text).replace(/=+$/, '')
}

/**
 * The resource as a ReCap is written in a message: `urn:recap:` and the base64 (padding dropped)
 * of its JSON, as WalletConnect's SDKs write it: `request/<method>` for each method, sorted, each
 * with the same one limit (none, or the chains).
 */
export function encodeSignInRecap(options: { chainIds?: readonly number[] | undefined; methods?: readonly string[] | undefined } = {}): string {
  const limit = options.chainIds ? { chains: options.chainIds.map((id) => `${SIGN_IN_RECAP_NAMESPACE}:${id}`) } : {}
  const abilities = Object.fromEntries(sorted(options.methods ?? SIGN_IN_RECAP_METHODS).map((method) => [`request/${method}`, [limit]]))
  return `${PREFIX}${base64(JSON.stringify({ att: { [SIGN_IN_RECAP_NAMESPACE]: abilities } }))}`
}

/** A resource that claims to be a ReCap (EIP-5573: the `urn:recap:` scheme). */
function isRecapResource(resource: string): boolean {
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

export type SignInRecap = {
  /** The methods granted: some of `SIGN_IN_RECAP_METHODS`, sorted. */
  methods: string[]
  /** The chains they are limited to, or `undefined` (not limited). */
  chainIds: number[] | undefined
}

/**
 * What a sign-in ReCap grants, or `null` when `resource` is not exactly a sign-in ReCap for these
 * chains: another namespace, an ability that is not `request/` of one of the app's methods, no
 * method, a limit that is not the same `{}` or `{chains}` on every method, a chain outside `chainIds`
 * or named twice, or any other spelling of the same grant (the resource must be exactly what
 * `encodeSignInRecap` writes for it, so one grant has one text).
 */
export function readSignInRecap(resource: string, chainIds: readonly number[]): SignInRecap | null {
  if (!isRecapResource(resource)) return null
  const recap = decodeJson(resource)
  if (!isPlainObject(recap) || Object.keys(recap).join() !== 'att' || !isPlainObject(recap.att)) return null
  if (Object.keys(recap.att).join() !== SIGN_IN_RECAP_NAMESPACE) return null
  const abilities = recap.att[SIGN_IN_RECAP_NAMESPACE]
  if (!isPlainObject(abilities) || Object.keys(abilities).length === 0) return null
  const methods: string[] = []
  let limitText: string | undefined
  for (const [ability, limits] of Object.entries(abilities)) {
    const method = ability.startsWith('request/') ? ability.slice('request/'.length) : ''
    if (!(SIGN_IN_RECAP_METHODS as readonly string[]).includes(method)) return null
    if (!Array.isArray(limits) || limits.length !== 1 || !isPlainObject(limits[0])) return null
    // Every method carries the same limit.
    const text = JSON.stringify(limits[0])
    if (limitText !== undefined && text !== limitText) return null
    limitText = text
    methods.push(method)
  }
  const limit = JSON.parse(limitText!) as Record<string, unknown>
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
  return encodeSignInRecap({ chainIds: limited, methods }) === resource ? { methods: sorted(methods), chainIds: limited } : null
}
