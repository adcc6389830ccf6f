import { type Config, cookieStorage, createConfig, createStorage, type CreateConnectorFn } from '@wagmi/core'
import type { Chain } from 'viem'
import { coinbaseSmartWalletConnectors } from '@/connectors/coinbaseSmartWallet/lazy'
import { embeddedConnectors } from '@/connectors/embedded/lazy'
import { getDiscoveryStore, type DiscoveryStore } from '@/connectors/injected/discovery'
import { injected } from '@/connectors/injected/injected'
import { walletConnectConnectors } from '@/connectors/walletConnect/lazy'
import { getSupportedChains, localChain } from '@/lib/chains'
import type { PublicConfig } from '@/lib/config/public'
import { ChainNotSupportedError } from '@/lib/errors/wallet'
import { WAGMI_STORAGE_KEY } from '@/lib/storageNames'
import { injectedIndex } from '@/wallet-book/injectedIndex'
import { lazyHttp } from '@/app/_wagmi/lazyHttp'
import { watchAnnouncedWallets } from '@/app/_wagmi/watchAnnouncedWallets'

export type CreateSigilConfigOptions = {
  /** EIP-6963 announcements; the page's discovery store by default (none on the server). */
  discovery?: DiscoveryStore | undefined
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
 * - connectors: our injected connector for every wallet-book wallet with an injected config, the
 *   generic "Browser wallet", and — in the browser — every EIP-6963 wallet the book does not know,
 *   added as it announces (our own discovery, hence `multiInjectedProviderDiscovery: false`);
 * - no wallet SDK is imported here: WalletConnect, the Coinbase Smart Wallet and the embedded wallet
 *   are `lazyConnector` proxies that import their family (and SDK) when chosen or restored;
 * - each chain's RPC is viem's `http` transport, loaded on the first read (`lazyHttp`).
 */
export function createSigilConfig(publicConfig: PublicConfig, options: CreateSigilConfigOptions = {}): Config {
  const chains = sigilChains(publicConfig)
  const connectors: CreateConnectorFn[] = [
    // The injected index, not the book: the book's links and sources load with the connect dialog.
    ...Object.entries(injectedIndex)
      .filter(([, entry]) => entry.injectedConfig?.some((injectedConfig) => injectedConfig.chain === 'evm'))
      .map(([key]) => injected({ wallet: key })),
    injected(),
    // Lazily loaded families: proxies here, SDKs imported when chosen or when a reload restores them.
    ...walletConnectConnectors(publicConfig),
    ...coinbaseSmartWalletConnectors(publicConfig),
    ...embeddedConnectors(publicConfig),
  ]
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
