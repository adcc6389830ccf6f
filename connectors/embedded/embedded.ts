import { type Address, getAddress } from 'viem'
import { EmbeddedWalletError } from '@sigil/lib/embedded/errors'
import { AccountNotFoundError } from '@sigil/lib/errors/wallet'
import { createFamilyConnector, type FamilyConfig } from '../shared/familyConnector'
import type { LoadedConnector } from '../shared/lazyConnector'
import { createLifecycle } from '../shared/lifecycle'
import { logger } from '../shared/logger'
import { createPersistedValues } from '../shared/persistedValues'
import type { KeyValueStorage } from '../shared/storage'
import { installTestHandle } from '../shared/testHandles'
import { EMBEDDED_KEY, EMBEDDED_NAME } from './identity'
import { createEmbeddedProvider, type EmbeddedProvider } from './provider'
import { createVaultClient, type VaultClient } from './vaultClient'

export type EmbeddedConnectorParameters = {
  /** RPC address per chain id: where reads go and signed transactions are sent. */
  rpcUrls: Readonly<Record<number, string>>
  /**
   * The vault's origin (`VAULT_ORIGIN`): where the wallet's keys, passkeys and sheet live. Undefined
   * on a deployment without one: connecting then says the wallet is unavailable here.
   */
  vaultOrigin: string | undefined
  /** The page's language, for the vault's screens. */
  locale?: (() => string | undefined) | undefined
  storage?: KeyValueStorage | undefined
  /** Receipt polling (tests). */
  pollingInterval?: number | undefined
  /** Tests: a vault client of their own. */
  vault?: VaultClient | undefined
}

/** The real connector as the embedded family's view sees it: wagmi's members, the provider, and a way to close the vault's popup. */
export type EmbeddedConnector = LoadedConnector & EmbeddedExtras

type EmbeddedExtras = { embeddedProvider: EmbeddedProvider }

/**
 * The embedded wallet as a wagmi connector, built on the shared skeleton (`createFamilyConnector`).
 * The page holds the address and the chain, nothing of the key: connecting opens the vault's screens
 * (unlock, create, recover), and every request that uses the key goes to the vault, which shows it and
 * signs after the user's own approval there. A reload restores the connection locked when the vault
 * says this device holds the remembered wallet; disconnecting locks the vault.
 */
export function embeddedConnector(parameters: EmbeddedConnectorParameters): (config: FamilyConfig) => EmbeddedConnector {
  const persisted = createPersistedValues(EMBEDDED_KEY, parameters.storage)
  let vault: VaultClient | undefined = parameters.vault
  const vaultClient = () => {
    if (vault) return vault
    const { vaultOrigin } = parameters
    if (!vaultOrigin) throw new EmbeddedWalletError('embedded_unavailable_here')
    return (vault = createVaultClient({ vaultOrigin, locale: parameters.locale }))
  }

  return createFamilyConnector<EmbeddedProvider, EmbeddedExtras>((config) => {
    const defaultChainId = config.chains[0].id
    let connected: Address | undefined
    let chainId = persisted.getCurrentChain() ?? defaultChainId

    const provider = createEmbeddedProvider({
      chains: config.chains,
      rpcUrls: parameters.rpcUrls,
      getChainId: () => chainId,
      setChainId: (next) => {
        chainId = next
      },
      getAddress: () => connected,
      sign: (request) => vaultClient().request('vault_sign', request),
      pollingInterval: parameters.pollingInterval,
    })
    // Nothing to initialise but the provider: the lifecycle still marks uninitialised → initialised.
    const lifecycle = createLifecycle(async () => provider)

    /** Whether the vault holds the wallet of `address` on this device (no prompt). */
    async function held(address: Address): Promise<boolean> {
      return (await vaultClient().request('vault_restore', { address })) === true
    }

    return {
      properties: { id: EMBEDDED_KEY, name: EMBEDDED_NAME, type: 'embedded', embeddedProvider: provider },
      key: EMBEDDED_KEY,
      persisted,
      async setup() {
        // The provider as a page script could reach it anyway: it holds no key, and whatever it asks
        // is shown and approved in the vault.
        installTestHandle(
          config.chains.map((chain) => chain.id),
          'embeddedProvider',
          provider,
        )
      },

      open: () => lifecycle.init(),
      async grantAccounts(_provider, { isReconnecting, signal }) {
        let address: Address
        if (isReconnecting) {
          // A reload: the remembered address, if this device's vault still holds its wallet — locked.
          const remembered = persisted.getActiveAccount()
          if (!remembered || !(await held(remembered))) throw new AccountNotFoundError({ details: 'no wallet on this device for the remembered address' })
          address = remembered
        } else {
          // The vault's screens: unlock, create or recover; the user's choice comes back (or 4001, also
          // when the page's view of the wallet is left first: then nothing opens, or its window closes).
          const answer = await vaultClient().request('vault_connect', undefined, { signal })
          if (typeof answer !== 'string') throw new AccountNotFoundError({ details: 'the vault answered no address' })
          address = answer as Address
        }
        connected = getAddress(address)
        return [connected]
      },
      connectedChainId(_provider, requested) {
        // No wallet to ask: the provider is on the chain the connector says. The requested one when
        // the app has it (so no switch follows), else the remembered one; a requested chain the app
        // lacks is refused by the switch rules, and the connection starts on the app's first chain.
        const target = requested ?? persisted.getCurrentChain() ?? chainId
        chainId = config.chains.some((chain) => chain.id === target) ? target : defaultChainId
        return chainId
      },
      abandonConnection() {
        connected = undefined
      },

      disconnect() {
        connected = undefined
        return () => {
          void vault?.request('vault_lock').catch(() => undefined)
          lifecycle.reset()
        }
      },
      endAfterWalletDisconnect() {
        connected = undefined
        void vault?.request('vault_lock').catch(() => undefined)
      },

      getAccounts: async () => (connected ? [connected] : []),
      getChainId: async () => chainId,
      getProvider: async () => provider,
      async isAuthorized() {
        const remembered = persisted.getActiveAccount()
        if (!remembered || !parameters.vaultOrigin) return false
        try {
          return await held(remembered)
        } catch (error) {
          logger.debug('embedded_not_authorized', { error: error instanceof Error ? error.name : typeof error })
          return false
        }
      },

      switchTarget: () => ({ request: (args) => provider.request(args) }),
    }
  })
}
