import type { Address } from 'viem'
import { UnknownWalletError } from '@sigil/lib/errors/wallet'
import { parseAddress } from './parseAddress'
import { parseChainId } from './parseChainId'
import { requestAccounts, requestChainId } from './timeouts'
import type { RequestFn } from './types'

/** Anything with EIP-1193's `request` (SDK providers type theirs per method, hence the loose signature). */
export type Requester = { request(args: never): Promise<unknown> }

/** A provider's `request` as the shared rules call it, still bound to the provider. */
export function requestOf(provider: Requester): RequestFn {
  return (args) => provider.request(args as never)
}

/**
 * Every address from the wallet goes through the address rule
 * (docs/connectors/lifecycle.md#the-address-rule).
 */
export function parseAccounts(value: unknown): Address[] {
  if (!Array.isArray(value)) throw new UnknownWalletError({ details: 'the wallet answered accounts with something other than a list' })
  return value.map(parseAddress)
}

/** The wallet's connected accounts (`eth_accounts`, 500 ms limit), each through the address rule. */
export async function readAccounts(provider: Requester): Promise<Address[]> {
  return parseAccounts(await requestAccounts(requestOf(provider)))
}

/** The wallet's chain (`eth_chainId`, 1000 ms limit) as a number. */
export async function readChainId(provider: Requester): Promise<number> {
  return parseChainId(await requestChainId(requestOf(provider)))
}
