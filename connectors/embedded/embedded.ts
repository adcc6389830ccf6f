import { type Address, getAddress } from 'viem'
import { localChain } from '@/lib/chains'
import { AccountNotFoundError } from '@/lib/errors/wallet'
import { createFamilyConnector, type FamilyConfig } from '../shared/familyConnector'
import type { LoadedConnector } from '../shared/lazyConnector'
import { createLifecycle } from '../shared/lifecycle'
import { logger } from '../shared/logger'
import { createPersistedValues } from '../shared/persistedValues'
import type { KeyValueStorage } from '../shared/storage'
import { EMBEDDED_KEY, EMBEDDED_NAME } from './identity'
import { createEmbeddedProvider, type EmbeddedProvider } from './provider'
import { createEmbeddedWallet, type EmbeddedWallet, type EmbeddedWalletParameters } from './wallet'
import { createAutoLock } from './autoLock'
import { createConfirmations, type Confirmations } from './confirmation/confirmations'

export type EmbeddedConnectorParameters = EmbeddedWalletParameters & {
  /** RPC address per chain id: where transactions are sent and reads go. */
  rpcUrls: Readonly<Record<number, string>>
  storage?: KeyValueStorage | undefined
  /** Receipt polling (tests). */
  pollingInterval?: number | undefined
}

/**
 * The real connector as the embedded family's views see it: wagmi's members plus the wallet's keys
 * (the panel) and the requests waiting for the user's approval (the confirmation sheet).
 */
export type EmbeddedConnector = LoadedConnector & EmbeddedExtras

type EmbeddedExtras = {
  embeddedWallet: EmbeddedWallet
  embeddedProvider: EmbeddedProvider
  embeddedConfirmations: Confirmations
}

declare global {
  interface Window {
    /**
     * End-to-end test handle (signs without a prompt). Installed only when the page was given the
     * server's test secret (`__sigilEmbeddedTestSecret`, set by a test before the app loads) and the
     * server confirms it (`POST /api/embedded/test-hook`, the test clock's gate): never in production.
     */
    __sigilEmbeddedTest?: { request(args: { method: string; params?: unknown }): Promise<unknown> }
    __sigilEmbeddedTestSecret?: string
  }
}

/**
 * The embedded wallet as a wagmi connector, built on the shared skeleton (`createFamilyConnector`).
 * Connecting needs a wallet that the panel created, unlocked or recovered — or, on a reload, one this
 * device holds for the remembered address: that restores the connection locked, and the first
 * request that needs the key asks for the passkey. Disconnecting locks (drops the key from memory)
 * and keeps the device's encrypted record.
 */
export function embeddedConnector(parameters: EmbeddedConnectorParameters): (config: FamilyConfig) => EmbeddedConnector {
  const persisted = createPersistedValues(EMBEDDED_KEY, parameters.storage)
  const wallet = createEmbeddedWallet(parameters)
  // Every request that uses the key waits for the user here (the app's sheet shows it).
  const confirmations = createConfirmations()
  // 15 minutes without activity, or 5 hidden, and the key leaves memory (connectors/embedded/autoLock.ts).
  const autoLock = createAutoLock({ lock: () => wallet.lock(), isUnlocked: () => wallet.isUnlocked() })

  /** Ends what a connection holds in memory: the key, the idle clock, requests still waiting. */
  function release() {
    autoLock.stop()
    confirmations.rejectAll('The wallet was disconnected.')
    wallet.lock()
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
      getAccount: async (address) => {
        const account = await wallet.unlock(address)
        autoLock.touch()
        return account
      },
      confirm: (method, details) => confirmations.request(method, details),
      pageHost: () => (typeof location === 'undefined' ? undefined : location.host),
      pollingInterval: parameters.pollingInterval,
    })
    // Nothing to initialise but the provider: the lifecycle still marks uninitialised → initialised.
    const lifecycle = createLifecycle(async () => provider)

    async function installTestHandle() {
      if (typeof window === 'undefined' || !config.chains.some((chain) => chain.id === localChain.id)) return
      const secret = window.__sigilEmbeddedTestSecret
      if (typeof secret !== 'string' || secret.length === 0) return
      const answer = await fetch('/api/embedded/test-hook', { method: 'POST', headers: { 'x-sigil-test-secret': secret }, cache: 'no-store' }).catch(() => null)
      if (answer?.status !== 204) return
      window.__sigilEmbeddedTest = { request: (args) => provider.request(args) }
    }

    return {
      properties: {
        id: EMBEDDED_KEY,
        name: EMBEDDED_NAME,
        type: 'embedded',
        embeddedWallet: wallet,
        embeddedProvider: provider,
        embeddedConfirmations: confirmations,
      },
      key: EMBEDDED_KEY,
      persisted,
      async setup() {
        void installTestHandle()
      },

      open: () => lifecycle.init(),
      async grantAccounts(_provider, { isReconnecting }) {
        let address: Address
        if (isReconnecting) {
          // A reload: the remembered address, if this device still holds its wallet — locked.
          const remembered = persisted.getActiveAccount()
          const records = await wallet.list()
          const record = remembered && records.find((candidate) => candidate.address === remembered)
          if (!record) throw new AccountNotFoundError({ details: 'no wallet on this device for the remembered address' })
          address = record.address
        } else {
          // The panel unlocked (or created, or recovered) the wallet already; otherwise ask the passkey.
          address = wallet.unlockedAddress ?? (await wallet.unlock()).address
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
      onConnected: () => autoLock.start(),
      abandonConnection() {
        connected = undefined
      },

      disconnect() {
        connected = undefined
        return () => {
          release()
          lifecycle.reset()
        }
      },
      endAfterWalletDisconnect() {
        connected = undefined
        release()
      },

      getAccounts: async () => (connected ? [connected] : []),
      getChainId: async () => chainId,
      getProvider: async () => provider,
      async isAuthorized() {
        const remembered = persisted.getActiveAccount()
        if (!remembered) return false
        try {
          return (await wallet.list()).some((record) => record.address === remembered)
        } catch (error) {
          logger.debug('embedded_not_authorized', { error: error instanceof Error ? error.name : typeof error })
          return false
        }
      },

      switchTarget: () => ({ request: (args) => provider.request(args) }),
    }
  })
}
