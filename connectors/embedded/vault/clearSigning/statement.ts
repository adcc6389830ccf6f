import { formatUnits, type Address } from 'viem'
import type { TokenFacts } from './tokens'

/**
 * What a transaction or a signature request does, in plain data: decoded by describeCall.ts and
 * describeTypedData.ts, put into words by render.ts. Only what the request itself fixes is here;
 * nothing comes from the network.
 */

export type TokenAmount =
  /** So large that it stands for "everything": see `tokenAmount`. */
  | { kind: 'unlimited' }
  /** `formatted` (decimal, `.` as separator) and `symbol` when the token is bundled; else only `raw`. */
  | { kind: 'amount'; raw: bigint; formatted: string | undefined; symbol: string | undefined }

export type ClearStatement =
  | {
      kind: 'approve'
      token: Address
      /** The bundled token's name ("USD Coin"), for "all your USD Coin". */
      tokenName?: string
      spender: Address
      amount: TokenAmount
      /** When the permission ends (Permit2's expiration); absent: it never ends by itself. */
      until?: Date
      /** When the signature stops being usable (EIP-2612 deadline, Permit2 sigDeadline); absent: never or not a signature. */
      deadline?: Date
      /** `increaseAllowance` adds `amount` to what the spender may already spend. */
      via: 'approve' | 'increaseAllowance' | 'permit' | 'permit2'
      /**
       * The contract is not a bundled token and the call's selector is also ERC-721's
       * (`approve(address,uint256)`), so `amount` may be an item number of a collection.
       */
      mayBeItem?: boolean
    }
  | {
      kind: 'transfer'
      token: Address
      tokenName?: string
      /** Set for `transferFrom`: whose tokens move (maybe not the signer's). */
      from?: Address
      to: Address
      amount: TokenAmount
      /** As for approve: `transferFrom(address,address,uint256)` is also ERC-721's. */
      mayBeItem?: boolean
    }
  | { kind: 'approveAll'; collection: Address; operator: Address; approved: boolean }
  | {
      kind: 'permitBatch'
      spender: Address
      items: { token: Address; tokenName?: string; amount: TokenAmount; until?: Date }[]
      deadline?: Date
    }
  | {
      /** Permit2 SignatureTransfer: the spender may move up to these amounts, once. */
      kind: 'permitTransfer'
      spender: Address
      items: { token: Address; tokenName?: string; amount: TokenAmount }[]
      deadline?: Date
    }

export type Warning = 'unlimited' | 'approveAll' | 'longLived'

/**
 * A token amount of an ABI integer type `bits` wide. From half the type's range up it is
 * "unlimited": dapps ask for `type(uint256).max` (or 2^255, which some tokens special-case), and
 * Permit2 treats `type(uint160).max` as never used up; no token has a supply anywhere near half of
 * either range, so a lower "big" number means the same to the user.
 */
export function tokenAmount(raw: bigint, bits: 160 | 256, token: TokenFacts | undefined): TokenAmount {
  if (raw >= 1n << BigInt(bits - 1)) return { kind: 'unlimited' }
  return { kind: 'amount', raw, formatted: token && formatUnits(raw, token.decimals), symbol: token?.symbol }
}

/** An approval of nothing takes a permission back (the usual way to revoke one). */
export function isRevoke(statement: ClearStatement): boolean {
  return (
    statement.kind === 'approve' &&
    statement.via !== 'increaseAllowance' &&
    statement.amount.kind === 'amount' &&
    statement.amount.raw === 0n
  )
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000

function longLived(until: Date | undefined, now: number): boolean {
  return until === undefined || until.getTime() - now > YEAR_MS
}

/**
 * What the sheet warns about: an unlimited approval, access to a whole collection, or a permission
 * that lasts (no end, or more than a year away; ERC-20 approvals never end by themselves).
 * Transfers get none: their sentence already says what leaves the account.
 */
export function warningsOf(statement: ClearStatement, now: number = Date.now()): Warning[] {
  const warnings: Warning[] = []
  switch (statement.kind) {
    case 'approve':
      if (isRevoke(statement)) break
      if (statement.amount.kind === 'unlimited') warnings.push('unlimited')
      if (longLived(statement.until, now)) warnings.push('longLived')
      break
    case 'permitBatch': {
      const granted = statement.items.filter((item) => item.amount.kind === 'unlimited' || item.amount.raw > 0n)
      if (granted.some((item) => item.amount.kind === 'unlimited')) warnings.push('unlimited')
      if (granted.some((item) => longLived(item.until, now))) warnings.push('longLived')
      break
    }
    case 'permitTransfer':
      if (statement.items.some((item) => item.amount.kind === 'unlimited')) warnings.push('unlimited')
      break
    case 'approveAll':
      if (statement.approved) warnings.push('approveAll')
      break
    case 'transfer':
      break
  }
  return warnings
}
