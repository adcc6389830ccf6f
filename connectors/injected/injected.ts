import type { EIP1193Provider } from 'viem'
import { ProviderNotFoundError, RequestTimeoutError } from '@sigil/lib/errors/wallet'
import { findInjectedProvider } from '@sigil/wallet-book/resolve/findInjectedProvider'
import { isProviderLike } from '@sigil/wallet-book/resolve/isProviderLike'
import { readProperty } from '@sigil/wallet-book/resolve/readProperty'
import type { EIP6963ProviderDetail } from '@sigil/wallet-book/resolve/types'
import type { WalletBook } from '@sigil/wallet-book/types'
import { createFamilyConnector } from '../shared/familyConnector'
import { createLifecycle } from '../shared/lifecycle'
import { logger } from '../shared/logger'
import { ownedReadings, ownedValues } from '../shared/ownedValues'
import { createPersistedValues, type PersistedValues } from '../shared/persistedValues'
import { getProviderWithRetry, requireInitProvider } from '../shared/providerRetry'
import { createSigilProperties } from '../shared/sigilProperties'
import type { KeyValueStorage } from '../shared/storage'
import type { SigilConnectorProperties } from '../shared/types'
import { readAccounts, readChainId, requestOf } from '../shared/walletReads'
import { type DiscoveryStore, getDiscoveryStore } from './discovery'
import { identifyInjected } from './identity'
import { waitForLateInjection } from './lateInjection'

/**
 * Whether the values stored under the connector's key are a connection of its own: an active account
 * and no WalletConnect session topic.
 *
 * A wallet's extension and the same wallet over WalletConnect share the connector key, so the four
 * values (docs/connectors/stored-values.md#the-connector-key), and the topic is written only by a
 * WalletConnect session. Values with a topic are that session's: the extension's connector leaves
 * them alone. It does not wait for a late injection on their account (the reload's restore, which a
 * chain switch waits out, took three seconds longer on a phone), nor clear them when its extension
 * shows no account (the WalletConnect session would be lost with its topic).
 */
function hasOwnStoredAccount(persisted: PersistedValues): boolean {
  // Truthiness is presence: neither an address nor a topic is ever stored empty.
  return !!persisted.getActiveAccount() && !persisted.getSessionTopic()
}

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

/** How many times `isAuthorized` asks for accounts when a wallet is slow right after page load. */
const AUTHORIZE_ATTEMPTS = 3

injected.type = 'injected' as const

/**
 * A browser-extension wallet as a wagmi connector: a wallet-book wallet (found by EIP-6963 rdns,
 * then by its window locators), a wallet only known by its EIP-6963 announcement, or — with no
 * parameters — the generic "Browser wallet" on `window.ethereum`.
 * Built on the shared skeleton (`createFamilyConnector`); what is stated here is the family's own:
 * finding the provider, waiting for late injection, revoking permission on disconnect, MetaMask's
 * slow start and its 1013 disconnects.
 */
export function injected(parameters: InjectedParameters = {}) {
  const identity = identifyInjected(parameters)
  const { key, entry } = identity
  // Values a WalletConnect session of the same wallet wrote are not this connector's to clear or report.
  const owns = (values: PersistedValues) => values.getSessionTopic() === undefined
  const persisted = ownedValues(createPersistedValues(key, parameters.storage), owns)
  const sigil: SigilConnectorProperties = createSigilProperties({
    name: identity.name,
    // The book key (from the short name) or a given key, rather than the key the display name gives
    // ("Trust Wallet" → `trust`, not `trustwallet`): persisted values and the id use it.
    key,
    persisted: ownedReadings(persisted, owns),
    walletConnectFallback: identity.walletConnectFallback,
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

  return createFamilyConnector<Provider | undefined, { sigil: SigilConnectorProperties }>(() => {
    async function getAccounts() {
      // docs/connectors/lifecycle.md#no-provider-when-an-address-is-asked-for: no provider when an
      // address is requested → reset, re-init, wait 1000 ms.
      return readAccounts(await getProviderWithRetry({ getProvider: findProvider, reset: lifecycle.reset, init: lifecycle.init }))
    }

    async function getProvider() {
      const found = findProvider()
      if (found) return found
      // Only the wallet this site was connected with through its extension waits for a late injection
      // (reload inside MetaMask Mobile's browser); every other connector answers at once, keeping
      // reconnect fast (the same wallet over WalletConnect, under the same key, included).
      return hasOwnStoredAccount(persisted) ? findProviderAfterInjection() : undefined
    }

    return {
      // Identity: the wagmi id is the connector key, so the UI, the wallet-book and the persisted
      // values all name the wallet the same way.
      properties: { id: key, name: identity.name, icon: identity.icon, rdns: identity.rdns, type: injected.type, sigil },
      key,
      persisted,

      // The wallet is asked inside the click, before anything is awaited: its prompt opens while the
      // page renders "connecting", not after. The provider `open` settles on, when it is already here.
      askAtOnce() {
        const provider = lifecycle.value ?? findProvider()
        return provider ? requestOf(provider)({ method: 'eth_requestAccounts' }) : undefined
      },
      open: () => lifecycle.init(),
      // The values are the extension's from now on (its account just written): a topic a WalletConnect
      // session of the same wallet left under the key (one whose restore never ran: offline, or
      // WalletConnect not configured) would make them read as that session's, and the next reload
      // would not restore this connection (hasOwnStoredAccount).
      onConnected: () => persisted.setSessionTopic(undefined),
      listenBeforeAccounts: true,
      // docs/connectors/lifecycle.md#when-connecting-fails: a retry starts from a fresh lookup (the
      // user may have switched extensions meanwhile).
      reinitialiseAfterRejection: lifecycle,

      disconnect() {
        const provider = findProvider()
        return () => {
          lifecycle.reset()
          // Revoke the site's permission so the next connect asks again (MIP-2:
          // https://github.com/MetaMask/metamask-improvement-proposals/blob/main/MIPs/mip-2.md).
          // Not awaited: wallets without the method may never answer (https://github.com/wevm/wagmi/issues/4064).
          void provider
            ?.request({ method: 'wallet_revokePermissions' as never, params: [{ eth_accounts: {} }] as never })
            .catch(() => undefined)
        }
      },
      endAfterWalletDisconnect: lifecycle.reset,
      async isTransientDisconnect(error) {
        // MetaMask emits 1013 while it reconnects to its backend; the site is still connected if
        // accounts are still there (https://github.com/MetaMask/providers/pull/120).
        if ((error as { code?: unknown } | undefined)?.code !== 1013) return false
        return (await getAccounts().catch(() => [])).length > 0
      },

      getAccounts,
      async getChainId() {
        const provider = findProvider()
        if (!provider) throw new ProviderNotFoundError()
        return readChainId(provider)
      },
      getProvider,
      async isAuthorized() {
        // Connected before (and not disconnected since): our persisted account is the shim that
        // keeps an extension which still exposes accounts from reconnecting after "Disconnect".
        if (!hasOwnStoredAccount(persisted)) return false
        try {
          if (!(await getProvider())) return false
          for (let attempt = 1; ; attempt++) {
            try {
              const accounts = await getAccounts()
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

      switchTarget: () => ({
        // Looked up when the wallet is first asked, so the rule checks come first whatever happens.
        request: (args) => {
          const provider = findProvider()
          if (!provider) throw new ProviderNotFoundError()
          return requestOf(provider)(args)
        },
        switchNetworkOnlyFromWallet: entry?.switchNetworkOnlyFromWallet,
      }),
    }
  })
}
