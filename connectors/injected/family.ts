import type { CreateConnectorFn } from '@wagmi/core'
import { injectedIndex } from '@/wallet-book/injectedIndex'
import type { SigilFamily } from '../shared/family'
import { injected } from './injected'

/**
 * The injected connectors of the first load: one for every wallet-book wallet with an injected EVM
 * config (from the injected index, not the book: the book's links and sources load with the connect
 * dialog), then the generic "Browser wallet". EIP-6963 wallets the book does not know are added as
 * they announce (`watchAnnouncedWallets`, app/_wagmi).
 */
export function injectedConnectors(): CreateConnectorFn[] {
  return [
    ...Object.entries(injectedIndex)
      .filter(([, entry]) => entry.injectedConfig?.some((injectedConfig) => injectedConfig.chain === 'evm'))
      .map(([key]) => injected({ wallet: key })),
    injected(),
  ]
}

/** Browser extensions and in-app browsers: EIP-6963 discovery plus the legacy `window.ethereum`. */
export const injectedFamily = {
  id: 'injected',
  connectors: injectedConnectors,
} satisfies SigilFamily
