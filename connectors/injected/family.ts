import type { CreateConnectorFn } from '@wagmi/core'
import { entryForKey } from '@/wallet-book/entryForKey'
import { injectedIndex } from '@/wallet-book/injectedIndex'
import type { SigilFamily } from '../shared/family'
import { lazyConnector } from '../shared/lazyConnector'
import { identifyInjected } from './identity'
import { INJECTED_ID } from './manifest'
import type { InjectedParameters } from './injected'

let injectedModule: typeof import('./injected') | undefined

/** The injected connector's module (the connector, provider lookup, late injection): a chunk of its own. */
const loadInjected = () => import('./injected').then((module) => (injectedModule = module))

/** Fetches the injected connector's module ahead of a click that may need it (the connect dialog opening). */
function preloadInjected(): void {
  void loadInjected().catch(() => {
    // Offline or a deploy replaced the chunk: connecting loads it again and reports it.
  })
}

/**
 * An injected connector as the first load carries it: a `lazyConnector` proxy with the connector's
 * identity (wagmi id = connector key, name, icon), whose module loads when the user reaches for the
 * wallet, connects, or a reload finds its stored account. Until then it answers wagmi from the
 * persisted values alone. Parameters as `injected` takes them (connectors/injected/injected.ts).
 */
export function lazyInjected(parameters: Pick<InjectedParameters, 'wallet' | 'announced' | 'icon' | 'key'> = {}): CreateConnectorFn {
  const { key, name, icon, walletConnectFallback } = identifyInjected(parameters)
  const build = (module: typeof import('./injected')) => module.injected(parameters) as never
  return lazyConnector({
    id: key,
    type: 'injected',
    icon,
    properties: { name, key, walletConnectFallback },
    load: () => loadInjected().then(build),
    // Fetched with the dialog's click (preloadWithDialog): a row's connect then asks the wallet at once.
    loaded: () => (injectedModule ? build(injectedModule) : undefined),
  })
}

/**
 * One injected connector for each of `keys` that is a wallet-book wallet with an injected EVM
 * config (read from the injected index, not the book: the book's links and sources load with the
 * connect dialog). EIP-6963 wallets the book does not know are added as they announce
 * (`watchAnnouncedWallets`, app/_wagmi).
 */
export function injectedWalletConnectors(keys: readonly string[]): CreateConnectorFn[] {
  return keys
    .filter((key) => entryForKey(injectedIndex, key)?.injectedConfig?.some((injectedConfig) => injectedConfig.chain === 'evm'))
    .map((key) => lazyInjected({ wallet: key }))
}

/** Browser extensions and in-app browsers: EIP-6963 discovery plus the legacy `window.ethereum`. */
export const injectedFamily = {
  id: INJECTED_ID,
  // The generic "Browser wallet" on `window.ethereum`; the book's extensions are `walletConnectors`.
  connectors: () => [lazyInjected()],
  walletConnectors: (_publicConfig, keys) => injectedWalletConnectors(keys),
  preloadWithDialog: preloadInjected,
} satisfies SigilFamily
