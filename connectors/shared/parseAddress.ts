import { type Address, getAddress } from 'viem'
import { InvalidAddressError } from '@sigil/lib/errors/wallet'

const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/

/**
 * The address rule (docs/connectors/lifecycle.md#the-address-rule): `0x` followed by 40 hexadecimal
 * characters. Applied to every address that comes from a wallet or a user; returns the EIP-55
 * checksummed form. A mixed-case value must carry a valid EIP-55 checksum
 * (https://eips.ethereum.org/EIPS/eip-55): a wrong one is how a mistyped address shows itself.
 * All-lower and all-upper have no checksum.
 */
export function parseAddress(value: unknown): Address {
  if (typeof value !== 'string' || !ADDRESS_PATTERN.test(value)) throw new InvalidAddressError(value)
  const checksummed = getAddress(value)
  const hex = value.slice(2)
  const caseless = hex === hex.toLowerCase() || hex === hex.toUpperCase()
  if (!caseless && checksummed !== value) {
    throw new InvalidAddressError(value, { details: 'mixed-case address with an invalid EIP-55 checksum' })
  }
  return checksummed
}

/** `parseAddress` without the throw, for places where an invalid value is simply discarded. */
export function tryParseAddress(value: unknown): Address | undefined {
  try {
    return parseAddress(value)
  } catch {
    return undefined
  }
}
