import { type Config, cookieStorage, createConfig, createStorage, type CreateConnectorFn } from '@wagmi/core'
import type { Chain } from 'viem'
import { families } from '@/connectors/families'
import { getDiscoveryStore, type DiscoveryStore } from '@/connectors/injected/discovery'
import type { SigilFamily } from '@/connectors/shared/family'
import { getSupportedChains, localChain } from '@/lib/chains'
import type { PublicConfig } from '@/lib/config/public'
import { ChainNotSupportedError } from '@/lib/errors/wallet'
import { WAGMI_STORAGE_KEY } from '@/lib/storageNames'
import { lazyHttp } from '@/app/_wagmi/lazyHttp'
import { watchAnnouncedWallets } from '@/app/_wagmi/watchAnnouncedWallets'

export type CreateSigilConfigOptions = {
  /** EIP-6963 announcements; the page's discovery store by default (none on the server). */
  discovery?: DiscoveryStore | undefined
  /** The wallet families; the registry's (connectors/families.ts) by default. */
  families?: readonly SigilFamily[] | undefined
}

/** The configured chains, in the configuration's order; the local chain talks to the configured RPC. */
export function sigilChains(publicConfig: PublicConfig): readonly [Chain, ...Chain[]] {
  const known = getSupportedChains({ includeLocal: true })
  const chains = publicConfig.chainIds.flatMap((id) => {
    const chain = known.find((candidate) => candidate.id === id)
    if (!chain) return []
    const rpcUrl = publicConfig.rpcUrls[id]
    // anvil's port is chosen at run time: a wallet asked to add the local chain must get that one.
    if (chain.id === localChain.id && rpcUrl) return [{ ...chain, rpcUrls: { default: { http: [rpcUrl] } } }]
    return [chain]
  })
  const [first, ...rest] = chains
  if (!first) throw new ChainNotSupportedError(publicConfig.chainIds.join(',') || 'none', { details: 'no supported chain configured' })
  return [first, ...rest]
}

/**
 * The wagmi config for a deployment's public configuration. Created on the server (layout, for
 * `cookieToInitialState`) and once per mount in the browser.
 * - `ssr: true` + cookie storage: the server renders the connected state and a reload shows no
 *   disconnected flash and no hydration warning;
 * - connectors: every family's, as the registry lists them (connectors/families.ts): the injected
 *   connectors of the book's wallets and the generic "Browser wallet", then the lazily loaded
 *   families' `lazyConnector` proxies, which import their family (and SDK) when chosen or restored,
 *   so no wallet SDK is imported here; in the browser, every EIP-6963 wallet the book does not know
 *   is added as it announces (our own discovery, hence `multiInjectedProviderDiscovery: false`);
 * - each chain's RPC is viem's `http` transport, loaded on the first read (`lazyHttp`).
 */
export function createSigilConfig(publicConfig: PublicConfig, options: CreateSigilConfigOptions = {}): Config {
  const chains = sigilChains(publicConfig)
  const connectors: CreateConnectorFn[] = (options.families ?? families).flatMap((family) => family.connectors(publicConfig))
  const config = createConfig({
    chains,
    transports: Object.fromEntries(chains.map((chain) => [chain.id, lazyHttp(publicConfig.rpcUrls[chain.id])])),
    connectors,
    ssr: true,
    storage: createStorage({ storage: cookieStorage, key: WAGMI_STORAGE_KEY }),
    multiInjectedProviderDiscovery: false,
  })
  const discovery = options.discovery ?? getDiscoveryStore()
  if (discovery) watchAnnouncedWallets(config, discovery)
  return config
}
