import { type Config, createConfig, createStorage, type CreateConnectorFn } from '@wagmi/core'
import { secureCookieStorage } from './secureCookieStorage'
import type { Chain } from 'viem'
import type { SigilFamily } from '@sigil/connectors/shared/family'
import { storedConnectionKeys } from '@sigil/connectors/shared/persistedValues'
import type { KeyValueStorage } from '@sigil/connectors/shared/storage'
import { getSupportedChains, localChain } from '@sigil/lib/chains'
import type { PublicConfig } from '@sigil/lib/config/public'
import { ChainNotSupportedError } from '@sigil/lib/errors/wallet'
import { WAGMI_STORAGE_KEY } from '@sigil/lib/storageNames'
import { whenIdle } from '@/react/lib/whenIdle'
import { appendConnectors } from '@/react/wagmi/appendConnectors'
import { lazyHttp } from '@/react/wagmi/lazyHttp'
import { deploymentInjectedIndex, setCustomWallets } from '@sigil/wallet-book/customWallets'
import type { WalletBook } from '@sigil/wallet-book/types'

export type CreateSigilConfigOptions = {
  /**
   * Whether the families watch for wallets that show up while the page runs (`watchWallets`: EIP-6963
   * announcements); by default they do. `false` for a config that must hold only the declared connectors.
   */
  watchWallets?: boolean | undefined
  /** The wallet families; the registry's (connectors/families.ts) by default (`createSigilConfig`). */
  families?: readonly SigilFamily[] | undefined
  /**
   * When the book wallets' connectors (`walletConnectors` of each family, ~80 for ~40 wallets) are
   * created. `at-once` (default): with the config. `when-idle` (the page): only those of wallets with
   * a stored connection at once, so a reload restores them; the others in a task of their own when
   * the browser is idle, or when `addWalletConnectors` asks first (the connect dialog opening), so
   * they are not part of the page's hydration. On the server, never.
   */
  bookWallets?: 'at-once' | 'when-idle' | undefined
  /** Where stored connections are looked for (`when-idle`); the browser's localStorage by default. */
  storage?: KeyValueStorage | undefined
}

/** The configs whose book wallets' connectors are still to be created, and how. */
const pendingWalletConnectors = new WeakMap<Config, () => void>()

/**
 * Creates the book wallets' connectors a config left for later (`bookWallets: 'when-idle'`) now, if
 * they are not there yet: the connect dialog lists every book wallet, through one of these.
 */
export function addWalletConnectors(config: Config): void {
  pendingWalletConnectors.get(config)?.()
}

/**
 * The configured chains, in the configuration's order. The page reads every chain through the proxy
 * (the transports); a chain's `rpcUrls` are data for wallets (`wallet_addEthereumChain`), so the local
 * chain carries its node's real address there.
 */
export function sigilChains(publicConfig: PublicConfig): readonly [Chain, ...Chain[]] {
  const known = getSupportedChains({ includeLocal: true })
  const chains = publicConfig.chainIds.flatMap((id) => {
    const chain = known.find((candidate) => candidate.id === id)
    if (!chain) return []
    const nodeUrl = publicConfig.localChainNodeUrl
    // anvil's port is chosen at run time: a wallet asked to add the local chain must get that one.
    if (chain.id === localChain.id && nodeUrl) return [{ ...chain, rpcUrls: { default: { http: [nodeUrl] } } }]
    return [chain]
  })
  const [first, ...rest] = chains
  if (!first) throw new ChainNotSupportedError(publicConfig.chainIds.join(',') || 'none', { details: 'no supported chain configured' })
  return [first, ...rest]
}

/**
 * The wagmi config for a deployment's public configuration and `registryFamilies` (`createSigilConfig`:
 * the registry's; the server's frame of the connect dialog: the same without their views,
 * connectors/familyRows.ts). Created once per mount in the browser.
 * - `ssr: true` + cookie storage: the server renders the connected state and a reload shows no
 *   disconnected flash and no hydration warning;
 * - connectors: every family's, as the registry lists them (connectors/families.ts), each a
 *   `lazyConnector` proxy that imports its family's module (and SDK) when reached for, chosen or
 *   restored, so no connector code and no wallet SDK is imported here: the injected ones of the
 *   book's wallets and the generic "Browser wallet", then the other families'; the book wallets'
 *   ones at once or when idle (`bookWallets`);
 *   in the browser, the wallets that show up while the page runs are added as they come (each
 *   family's `watchWallets`: the injected family's EIP-6963 wallets the book does not know, from its
 *   own discovery, hence `multiInjectedProviderDiscovery: false`);
 * - each chain's RPC is viem's `http` transport, loaded on the first read (`lazyHttp`).
 */
export function createSigilConfigFor(registryFamilies: readonly Pick<SigilFamily, 'id' | 'connectors' | 'walletConnectors' | 'watchWallets'>[], publicConfig: PublicConfig, options: Omit<CreateSigilConfigOptions, 'families'> = {}): Config {
  const chains = sigilChains(publicConfig)
  // The deployment's own wallets join the book before any connector or list reads it.
  setCustomWallets(publicConfig.walletList?.custom as WalletBook | undefined)
  // Every wallet of the book, in the book's order, then the deployment's: the keys families make `walletConnectors` for.
  const bookWalletKeys = Object.keys(deploymentInjectedIndex())
  // The deployment's families (sigil.config.ts `families`), in the registry's order.
  const registry = registryFamilies.filter((family) => !publicConfig.families || publicConfig.families.includes(family.id))
  const deferred = options.bookWallets === 'when-idle'
  const stored = deferred ? storedConnectionKeys(options.storage) : undefined
  const atOnce = stored ? bookWalletKeys.filter((key) => stored.has(key)) : bookWalletKeys
  // Per family, its book wallets' connectors, then its own (the generic "Browser wallet", the rows).
  const connectors: CreateConnectorFn[] = registry.flatMap((family) => [
    ...(family.walletConnectors?.(publicConfig, atOnce) ?? []),
    ...family.connectors(publicConfig),
  ])
  const config = createConfig({
    chains,
    transports: Object.fromEntries(chains.map((chain) => [chain.id, lazyHttp(publicConfig.rpcUrls[chain.id])])),
    connectors,
    ssr: true,
    storage: createStorage({ storage: secureCookieStorage, key: WAGMI_STORAGE_KEY }),
    multiInjectedProviderDiscovery: false,
  })
  if (stored && typeof window !== 'undefined') {
    const later = bookWalletKeys.filter((key) => !stored.has(key))
    const add = () => {
      if (pendingWalletConnectors.get(config) !== add) return
      pendingWalletConnectors.delete(config)
      appendConnectors(config, registry.flatMap((family) => family.walletConnectors?.(publicConfig, later) ?? []))
    }
    pendingWalletConnectors.set(config, add)
    whenIdle(add)
  }
  if (options.watchWallets !== false) {
    const watch = { add: (create: readonly CreateConnectorFn[]) => appendConnectors(config, create), has: (id: string) => config.connectors.some((connector) => connector.id === id) }
    for (const family of registry) family.watchWallets?.()?.addConnectors(watch)
  }
  return config
}
