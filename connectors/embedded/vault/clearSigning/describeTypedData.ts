import { getAddress, isAddress, type Address } from 'viem'
import { tokenAmount, type ClearStatement, type TokenAmount } from './statement'
import { tokenFor, type TokenFacts } from './tokens'

/**
 * The EIP-712 requests clear signing puts into words: token permits, which hand a spender the
 * user's tokens without a transaction. Recognised only when `primaryType` and every struct type it
 * uses have exactly the standard fields, names, types and order (so the signature is one the
 * standard contracts verify), and every value parses strictly; anything else is "not recognised".
 *
 * - EIP-2612 `Permit` (https://eips.ethereum.org/EIPS/eip-2612), the token being the domain's
 *   verifyingContract; and DAI's older `Permit` (holder, spender, nonce, expiry, allowed).
 * - Permit2 (https://github.com/Uniswap/permit2): AllowanceTransfer's `PermitSingle` and
 *   `PermitBatch`, SignatureTransfer's `PermitTransferFrom` and `PermitBatchTransferFrom`.
 */

type Fields = readonly (readonly [name: string, type: string])[]

const EIP2612_PERMIT: Fields = [['owner', 'address'], ['spender', 'address'], ['value', 'uint256'], ['nonce', 'uint256'], ['deadline', 'uint256']]
const DAI_PERMIT: Fields = [['holder', 'address'], ['spender', 'address'], ['nonce', 'uint256'], ['expiry', 'uint256'], ['allowed', 'bool']]
const PERMIT_DETAILS: Fields = [['token', 'address'], ['amount', 'uint160'], ['expiration', 'uint48'], ['nonce', 'uint48']]
const TOKEN_PERMISSIONS: Fields = [['token', 'address'], ['amount', 'uint256']]

function permitAllowance(details: string): Fields {
  return [['details', details], ['spender', 'address'], ['sigDeadline', 'uint256']]
}
function permitTransfer(permitted: string): Fields {
  return [['permitted', permitted], ['spender', 'address'], ['nonce', 'uint256'], ['deadline', 'uint256']]
}

type Struct = Record<string, unknown>

function isStruct(value: unknown): value is Struct {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether `types[name]` lists exactly `fields`, in order. */
function hasType(types: Struct, name: string, fields: Fields): boolean {
  const declared = types[name]
  return (
    Array.isArray(declared) &&
    declared.length === fields.length &&
    declared.every((field: unknown, index) => isStruct(field) && field.name === fields[index]![0] && field.type === fields[index]![1])
  )
}

/**
 * A non-negative integer that fits `bits`, as JSON carries one: a bigint, a safe integer number, or
 * a decimal or 0x-hex string. Anything else (negative, fraction, exponent, blank) is undefined.
 */
function uint(value: unknown, bits: number): bigint | undefined {
  let parsed: bigint | undefined
  if (typeof value === 'bigint') parsed = value
  else if (typeof value === 'number') parsed = Number.isSafeInteger(value) ? BigInt(value) : undefined
  else if (typeof value === 'string' && /^(?:\d+|0x[0-9a-fA-F]+)$/.test(value)) parsed = BigInt(value)
  return parsed !== undefined && parsed >= 0n && parsed < 1n << BigInt(bits) ? parsed : undefined
}

function address(value: unknown): Address | undefined {
  return typeof value === 'string' && isAddress(value, { strict: false }) ? getAddress(value) : undefined
}

/** Beyond what a Date holds (year 275760) means "never": dapps pass type(uint48).max or type(uint256).max. */
const LAST_DATE_SECONDS = 8_640_000_000_000n

function dateOf(seconds: bigint): Date | undefined {
  return seconds > LAST_DATE_SECONDS ? undefined : new Date(Number(seconds) * 1000)
}

type Token = { token: Address; tokenName?: string; facts: TokenFacts | undefined }

function token(value: unknown, chainId: number): Token | undefined {
  const contract = address(value)
  if (!contract) return undefined
  const facts = tokenFor(chainId, contract)
  return { token: contract, tokenName: facts?.name, facts }
}

type Allowance = { token: Address; tokenName?: string; amount: TokenAmount; until?: Date }

/**
 * One Permit2 `PermitDetails`. An expiration of 0 means "only in the block the permit is used"
 * (Permit2's BLOCK_TIMESTAMP_EXPIRATION), so the permission lasts at most until the signature's
 * deadline, which is what `until` then says.
 */
function permitDetails(value: unknown, chainId: number, deadline: Date | undefined): Allowance | undefined {
  if (!isStruct(value)) return undefined
  const contract = token(value.token, chainId)
  const amount = uint(value.amount, 160)
  const expiration = uint(value.expiration, 48)
  if (!contract || amount === undefined || expiration === undefined || uint(value.nonce, 48) === undefined) return undefined
  return {
    token: contract.token,
    tokenName: contract.tokenName,
    amount: tokenAmount(amount, 160, contract.facts),
    until: expiration === 0n ? deadline : dateOf(expiration),
  }
}

function tokenPermissions(value: unknown, chainId: number): Omit<Allowance, 'until'> | undefined {
  if (!isStruct(value)) return undefined
  const contract = token(value.token, chainId)
  const amount = uint(value.amount, 256)
  if (!contract || amount === undefined) return undefined
  return { token: contract.token, tokenName: contract.tokenName, amount: tokenAmount(amount, 256, contract.facts) }
}

/** Every element parsed, or undefined when the list is not a non-empty array or one element fails. */
function all<Item>(value: unknown, parse: (element: unknown) => Item | undefined): Item[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined
  const items = value.map(parse)
  return items.every((item) => item !== undefined) ? (items as Item[]) : undefined
}

export type TypedDataInput = { domain?: Record<string, unknown>; primaryType?: unknown; types?: unknown; message?: unknown }

/**
 * What signing `typedData` lets someone do, or undefined when it is not one of the permits above.
 * `chainId` is the wallet's chain, used when the domain names none.
 */
export function describeTypedDataIntent(typedData: TypedDataInput, chainId: number): ClearStatement | undefined {
  const { domain = {}, primaryType, types, message } = typedData
  // JSON from a dapp: any of these may be null or of another type, despite the declared shape.
  if (!isStruct(domain) || !isStruct(types) || !isStruct(message) || typeof primaryType !== 'string') return undefined
  const domainChain = domain.chainId === undefined ? BigInt(chainId) : uint(domain.chainId, 256)
  if (domainChain === undefined || domainChain > BigInt(Number.MAX_SAFE_INTEGER)) return undefined
  const chain = Number(domainChain)
  const spender = address(message.spender)
  if (!spender) return undefined

  if (primaryType === 'Permit' && hasType(types, 'Permit', EIP2612_PERMIT)) {
    const contract = token(domain.verifyingContract, chain)
    const value = uint(message.value, 256)
    const deadline = uint(message.deadline, 256)
    if (!contract || !address(message.owner) || value === undefined || deadline === undefined || uint(message.nonce, 256) === undefined) return undefined
    // The allowance a permit sets never ends; its deadline only bounds when it can be submitted.
    return { kind: 'approve', token: contract.token, tokenName: contract.tokenName, spender, amount: tokenAmount(value, 256, contract.facts), deadline: dateOf(deadline), via: 'permit' }
  }
  if (primaryType === 'Permit' && hasType(types, 'Permit', DAI_PERMIT)) {
    const contract = token(domain.verifyingContract, chain)
    const expiry = uint(message.expiry, 256)
    if (!contract || !address(message.holder) || expiry === undefined || uint(message.nonce, 256) === undefined || typeof message.allowed !== 'boolean') return undefined
    // DAI allows everything (type(uint256).max) or nothing; an expiry of 0 never expires.
    const amount = tokenAmount(message.allowed ? (1n << 256n) - 1n : 0n, 256, contract.facts)
    return { kind: 'approve', token: contract.token, tokenName: contract.tokenName, spender, amount, deadline: expiry === 0n ? undefined : dateOf(expiry), via: 'permit' }
  }

  if ((primaryType === 'PermitSingle' || primaryType === 'PermitBatch') && hasType(types, 'PermitDetails', PERMIT_DETAILS)) {
    const single = primaryType === 'PermitSingle'
    const sigDeadline = uint(message.sigDeadline, 256)
    if (!hasType(types, primaryType, permitAllowance(single ? 'PermitDetails' : 'PermitDetails[]')) || sigDeadline === undefined) return undefined
    const deadline = dateOf(sigDeadline)
    if (single) {
      const details = permitDetails(message.details, chain, deadline)
      return details && { kind: 'approve', ...details, spender, deadline, via: 'permit2' }
    }
    const items = all(message.details, (element) => permitDetails(element, chain, deadline))
    return items && { kind: 'permitBatch', spender, items, deadline }
  }

  if ((primaryType === 'PermitTransferFrom' || primaryType === 'PermitBatchTransferFrom') && hasType(types, 'TokenPermissions', TOKEN_PERMISSIONS)) {
    const single = primaryType === 'PermitTransferFrom'
    const deadline = uint(message.deadline, 256)
    if (!hasType(types, primaryType, permitTransfer(single ? 'TokenPermissions' : 'TokenPermissions[]')) || deadline === undefined || uint(message.nonce, 256) === undefined) return undefined
    const items = single ? all([message.permitted], (element) => tokenPermissions(element, chain)) : all(message.permitted, (element) => tokenPermissions(element, chain))
    return items && { kind: 'permitTransfer', spender, items, deadline: dateOf(deadline) }
  }
  return undefined
}
