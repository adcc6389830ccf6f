import { cookieStorage, createConfig, createStorage, http, type Config } from '@wagmi/core'
import type { Chain } from 'viem'
import { localChain, publicChains } from '@/lib/chains'
import type { PublicConfig } from '@/lib/config/public'

export function createSigilConfig(publicConfig: PublicConfig): Config {
  const known: Chain[] = [...publicChains, localChain]
  const chains = publicConfig.chainIds
    .map((id) => known.find((chain) => chain.id === id))
    .filter((chain): chain is Chain => chain !== undefined)
  return createConfig({
    chains: chains as unknown as readonly [Chain, ...Chain[]],
    ssr: true,
    storage: createStorage({ storage: cookieStorage, key: 'sigil' }),
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http(publicConfig.rpcUrls[chain.id])])),
    connectors: [],
  })
}
