import { type Address, getAddress, type Hex, hexToBigInt, isAddress, isHex } from 'viem'
import type { VaultAccount as HDAccount, VaultTransaction } from './keyAccount'
import type { ClearStatement } from './clearSigning/statement'
import { type ConfirmationDetails, describeMessage, describeTransaction, describeTypedData } from './describe'
import type { VaultChain } from '@sigil/lib/embedded/vaultPageConfig'
import { SIGNING_METHODS, type SigningMethod } from './protocol'
import { invalidParams, unauthorized, VaultRequestError } from './rpcErrors'
import { deepFreeze } from '@sigil/lib/deepFreeze'

/**
 * A request that uses the key, as the vault holds it from its door to its signature: one copy of what
 * the page sent (serialised and parsed once on arrival, then frozen), what the sheet shows of that
 * copy, and the fingerprint of what was shown, checked again just before signing. Nothing the page
 * does after sending can change what is signed.
 */
export type SigningRequest = {
  readonly method: SigningMethod
  readonly address: Address
  readonly chain: VaultChain
  readonly details: ConfirmationDetails
  /** What a known token call or permit does (clear signing, from bundled data), when it is one. */
  readonly statement: ClearStatement | undefined
  /** The called function's signature, from the bundled list, when the selector is known. */
  readonly functionSignature: string | undefined
  /** SHA-256 (hex) of the request as shown. */
  readonly shown: string
  /** Signs the shown copy with `account`, after checking the fingerprint again. */
  sign(account: HDAccount): Promise<Hex>
}

/**
 * The clear-signing chunk, fetched from the vault's own origin the first time a request needs it. A
 * request is never shown without it (its warnings are part of what the user must see): when it
 * cannot be fetched, the request is answered -32603 with `reason: 'vault_chunk_unavailable'`, and the
 * next request tries again.
 */
export async function loadClearSigning(): Promise<typeof import('./clearSigning/lazy')> {
  try {
    return await import('./clearSigning/lazy')
  } catch {
    throw new VaultRequestError(-32603, 'The wallet could not load what it needs to show this request. Check your connection and try again.', { reason: 'vault_chunk_unavailable' })
  }
}

export async function fingerprint(value: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function quantity(value: unknown, method: string, field: string, required: boolean): bigint | undefined {
  if (value === undefined || value === null) {
    if (required) throw invalidParams(method, `${field} is required`)
    return undefined
  }
  if (typeof value !== 'string' || !/^0x(0|[1-9a-f][0-9a-f]*)$/i.test(value) || value.length > 66) throw invalidParams(method, `${field} must be a hex quantity`)
  return hexToBigInt(value as Hex)
}

/**
 * A transaction the page filled in (nonce, gas, fees: it reads the chain), checked field by field.
 * The vault signs exactly these fields, and shows every one that moves value or costs a fee.
 */
function parseTransaction(value: unknown, method: string, from: Address, chain: VaultChain): VaultTransaction {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalidParams(method, 'expected a transaction object')
  const tx = value as Record<string, unknown>
  if (tx.from !== undefined && (typeof tx.from !== 'string' || !isAddress(tx.from, { strict: false }) || getAddress(tx.from) !== from)) throw unauthorized(`${method}: from is not the connected account`)
  if (tx.to !== undefined && tx.to !== null && (typeof tx.to !== 'string' || !isAddress(tx.to, { strict: false }))) throw invalidParams(method, 'to must be an address')
  const data = tx.data ?? tx.input
  if (data !== undefined && (typeof data !== 'string' || !isHex(data, { strict: true }) || data.length % 2 !== 0)) throw invalidParams(method, 'data must be hex bytes')
  const chainId = quantity(tx.chainId, method, 'chainId', false)
  if (chainId !== undefined && chainId !== BigInt(chain.id)) throw invalidParams(method, `chainId ${chainId} is not the current chain ${chain.id}`)
  const nonce = quantity(tx.nonce, method, 'nonce', true)!
  if (nonce > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidParams(method, 'nonce is too large')
  const base = {
    chainId: chain.id,
    to: typeof tx.to === 'string' ? getAddress(tx.to) : undefined,
    value: quantity(tx.value, method, 'value', false) ?? 0n,
    data: (data as Hex | undefined) ?? undefined,
    gas: quantity(tx.gas, method, 'gas', true)!,
    nonce: Number(nonce),
  }
  const gasPrice = quantity(tx.gasPrice, method, 'gasPrice', false)
  if (gasPrice !== undefined) return { ...base, gasPrice, type: 'legacy' }
  const maxFeePerGas = quantity(tx.maxFeePerGas, method, 'maxFeePerGas', true)!
  const maxPriorityFeePerGas = quantity(tx.maxPriorityFeePerGas, method, 'maxPriorityFeePerGas', true)!
  if (maxPriorityFeePerGas > maxFeePerGas) throw invalidParams(method, 'maxPriorityFeePerGas is above maxFeePerGas')
  return { ...base, maxFeePerGas, maxPriorityFeePerGas, type: 'eip1559' }
}

/**
 * Reads a `vault_sign` request (`{ method, params, chainId, address }`) from the vault's own copy:
 * what it asks, for which account and chain, and how it is shown. Throws -32602 with the reason for
 * anything malformed, 4100 for another account.
 */
export async function readSigningRequest(input: unknown, parameters: { chains: readonly VaultChain[]; connected: Address | undefined; pageHost: string }): Promise<SigningRequest> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw invalidParams('vault_sign', 'expected { method, params, chainId, address }')
  const request = deepFreeze(input as { method?: unknown; params?: unknown; chainId?: unknown; address?: unknown })
  const method = request.method
  if (typeof method !== 'string' || !(SIGNING_METHODS as readonly string[]).includes(method)) throw invalidParams('vault_sign', 'unknown method')
  const signing = method as SigningMethod
  const chain = parameters.chains.find((candidate) => candidate.id === request.chainId)
  if (!chain) throw invalidParams(signing, 'chainId is not a chain of this site')
  if (typeof request.address !== 'string' || !isAddress(request.address, { strict: false })) throw invalidParams(signing, 'address must be an address')
  const address = getAddress(request.address)
  if (parameters.connected && parameters.connected !== address) throw unauthorized(`${signing}: the address is not the connected account`)
  const params = request.params
  if (!Array.isArray(params)) throw invalidParams(signing, 'params must be an array')

  let details: ConfirmationDetails
  let statement: ClearStatement | undefined
  let functionSignature: string | undefined
  let sign: (account: HDAccount) => Promise<Hex>
  switch (signing) {
    case 'personal_sign': {
      const [data, named] = params
      if (typeof data !== 'string' || !isHex(data, { strict: true }) || data.length % 2 !== 0) throw invalidParams(signing, 'data must be hex bytes')
      if (named !== undefined && (typeof named !== 'string' || !isAddress(named, { strict: false }) || getAddress(named) !== address)) throw unauthorized(`${signing}: the address is not the connected account`)
      details = describeMessage(data as Hex, parameters.pageHost)
      sign = (account) => account.signMessage({ message: { raw: data as Hex } })
      break
    }
    case 'eth_signTypedData_v4': {
      const [named, typedData] = params
      if (typeof named !== 'string' || !isAddress(named, { strict: false }) || getAddress(named) !== address) throw unauthorized(`${signing}: the address is not the connected account`)
      let parsed: unknown
      try {
        // A string is parsed once, here; an object is already the vault's own copy.
        parsed = typeof typedData === 'string' ? deepFreeze(JSON.parse(typedData)) : typedData
      } catch {
        throw invalidParams(signing, 'typed data must be JSON')
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidParams(signing, 'typed data must be an object')
      const typed = parsed as Record<string, unknown>
      if (!typed.types || typeof typed.types !== 'object' || typeof typed.primaryType !== 'string' || !typed.message || typeof typed.message !== 'object') throw invalidParams(signing, 'typed data needs types, primaryType and message')
      const domain = (typed.domain ?? {}) as { chainId?: unknown }
      // What is shown of the domain is what is signed: a declared EIP712Domain type must name exactly
      // the domain's fields (else a shown chain or contract could be left out of the signature).
      const declared = (typed.types as Record<string, unknown>).EIP712Domain
      if (declared !== undefined) {
        const names = Array.isArray(declared) ? declared.map((field) => (field as { name?: unknown } | null)?.name) : []
        const present = Object.keys(domain).filter((key) => (domain as Record<string, unknown>)[key] !== undefined)
        if (!Array.isArray(declared) || names.length !== present.length || !present.every((key) => names.includes(key)))
          throw invalidParams(signing, 'types.EIP712Domain must declare exactly the fields of domain')
      }
      // What the sheet lists of the message is what is signed: the domain alone as the primary type
      // would sign none of it, and a field its type does not declare is left out of the hash.
      if (typed.primaryType === 'EIP712Domain') throw invalidParams(signing, 'primaryType EIP712Domain signs the domain alone, not the message shown')
      const undeclared = undeclaredField(typed.types as Record<string, unknown>, typed.primaryType, typed.message, '')
      if (undeclared !== undefined) throw invalidParams(signing, undeclared === '' ? `types does not declare primaryType ${typed.primaryType}` : `message field ${undeclared} is not declared by its type`)
      // EIP-712: a domain bound to another chain must not be signed on this one.
      if (domain.chainId !== undefined && Number(domain.chainId) !== chain.id) throw invalidParams(signing, 'domain.chainId is not the current chain')
      details = describeTypedData(typed, parameters.chains)
      statement = (await loadClearSigning()).describeTypedDataIntent(typed, chain.id)
      sign = (account) => account.signTypedData(typed as never)
      break
    }
    case 'eth_signTransaction':
    case 'eth_sendTransaction': {
      const transaction = parseTransaction(params[0], signing, address, chain)
      details = describeTransaction(transaction, chain, signing === 'eth_sendTransaction')
      const { describeCall, functionName } = await loadClearSigning()
      statement = describeCall({ chainId: chain.id, to: transaction.to ?? undefined, data: transaction.data, value: transaction.value ?? 0n })
      functionSignature = details.kind === 'transaction' && details.selector ? functionName(details.selector) : undefined
      sign = (account) => account.signTransaction(transaction)
      break
    }
  }

  const shown = await fingerprint(request)
  return {
    method: signing,
    address,
    chain,
    details,
    statement,
    functionSignature,
    shown,
    async sign(account) {
      if (account.address !== address) throw unauthorized(`${signing}: the unlocked account is not the one shown`)
      // What is about to be signed is still what was shown (the copy is frozen; this proves it).
      if ((await fingerprint(request)) !== shown) throw invalidParams(signing, 'the request changed after it was shown')
      return sign(account)
    },
  }
}

/**
 * The first field of `value` (a struct of `typeName`) that its type does not declare, as a path
 * (`to.note`), at any depth; `''` when `typeName` is no struct of `types` at the top. Undefined: none.
 */
function undeclaredField(types: Record<string, unknown>, typeName: string, value: unknown, path: string): string | undefined {
  const fields = Object.hasOwn(types, typeName) ? types[typeName] : undefined
  if (!Array.isArray(fields)) return path === '' ? '' : undefined
  if (typeof value !== 'object' || value === null) return undefined
  const declared = new Map(fields.map((field) => [(field as { name?: unknown }).name, (field as { type?: unknown }).type]))
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key
    if (!declared.has(key)) return at
    const type = String(declared.get(key)).replace(/(\[\d*\])+$/, '')
    if (!Object.hasOwn(types, type)) continue
    for (const [index, item] of (Array.isArray(inner) ? inner.entries() : [[-1, inner] as const])) {
      const found = undeclaredField(types, type, item, index < 0 ? at : `${at}[${index}]`)
      if (found) return found
    }
  }
  return undefined
}
