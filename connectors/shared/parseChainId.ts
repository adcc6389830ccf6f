import { ChainNotSupportedError } from '@sigil/lib/errors/wallet'
import { isChainId } from '@sigil/lib/chains'

/**
 * Chain ids are numbers inside Sigil and hex only at the RPC edge
 * (docs/style.md#addresses-and-chain-ids). Wallets answer `eth_chainId` and emit `chainChanged` with a
 * hex quantity (EIP-1193), but some send a decimal string or a number; all three are accepted, anything
 * else is a typed error.
 */
export function parseChainId(value: unknown): number {
  let id: number | undefined
  if (typeof value === 'number') id = value
  else if (typeof value === 'string') {
    if (/^0x[0-9a-fA-F]{1,16}$/.test(value)) id = Number.parseInt(value.slice(2), 16)
    else if (/^[0-9]{1,16}$/.test(value)) id = Number(value)
  }
  if (id === undefined || !isChainId(id)) throw new ChainNotSupportedError(String(value).slice(0, 40))
  return id
}
