import { getAddress, isAddress, type Address, type Hex } from 'viem'
import { tokenAmount, type ClearStatement } from './statement'
import { tokenFor } from './tokens'

/**
 * The token calls clear signing puts into words, decoded by hand: each has a fixed ABI layout of
 * 32-byte words, and viem's ABI decoder (with the ABI it needs) would cost the vault page more than
 * all of this. Decoding is strict (exact length, clean padding, a bool that is 0 or 1): calldata a
 * Solidity token would decode differently, or reject, is "not recognised" and the sheet falls back
 * to its generic view. Selectors: EIP-20, OpenZeppelin ERC20 (increaseAllowance), EIP-721/1155.
 */
const APPROVE = '0x095ea7b3' // approve(address,uint256)
const TRANSFER = '0xa9059cbb' // transfer(address,uint256)
const TRANSFER_FROM = '0x23b872dd' // transferFrom(address,address,uint256)
const SET_APPROVAL_FOR_ALL = '0xa22cb465' // setApprovalForAll(address,bool)
const INCREASE_ALLOWANCE = '0x39509351' // increaseAllowance(address,uint256)

const WORDS = /^0x([0-9a-fA-F]{8})((?:[0-9a-fA-F]{64})*)$/

/** The 32-byte argument words, when `data` is a selector followed by exactly `count` of them. */
function words(data: Hex, count: number): string[] | undefined {
  const match = WORDS.exec(data)
  if (!match || match[2]!.length !== count * 64) return undefined
  return match[2]!.match(/.{64}/g) ?? []
}

/** An address is padded on the left with 12 zero bytes; anything else there is not an address. */
function address(word: string): Address | undefined {
  return /^0{24}/.test(word) ? getAddress(`0x${word.slice(24)}`) : undefined
}

function uint(word: string): bigint {
  return BigInt(`0x${word}`)
}

export type CallInput = { chainId: number; to: Address | undefined; data: Hex | undefined; value: bigint }

/** What a transaction to a token contract does, or undefined when it is not one of the calls above. */
export function describeCall({ chainId, to, data, value }: CallInput): ClearStatement | undefined {
  // None of these functions is payable: a call that also sends ETH is not the standard one, and a
  // sentence about the tokens alone would leave the ETH out.
  if (!to || !data || value !== 0n || !isAddress(to, { strict: false })) return undefined
  const token = getAddress(to)
  const facts = tokenFor(chainId, token)
  const tokenName = facts?.name
  // An unknown contract may be an ERC-721 collection, which shares these two selectors.
  const mayBeItem = facts === undefined ? true : undefined
  const selector = data.slice(0, 10).toLowerCase()

  if (selector === APPROVE || selector === INCREASE_ALLOWANCE || selector === TRANSFER) {
    const args = words(data, 2)
    const target = args && address(args[0]!)
    if (!args || !target) return undefined
    const amount = tokenAmount(uint(args[1]!), 256, facts)
    if (selector === TRANSFER) return { kind: 'transfer', token, tokenName, to: target, amount }
    const via = selector === APPROVE ? 'approve' : 'increaseAllowance'
    return { kind: 'approve', token, tokenName, spender: target, amount, via, mayBeItem: via === 'approve' ? mayBeItem : undefined }
  }
  if (selector === TRANSFER_FROM) {
    const args = words(data, 3)
    const from = args && address(args[0]!)
    const target = args && address(args[1]!)
    if (!args || !from || !target) return undefined
    return { kind: 'transfer', token, tokenName, from, to: target, amount: tokenAmount(uint(args[2]!), 256, facts), mayBeItem }
  }
  if (selector === SET_APPROVAL_FOR_ALL) {
    const args = words(data, 2)
    const operator = args && address(args[0]!)
    const flag = args && uint(args[1]!)
    if (!operator || (flag !== 0n && flag !== 1n)) return undefined
    return { kind: 'approveAll', collection: token, operator, approved: flag === 1n }
  }
  return undefined
}
