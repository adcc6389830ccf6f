import { createConnector } from '@wagmi/core'
import type { Address, EIP1193Provider } from 'viem'
import type { SigilError } from '@/lib/errors/SigilError'
import {
  AccountNotFoundError,
  ConnectionRejectedError,
  ProviderNotFoundError,
  RequestTimeoutError,
  SwitchChainRejectedError,
  UnknownWalletError,
} from '@/lib/errors/wallet'
import { entryForKey } from '@/wallet-book/entryForKey'
import { injectedIndex } from '@/wallet-book/injectedIndex'
import { findInjectedProvider } from '@/wallet-book/resolve/findInjectedProvider'
import { isProviderLike } from '@/wallet-book/resolve/isProviderLike'
import { genericBrowserWallet } from '@/wallet-book/resolve/genericBrowserWallet'
import { readProperty } from '@/wallet-book/resolve/readProperty'
import type { EIP6963ProviderDetail } from '@/wallet-book/resolve/types'
import type { WalletBook, WalletBookEntry } from '@/wallet-book/types'
import { connectorKey } from '../shared/connectorKey'
import { endSession } from '../shared/endSession'
import { createLifecycle } from '../shared/lifecycle'
import { logger } from '../shared/logger'
import { parseAddress } from '../shared/parseAddress'
import { parseChainId } from '../shared/parseChainId'
import { createPersistedValues } from '../shared/persistedValues'
import { getProviderWithRetry, requireInitProvider } from '../shared/providerRetry'
import { createSigilProperties } from '../shared/sigilProperties'
import type { KeyValueStorage } from '../shared/storage'
import { requestAccounts, requestChainId } from '../shared/timeouts'
import type { RequestFn, SigilConnectorProperties } from '../shared/types'
import { type DiscoveryStore, getDiscoveryStore } from './discovery'
import { waitForLateInjection } from './lateInjection'
import { createProviderListeners, eip1193Listeners } from '../shared/providerListeners'
import { applyAccountsChanged, applyChainChanged, type WalletEventTarget } from '../shared/walletEvents'

export type InjectedParameters = {
  /** Wallet-book key of a browser-extension wallet, e.g. `metamask`. */
  wallet?: string | undefined
  /** An EIP-6963 announcement of a wallet the book does not know. */
  announced?: EIP6963ProviderDetail | undefined
  /**
   * For announcements: the icon `listWallets` vetted (a data URI). The announced `info.icon` is
   * not used as is: anything but a data URI would be a third-party request.
   */
  icon?: string | undefined
  /** Overrides the connector key (and wagmi id); for announcements, the key `listWallets` gave it. */
  key?: string | undefined
  /**
   * The wallet-book to look `wallet` up in; Sigil's injected index by default (all a connector
   * reads of an entry, without the links and sources the first-load bundle does not need).
   */
  book?: WalletBook | undefined
  /** Where the persisted values live; `localStorage` by default. */
  storage?: KeyValueStorage | undefined
  /** EIP-6963 announcements; the page's discovery store by default. */
  discovery?: (() => DiscoveryStore | undefined) | undefined
  /** The window to search; `globalThis.window` by default (`undefined` on the server). */
  getWindow?: (() => object | undefined) | undefined
}

type Provider = EIP1193Provider

/**
 * Error mapping, failure reporting and the chain-switch rules load on the first connect or switch,
 * not with the page: nothing before the user's first action needs them, and the first-load bundle
 * has a budget. (The connect dialog subscribes to the same `connectionEvents` module instance.)
 */
const loadProviderErrors = () => import('../shared/providerErrors')
const loadConnectionEvents = () => import('../shared/connectionEvents')
const loadSwitchChain = () => import('../shared/switchChain')

/** How many times `isAuthorized` asks for accounts when a wallet is slow right after page load. */
const AUTHORIZE_ATTEMPTS = 3

function requestOf(provider: Provider): RequestFn {
  return (args) => provider.request(args as Parameters<Provider['request']>[0])
}

/**
 * Some injected providers have `off` instead of `removeListener`, or neither (Trust Wallet:
 * https://github.com/wevm/wagmi/issues/3526#issuecomment-1912683002).
 */
type Identity = { key: string; name: string; icon: string | undefined; rdns: readonly string[] | undefined; entry: WalletBookEntry | undefined }

function identify(parameters: InjectedParameters): Identity {
  if (parameters.wallet !== undefined) {
    const entry = entryForKey(parameters.book ?? injectedIndex, parameters.wallet)
    if (!entry) throw new UnknownWalletError({ details: `no wallet-book entry for key "${String(parameters.wallet).slice(0, 40)}"` })
    return { key: parameters.key ?? parameters.wallet, name: entry.name, icon: entry.brand?.icon, rdns: entry.eip6963Config?.rdns, entry }
  }
  if (parameters.announced) {
    const { info } = parameters.announced
    return { key: parameters.key ?? connectorKey(info.name), name: info.name, icon: parameters.icon, rdns: [info.rdns], entry: undefined }
  }
  return { key: parameters.key ?? genericBrowserWallet.key, name: genericBrowserWallet.name, icon: undefined, rdns: undefined, entry: undefined }
}

injected.type = 'injected' as const

/**
 * A browser-extension wallet as a wagmi connector: a wallet-book wallet (found by EIP-6963 rdns,
 * then by its window locators), a wallet only known by its EIP-6963 announcement, or — with no
 * parameters — the generic "Browser wallet" on `window.ethereum`.
 * Members follow wagmi's connector order; shared rules (persisted values, timeouts, retry, chain
 * switching, error mapping) come from `connectors/shared`.
 */
export function injected(parameters: InjectedParameters = {}) {
  const identity = identify(parameters)
  const { key, entry } = identity
  const persisted = createPersistedValues(key, parameters.storage)
  const sigil: SigilConnectorProperties = createSigilProperties({
    name: identity.name,
    // The book key (from the short name) or a given key overrides the key derived from the display
    // name ("Trust Wallet" → `trust`, not `trustwallet`): persisted values and the id use it.
    overrideKey: key === connectorKey(identity.name) ? undefined : key,
    persisted,
    walletConnectFallback: Boolean(entry?.walletConnect) && !entry?.filterFromWalletConnect,
  })
  const discovery = parameters.discovery ?? getDiscoveryStore
  const getWindow = parameters.getWindow ?? (() => (typeof window === 'undefined' ? undefined : window))

  /** The wallet's provider as the page is now; never waits. */
  function findProvider(): Provider | undefined {
    const win = getWindow()
    if (win === undefined) return undefined
    if (parameters.announced) return parameters.announced.provider
    if (entry) return findInjectedProvider(entry, { announced: discovery()?.getProviders() ?? [], win })?.provider
    const ethereum = readProperty(win, 'ethereum')
    return isProviderLike(ethereum) ? ethereum : undefined
  }

  /** Like `findProvider`, after giving a late-injecting wallet its chance (MetaMask Mobile). */
  async function findProviderAfterInjection(): Promise<Provider | undefined> {
    const found = findProvider()
    const win = getWindow()
    if (found || win === undefined || typeof (win as EventTarget).addEventListener !== 'function') return found
    await waitForLateInjection(win as EventTarget)
    return findProvider()
  }

  // uninitialised → initialising (provider looked up, waiting for late injection) → initialised.
  const lifecycle = createLifecycle(async () => requireInitProvider(await findProviderAfterInjection()))

  // EIP-1193 listeners: added once per provider, removed symmetrically.
  const listeners = createProviderListeners()
  const detachListeners = () => listeners.detach()

  return createConnector<Provider | undefined, { sigil: SigilConnectorProperties }>((config) => {
    // The shared handling of the wallet's accountsChanged / chainChanged (SPEC.md §4).
    const events: WalletEventTarget = { persisted, emitChange: (data) => config.emitter.emit('change', data), connectorKey: key }
    async function emitFailure(error: SigilError) {
      const { reportConnectionFailed } = await loadConnectionEvents()
      reportConnectionFailed({ connectorKey: key, connectorName: identity.name, error })
    }

    return {
      // Identity: the wagmi id is the connector key, so the UI, the wallet-book and the persisted
      // values all name the wallet the same way.
      id: key,
      name: identity.name,
      icon: identity.icon,
      rdns: identity.rdns,
      type: injected.type,
      sigil,

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        let provider: Provider
        try {
          provider = await lifecycle.init()
        } catch (error) {
          const mapped = (await loadProviderErrors()).mapProviderError(error, 'connect')
          if (!isReconnecting) await emitFailure(mapped)
          throw mapped
        }
        listeners.attach(provider, eip1193Listeners(this))

        try {
          const accounts = isReconnecting
            ? await this.getAccounts()
            : parseAccounts(await provider.request({ method: 'eth_requestAccounts' }))
          const account = accounts[0]
          if (!account) throw new AccountNotFoundError()

          let currentChainId = await this.getChainId()
          if (chainId !== undefined && chainId !== currentChainId) {
            // Like wagmi: connecting succeeds on the wallet's chain unless the user rejected the switch.
            currentChainId = await this.switchChain!({ chainId }).then(
              (chain) => chain.id,
              (error: unknown) => {
                if (error instanceof SwitchChainRejectedError) throw error
                return currentChainId
              },
            )
          }

          persisted.setActiveAccount(account)
          persisted.setCurrentChain(currentChainId)
          return {
            accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
            chainId: currentChainId,
          }
        } catch (error) {
          detachListeners()
          const mapped = (await loadProviderErrors()).mapProviderError(error, 'connect')
          if (isReconnecting) {
            // The wallet no longer grants this site its accounts: drop the stale values.
            persisted.clear()
            throw mapped
          }
          if (mapped instanceof ConnectionRejectedError) {
            // SPEC.md §8: after a rejection the provider is reset and re-initialised, so the retry
            // starts from a fresh lookup (the user may have switched extensions meanwhile).
            lifecycle.reset()
            void lifecycle.init().catch(() => undefined)
          }
          await emitFailure(mapped)
          throw mapped
        }
      },

      async disconnect() {
        const provider = findProvider()
        detachListeners()
        await endSession({
          persisted,
          connectorKey: key,
          disconnectProvider: () => {
            lifecycle.reset()
            // Revoke the site's permission so the next connect asks again (MIP-2:
            // https://github.com/MetaMask/metamask-improvement-proposals/blob/main/MIPs/mip-2.md).
            // Not awaited: wallets without the method may never answer (https://github.com/wevm/wagmi/issues/4064).
            void provider
              ?.request({ method: 'wallet_revokePermissions' as never, params: [{ eth_accounts: {} }] as never })
              .catch(() => undefined)
          },
        })
      },

      async getAccounts() {
        // SPEC.md §4: no provider when an address is requested → reset, re-init, wait 1000 ms.
        const provider = await getProviderWithRetry({
          getProvider: findProvider,
          reset: lifecycle.reset,
          init: lifecycle.init,
        })
        return parseAccounts(await requestAccounts(requestOf(provider)))
      },

      async getChainId() {
        const provider = findProvider()
        if (!provider) throw new ProviderNotFoundError()
        return parseChainId(await requestChainId(requestOf(provider)))
      },

      async getProvider() {
        const found = findProvider()
        if (found) return found
        // Only the wallet this site was connected with waits for a late injection (reload inside
        // MetaMask Mobile's browser); every other connector answers at once, keeping reconnect fast.
        return persisted.getActiveAccount() ? findProviderAfterInjection() : undefined
      },

      async isAuthorized() {
        // Connected before (and not disconnected since): our persisted account is the shim that
        // keeps an extension which still exposes accounts from reconnecting after "Disconnect".
        if (!persisted.getActiveAccount()) return false
        try {
          const provider = await this.getProvider()
          if (!provider) return false
          for (let attempt = 1; ; attempt++) {
            try {
              const accounts = await this.getAccounts()
              if (accounts.length === 0) persisted.clear()
              return accounts.length > 0
            } catch (error) {
              // MetaMask may not answer JSON-RPC right after page load (https://github.com/wevm/wagmi/pull/2719).
              if (!(error instanceof RequestTimeoutError) || attempt >= AUTHORIZE_ATTEMPTS) throw error
            }
          }
        } catch (error) {
          logger.debug('injected_not_authorized', { connector: key, error: error instanceof Error ? error.name : typeof error })
          return false
        }
      },

      async switchChain({ chainId, addEthereumChainParameter }) {
        const { switchChain: switchChainWithRules } = await loadSwitchChain()
        const chain = await switchChainWithRules({
          // Looked up when the wallet is first asked, so the rule checks come first whatever happens.
          request: (args) => {
            const provider = findProvider()
            if (!provider) throw new ProviderNotFoundError()
            return requestOf(provider)(args)
          },
          chainId,
          supportedChains: config.chains,
          switchNetworkOnlyFromWallet: entry?.switchNetworkOnlyFromWallet,
          canSwitch: true,
          addEthereumChainParameter,
          persisted,
        })
        config.emitter.emit('change', { chainId: chain.id })
        return chain
      },

      onAccountsChanged(accounts) {
        // EIP-1193: an empty list means the wallet disconnected this site.
        if (applyAccountsChanged(events, accounts) === 'disconnect') void this.onDisconnect()
      },

      onChainChanged(chain) {
        applyChainChanged(events, chain)
      },

      async onDisconnect(error) {
        // MetaMask emits 1013 while it reconnects to its backend; the site is still connected if
        // accounts are still there (https://github.com/MetaMask/providers/pull/120).
        if ((error as { code?: unknown } | undefined)?.code === 1013) {
          const accounts = await this.getAccounts().catch(() => [])
          if (accounts.length > 0) return
        }
        detachListeners()
        await endSession({ persisted, connectorKey: key, disconnectProvider: lifecycle.reset })
        config.emitter.emit('disconnect')
      },
    }
  })
}

/** Every address from the wallet goes through the address rule (SPEC.md §5). */
function parseAccounts(value: unknown): Address[] {
  if (!Array.isArray(value)) throw new UnknownWalletError({ details: 'the wallet answered accounts with something other than a list' })
  return value.map(parseAddress)
}
