import type { CreateConnectorFn } from '@wagmi/core'
import { injectedIndex } from '@/wallet-book/injectedIndex'
import type { SigilFamily } from '../shared/family'
import { injected } from './injected'

/**
 * One injected connector for each of `keys` that is a wallet-book wallet with an injected EVM
 * config (read from the injected index, not the book: the book's links and sources load with the
 * connect dialog). EIP-6963 wallets the book does not know are added as they announce
 * (`watchAnnouncedWallets`, app/_wagmi).
 */
export function injectedWalletConnectors(keys: readonly string[]): CreateConnectorFn[] {
  return keys
    .filter((key) => Object.hasOwn(injectedIndex, key) && injectedIndex[key]?.injectedConfig?.some((injectedConfig) => injectedConfig.chain === 'evm'))
    .map((key) => injected({ wallet: key }))
}

/** Browser extensions and in-app browsers: EIP-6963 discovery plus the legacy `window.ethereum`. */
export const injectedFamily = {
  id: 'injected',
  // The generic "Browser wallet" on `window.ethereum`; the book's extensions are `walletConnectors`.
  connectors: () => [injected()],
  walletConnectors: (_publicConfig, keys) => injectedWalletConnectors(keys),
} satisfies SigilFamily
