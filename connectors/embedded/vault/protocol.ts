/**
 * The messages between the app's page and the embedded wallet's vault (another origin, in a frame or
 * a popup), over `postMessage`. Both sides check the other's exact origin and window before reading a
 * message, and read it only through `parseVaultMessage`: a known shape, a bounded size, a request id.
 * Anything else gets no answer.
 *
 * Shared by both sides, so it imports nothing: the vault's bundle and the app's both carry it.
 */

export const VAULT_PROTOCOL = 'sigil-vault/1'

/** The largest message either side reads, serialised (typed data with big arrays stays well below). */
export const MAX_VAULT_MESSAGE_BYTES = 128 * 1024

/**
 * How long the page waits for the vault to load before it says so: the user sees a clear error within
 * 10 s of their click, chunk loading and drawing included. Under `next dev` the vault's route and
 * script are compiled on their first request, which may take longer on a busy machine.
 */
export const VAULT_LOAD_TIMEOUT_MS = process.env.NODE_ENV === 'production' ? 7_000 : 30_000

/** The vault's methods, as the page calls them. */
export type VaultMethod =
  /** Shows the wallet (unlock, create, recover): resolves with the chosen address. */
  | 'vault_connect'
  /** Whether this device holds the wallet of `{ address }` (a reload, no prompt): `true` / `false`. */
  | 'vault_restore'
  /** A request that uses the key (`{ method, params, chainId, address }`): shown, approved, signed. */
  | 'vault_sign'
  /** Drops the unlocked key (disconnect); the device's encrypted record stays. */
  | 'vault_lock'

export const VAULT_METHODS: readonly VaultMethod[] = ['vault_connect', 'vault_restore', 'vault_sign', 'vault_lock']

/** The wallet methods `vault_sign` carries (EIP-1193 names). */
export const SIGNING_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_signTransaction', 'eth_sendTransaction'] as const
export type SigningMethod = (typeof SIGNING_METHODS)[number]

/**
 * `data.reason` names why (`recovery_pending`: the user closed the wallet on a recovery's wait, whose
 * key is released at `data.releaseAt`, an ISO time); `data.code` is a wallet error code.
 */
export type VaultError = { code: number; message: string; data?: { reason?: string; code?: string; releaseAt?: string } | undefined }

/** Page → vault. `hello` (repeated until `ready`) binds the vault to the page's origin. */
export type PageMessage =
  | { protocol: typeof VAULT_PROTOCOL; type: 'hello' }
  | { protocol: typeof VAULT_PROTOCOL; type: 'request'; id: string; method: VaultMethod; params?: unknown }

/** Vault → page. */
export type VaultMessage =
  /** The vault is loaded and bound to this page; `approvals`: where it can show a sheet the page cannot forge. */
  | { protocol: typeof VAULT_PROTOCOL; type: 'ready'; approvals: 'frame' | 'popup' }
  | { protocol: typeof VAULT_PROTOCOL; type: 'response'; id: string; result?: unknown; error?: VaultError }
  /** The vault wants to be seen (a sheet, the wallet's screens) or is done: the page shows or hides its frame. */
  | { protocol: typeof VAULT_PROTOCOL; type: 'ui'; visible: boolean }
  /** The key left memory (auto-lock). */
  | { protocol: typeof VAULT_PROTOCOL; type: 'locked' }

/** An ISO 8601 UTC time as the server writes it (`2030-01-03T00:00:00.000Z`). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/
const ID = /^[A-Za-z0-9_-]{1,64}$/

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The message as one serialise-and-parse copy (nothing the sender still holds is shared with it: a
 * getter, a prototype, a later change), or undefined when it cannot be serialised (a BigInt, a cycle)
 * or is larger than the bound in UTF-8. Like JSON itself, it leaves out functions and `undefined`.
 */
export function copyMessage(data: unknown): unknown {
  let text: string | undefined
  try {
    text = JSON.stringify(data)
  } catch {
    return undefined
  }
  // UTF-16 units first (cheap), then the UTF-8 bytes the bound is stated in.
  if (typeof text !== 'string' || text.length > MAX_VAULT_MESSAGE_BYTES || new TextEncoder().encode(text).length > MAX_VAULT_MESSAGE_BYTES) return undefined
  return JSON.parse(text) as unknown
}

/** A page message the vault reads, or undefined (no answer). */
export function parsePageMessage(data: unknown): PageMessage | undefined {
  const copy = copyMessage(data)
  if (!isRecord(copy) || copy.protocol !== VAULT_PROTOCOL) return undefined
  if (copy.type === 'hello') return { protocol: VAULT_PROTOCOL, type: 'hello' }
  if (copy.type !== 'request' || typeof copy.id !== 'string' || !ID.test(copy.id)) return undefined
  if (typeof copy.method !== 'string' || !(VAULT_METHODS as readonly string[]).includes(copy.method)) return undefined
  return { protocol: VAULT_PROTOCOL, type: 'request', id: copy.id, method: copy.method as VaultMethod, params: copy.params }
}

/** A vault message the page reads, or undefined. */
export function parseVaultMessage(data: unknown): VaultMessage | undefined {
  const copy = copyMessage(data)
  if (!isRecord(copy) || copy.protocol !== VAULT_PROTOCOL) return undefined
  switch (copy.type) {
    case 'ready':
      return copy.approvals === 'frame' || copy.approvals === 'popup' ? { protocol: VAULT_PROTOCOL, type: 'ready', approvals: copy.approvals } : undefined
    case 'ui':
      return typeof copy.visible === 'boolean' ? { protocol: VAULT_PROTOCOL, type: 'ui', visible: copy.visible } : undefined
    case 'locked':
      return { protocol: VAULT_PROTOCOL, type: 'locked' }
    case 'response': {
      if (typeof copy.id !== 'string' || !ID.test(copy.id)) return undefined
      if (copy.error === undefined) return { protocol: VAULT_PROTOCOL, type: 'response', id: copy.id, result: copy.result }
      const error = copy.error
      if (!isRecord(error) || typeof error.code !== 'number' || typeof error.message !== 'string') return undefined
      const data = isRecord(error.data)
        ? {
            reason: typeof error.data.reason === 'string' ? error.data.reason : undefined,
            code: typeof error.data.code === 'string' ? error.data.code : undefined,
            // An ISO time, nothing else: it is shown to the user.
            releaseAt: typeof error.data.releaseAt === 'string' && ISO_TIME.test(error.data.releaseAt) ? error.data.releaseAt : undefined,
          }
        : undefined
      return { protocol: VAULT_PROTOCOL, type: 'response', id: copy.id, error: { code: error.code, message: error.message.slice(0, 500), data } }
    }
    default:
      return undefined
  }
}
