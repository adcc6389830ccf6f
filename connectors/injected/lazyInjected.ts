import type { CreateConnectorFn } from '@wagmi/core'
import { lazyConnector } from '../shared/lazyConnector'
import { identifyInjected } from './identity'
import type { InjectedParameters } from './injected'

let injectedModule: typeof import('./injected') | undefined

/** The injected connector's module (the connector, provider lookup, late injection): a chunk of its own. */
const loadInjected = () => import('./injected').then((module) => (injectedModule = module))

/** Fetches the injected connector's module ahead of a click that may need it (the connect dialog opening). */
export function preloadInjected(): void {
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
