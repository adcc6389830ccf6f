import type { EIP1193Provider } from 'viem'
import { readProperty } from './readProperty'

/** An object with an EIP-1193 `request` function (https://eips.ethereum.org/EIPS/eip-1193). */
export function isProviderLike(value: unknown): value is EIP1193Provider {
  return typeof readProperty(value, 'request') === 'function'
}
