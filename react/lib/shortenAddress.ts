import { getAddress, type Address } from 'viem'

/** `0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266` → `0xf39F…2266`, checksummed (EIP-55). */
export function shortenAddress(address: string): string {
  const checksummed: Address = getAddress(address)
  return `${checksummed.slice(0, 6)}…${checksummed.slice(-4)}`
}
