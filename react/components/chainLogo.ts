import arbitrumOne from '@web3icons/core/svgs/networks/background/arbitrum-one.svg.js'
import base from '@web3icons/core/svgs/networks/background/base.svg.js'
import ethereum from '@web3icons/core/svgs/networks/background/ethereum.svg.js'
import optimism from '@web3icons/core/svgs/networks/background/optimism.svg.js'
import polygon from '@web3icons/core/svgs/networks/background/polygon.svg.js'
import { svgDataUri } from '@sigil/wallet-book/icons/svgDataUri'

/**
 * Network logos of the chain menu, from `@web3icons/core` 4.0.56 (MIT; `networks/background`). The
 * testnets take their network's logo, as the package's own metadata maps them (`sepolia` →
 * `network:ethereum`, `base-sepolia` → `network:base`). Only the connected view imports this, so
 * the logos load with the dialog (which preloads that view), never with the first load.
 */
const svgs: ReadonlyMap<number, string> = new Map([
  [1, ethereum],
  [8453, base],
  [84532, base],
  [10, optimism],
  [42161, arbitrumOne],
  [137, polygon],
  [11155111, ethereum],
])

const uris = new Map<number, string>()

/** The chain's logo as a data URI, or `undefined` for a chain the package has no logo for. */
export function chainLogo(chainId: number): string | undefined {
  const svg = svgs.get(chainId)
  if (svg === undefined) return undefined
  let uri = uris.get(chainId)
  if (uri === undefined) {
    uri = svgDataUri(svg)
    uris.set(chainId, uri)
  }
  return uri
}
