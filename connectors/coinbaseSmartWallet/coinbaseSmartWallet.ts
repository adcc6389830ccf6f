import type { createCoinbaseWalletSDK, ProviderInterface } from '@coinbase/wallet-sdk'
import { createConnector } from '@wagmi/core'
import type { Address } from 'viem'
import type { SigilError } from '@/lib/errors/SigilError'
import { AccountNotFoundError, ConnectionRejectedError, SwitchChainRejectedError, UnknownWalletError } from '@/lib/errors/wallet'
import { reportConnectionFailed } from '../shared/connectionEvents'
import { connectorKey } from '../shared/connectorKey'
import { endSession } from '../shared/endSession'
import { createLifecycle } from '../shared/lifecycle'
import { logger } from '../shared/logger'
import { parseAddress } from '../shared/parseAddress'
import { parseChainId } from '../shared/parseChainId'
import { createPersistedValues } from '../shared/persistedValues'
import { mapProviderError, ProviderErrorCode, providerErrorCode } from '../shared/providerErrors'
import { getProviderWithRetry, requireInitProvider } from '../shared/providerRetry'
import { createSigilProperties } from '../shared/sigilProperties'
import type { KeyValueStorage } from '../shared/storage'
import { switchChain as switchChainWithRules } from '../shared/switchChain'
import { requestAccounts, requestChainId } from '../shared/timeouts'
import type { RequestFn, SigilConnectorProperties } from '../shared/types'
import { CoinbaseKeysUrlInvalidError } from './errors'
import { parseCoinbasePreference, type CoinbasePreference } from './preference'
import type { CoinbaseSmartWalletIdentity } from './properties'
import { createProviderListeners, eip1193Listeners } from '../shared/providerListeners'
import { applyAccountsChanged, applyChainChanged, type WalletEventTarget } from '../shared/walletEvents'

/** The provider `@coinbase/wallet-sdk` hands out (EIP-1193 plus `disconnect`). */
export type CoinbaseProvider = ProviderInterface

/** The slice of the SDK module the connector uses; tests pass a stand-in. */
export type CoinbaseSdkModule = {
  createCoinbaseWalletSDK(options: Parameters<typeof createCoinbaseWalletSDK>[0]): { getProvider(): CoinbaseProvider }
}

export type CoinbaseSmartWalletParameters = {
  /**
   * Name and fixed properties (`coinbaseSmartWalletProperties` in lazy.ts, the proxy's own object).
   * Its `preferredChains` — the deployment's chains, 84532 first, then 8453 — are the SDK's
   * `appChainIds`: the smart wallet starts on the first.
   */
  properties: CoinbaseSmartWalletIdentity
  /** Shown in Coinbase's popup. */
  appName: string
  /** An absolute URL of the app's logo, or a function giving it (read when the SDK is created, in the browser). */
  appLogoUrl?: string | (() => string) | undefined
  /** `smartWalletOnly` by default; `all` or `eoaOnly` otherwise. Anything else → `CoinbasePreferenceInvalidError`. */
  preference?: CoinbasePreference | undefined
  /**
   * The popup's address (`preference.keysUrl`): Coinbase's own (`https://keys.coinbase.com/connect`)
   * when unset. Only tests set it, to a page on loopback (lib/config/server.ts `COINBASE_KEYS_URL`).
   */
  keysUrl?: string | undefined
  /** Where the persisted values live; `localStorage` by default. */
  storage?: KeyValueStorage | undefined
  /** The SDK module, imported on first use by default (never part of the first load). */
  loadSdk?: (() => Promise<CoinbaseSdkModule>) | undefined
}

/** What the Coinbase family adds to a wagmi connector. */
export type CoinbaseSmartWalletProperties = {
  sigil: SigilConnectorProperties
  /**
   * SPEC.md section 8: "Coinbase signing errors are swallowed and return nothing". The shared signing
   * path (lib/wagmi/signPersonalMessage.ts) reads this flag: a failed signature through this
   * connector is logged and resolves to `undefined`, and the UI shows a neutral "not completed" state.
   */
  swallowsSigningErrors: true
  /** Creates the SDK and its provider ahead of the tap (the connect dialog calls it when it opens). */
  prepare(context: { isMobile: boolean }): Promise<void>
  /**
   * Whether the SDK's provider exists, so a tap on `connect` opens the popup inside the click. Until
   * then a tap reaches `window.open` only after awaiting the SDK, which Safari blocks (the SDK then
   * shows its own "Popup was blocked. Try again." retry): a dialog can show the row as preparing.
   */
  isReady(): boolean
}

function parseKeysUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch (error) {
    throw new CoinbaseKeysUrlInvalidError(value, { cause: error })
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new CoinbaseKeysUrlInvalidError(value)
  return url.href
}

function requestOf(provider: CoinbaseProvider): RequestFn {
  return (args) => provider.request(args as Parameters<CoinbaseProvider['request']>[0])
}

/** Every address from the wallet goes through the address rule (SPEC.md §5). */
function parseAccounts(value: unknown): Address[] {
  if (!Array.isArray(value)) throw new UnknownWalletError({ details: 'the wallet answered accounts with something other than a list' })
  return value.map(parseAddress)
}

coinbaseSmartWallet.type = 'coinbaseSmartWallet' as const

/**
 * The Coinbase Smart Wallet as a wagmi connector, on `@coinbase/wallet-sdk` 4.4.0 — pinned: the
 * popup protocol it speaks is Coinbase's internal one. (SPEC.md section 9's "connector package
 * version 3.6.3" is the version of the reference SDK the spec was written from, not this package's.)
 *
 * Members follow wagmi's connector order; persisted values, lifecycle, retry, chain-switch rules,
 * error mapping and failure reporting come from `connectors/shared`. The SDK is created behind the
 * lifecycle, ahead of the tap (`prepare`), so `connect` reaches the SDK's `eth_requestAccounts` —
 * which calls `window.open` — without awaiting anything first.
 */
export function coinbaseSmartWallet(parameters: CoinbaseSmartWalletParameters) {
  const preference = parseCoinbasePreference(parameters.preference)
  const keysUrl = parameters.keysUrl === undefined ? undefined : parseKeysUrl(parameters.keysUrl)
  const { properties } = parameters
  const key = connectorKey(properties.name)
  const persisted = createPersistedValues(key, parameters.storage)
  const sigil = createSigilProperties({ ...properties, persisted })
  const appChainIds = [...properties.preferredChains]
  const loadSdk = parameters.loadSdk ?? (() => import('@coinbase/wallet-sdk'))

  // uninitialised → initialising (SDK imported, provider created) → initialised.
  const lifecycle = createLifecycle(async () => {
    const { createCoinbaseWalletSDK } = await loadSdk()
    const logo = typeof parameters.appLogoUrl === 'function' ? parameters.appLogoUrl() : parameters.appLogoUrl
    const sdk = createCoinbaseWalletSDK({
      appName: parameters.appName,
      appLogoUrl: logo ?? null,
      appChainIds,
      preference: { options: preference, ...(keysUrl ? { keysUrl } : {}) },
    })
    return requireInitProvider(sdk.getProvider())
  })

  // Provider events: added once per provider, removed symmetrically.
  const listeners = createProviderListeners()
  const detachListeners = () => listeners.detach()

  function emitFailure(error: SigilError) {
    reportConnectionFailed({ connectorKey: key, connectorName: properties.name, error })
  }

  return createConnector<CoinbaseProvider, CoinbaseSmartWalletProperties>((config) => {
    // The shared handling of the wallet's accountsChanged / chainChanged (SPEC.md §4).
    const events: WalletEventTarget = { persisted, emitChange: (data) => config.emitter.emit('change', data), connectorKey: key }
    return {
    // The wagmi id is the connector key, as for every Sigil connector.
    id: key,
    name: properties.name,
    type: coinbaseSmartWallet.type,
    sigil,
    swallowsSigningErrors: true,

    isReady() {
      return lifecycle.value !== undefined
    },

    prepare() {
      // Settles once the SDK's provider exists: the dialog enables the row then (isReady).
      return lifecycle.init().then(() => undefined, (error: unknown) => {
        // Connecting initialises again and reports the failure to the user then.
        logger.debug('coinbase_prepare_failed', { error: error instanceof Error ? error.name : typeof error })
      })
    },

    async connect({ chainId, isReconnecting, withCapabilities } = {}) {
      // Still inside the user's click: with the provider ready, the SDK opens its popup in this very
      // call. Nothing may be awaited before it (Safari blocks popups opened after an await:
      // https://www.smartwallet.dev/guides/tips/popup-tips).
      const ready = lifecycle.value
      const asked = ready && !isReconnecting ? ready.request({ method: 'eth_requestAccounts' }) : undefined

      let provider: CoinbaseProvider
      try {
        provider = ready ?? (await lifecycle.init())
      } catch (error) {
        const mapped = mapProviderError(error, 'connect')
        if (!isReconnecting) emitFailure(mapped)
        throw mapped
      }

      try {
        const accounts = isReconnecting
          ? await this.getAccounts()
          : parseAccounts(await (asked ?? provider.request({ method: 'eth_requestAccounts' })))
        const account = accounts[0]
        if (!account) throw new AccountNotFoundError()
        listeners.attach(provider, eip1193Listeners(this))

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
        const mapped = mapProviderError(error, 'connect')
        if (isReconnecting) {
          // The wallet no longer knows this site: drop the stale values.
          persisted.clear()
          throw mapped
        }
        if (mapped instanceof ConnectionRejectedError) {
          // SPEC.md §8: after a rejection the provider is reset and re-initialised, so the retry
          // starts from a fresh SDK instance, ready before the next tap.
          lifecycle.reset()
          void lifecycle.init().catch(() => undefined)
        }
        emitFailure(mapped)
        throw mapped
      }
    },

    async disconnect() {
      const provider = lifecycle.value
      // Ours first: the SDK's `disconnect` emits an event we must not take for a wallet-side one.
      detachListeners()
      await endSession({
        persisted,
        connectorKey: key,
        // Clears the SDK's own storage (keys, accounts, chain) too; the instance stays ready for
        // the next connect, which starts a fresh handshake.
        disconnectProvider: () => provider?.disconnect(),
      })
    },

    async getAccounts() {
      // SPEC.md §4: no provider when an address is requested → reset, re-init, wait 1000 ms.
      const provider = await getProviderWithRetry({
        getProvider: () => lifecycle.init().catch(() => undefined),
        reset: lifecycle.reset,
        init: lifecycle.init,
      })
      return parseAccounts(await requestAccounts(requestOf(provider)))
    },

    async getChainId() {
      const provider = lifecycle.value ?? (await lifecycle.init())
      return parseChainId(await requestChainId(requestOf(provider)))
    },

    async getProvider() {
      return lifecycle.value ?? lifecycle.init()
    },

    async isAuthorized() {
      // Connected before (and not disconnected since), and the SDK still holds the session.
      if (!persisted.getActiveAccount()) return false
      try {
        const accounts = await this.getAccounts()
        if (accounts.length === 0) persisted.clear()
        return accounts.length > 0
      } catch (error) {
        // 4100: the SDK lost its session (its storage was cleared): the values we kept are stale.
        if (providerErrorCode(error) === ProviderErrorCode.unauthorized) persisted.clear()
        logger.debug('coinbase_not_authorized', { connector: key, error: error instanceof Error ? error.name : typeof error })
        return false
      }
    },

    async switchChain({ chainId, addEthereumChainParameter }) {
      const provider = lifecycle.value ?? (await lifecycle.init())
      // A chain the smart wallet listed at the handshake switches inside the SDK (no popup); any
      // other goes to the popup, which may refuse it.
      const chain = await switchChainWithRules({
        request: requestOf(provider),
        chainId,
        supportedChains: config.chains,
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

    async onDisconnect() {
      // The SDK ended the session itself (the wallet revoked it, or its storage was lost): it has
      // already cleaned up, so only our side is left to clear.
      detachListeners()
      await endSession({ persisted, connectorKey: key, disconnectProvider: () => undefined })
      config.emitter.emit('disconnect')
    },
  }
  })
}
