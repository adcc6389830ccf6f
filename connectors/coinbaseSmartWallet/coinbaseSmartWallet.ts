import type { createCoinbaseWalletSDK, ProviderInterface } from '@coinbase/wallet-sdk'
import { connectorKey } from '../shared/connectorKey'
import { createFamilyConnector } from '../shared/familyConnector'
import { createLifecycle } from '../shared/lifecycle'
import { logger } from '../shared/logger'
import { createPersistedValues } from '../shared/persistedValues'
import { ProviderErrorCode, providerErrorCode } from '../shared/providerErrors'
import { getProviderWithRetry, requireInitProvider } from '../shared/providerRetry'
import { createSigilProperties } from '../shared/sigilProperties'
import type { KeyValueStorage } from '../shared/storage'
import type { SigilConnectorProperties } from '../shared/types'
import { readAccounts, readChainId, requestOf } from '../shared/walletReads'
import { COINBASE_KEYS_URL } from './egress'
import { CoinbaseKeysUrlInvalidError } from './errors'
import { askThroughPopup } from './popupHandOver'
import { createPopupSlot, type PopupHost, type PopupSlot } from './popupWindow'
import { parseCoinbasePreference, type CoinbasePreference } from './preference'
import type { CoinbaseSmartWalletIdentity } from './properties'

/** The provider `@coinbase/wallet-sdk` hands out (EIP-1193 plus `disconnect`). */
export type CoinbaseProvider = ProviderInterface

/** The slice of the SDK module the connector uses; tests pass a stand-in. */
export type CoinbaseSdkModule = {
  createCoinbaseWalletSDK(options: Parameters<typeof createCoinbaseWalletSDK>[0]): { getProvider(): CoinbaseProvider }
}

export type CoinbaseSmartWalletParameters = {
  /**
   * Name and fixed properties (`coinbaseSmartWalletProperties` in family.ts, the proxy's own object).
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
   * when unset. Only tests set it, to a page on loopback (server/config/server.ts `COINBASE_KEYS_URL`).
   */
  keysUrl?: string | undefined
  /** Where the persisted values live; `localStorage` by default. */
  storage?: KeyValueStorage | undefined
  /** The SDK module, imported on first use by default (never part of the first load). */
  loadSdk?: (() => Promise<CoinbaseSdkModule>) | undefined
  /**
   * Where a window opened in the tap waits for the SDK (popupWindow.ts): shared with the family's
   * proxy, which opens one when tapped before this module loaded. A slot of its own by default.
   */
  popups?: PopupSlot | undefined
  /** The browser window the popup opens from; `window` by default (read in the tap, never at module load). */
  popupHost?: (() => PopupHost) | undefined
  /** How long the popup has to load before the attempt fails (popupHandOver.ts). */
  popupLoadTimeoutMs?: number | undefined
}

/** What the Coinbase family adds to a wagmi connector. */
export type CoinbaseSmartWalletProperties = {
  sigil: SigilConnectorProperties
  /**
   * Signing errors are swallowed and return nothing
   * (docs/families/coinbaseSmartWallet.md#what-it-does). The shared signing path
   * (react/wagmi/signPersonalMessage.ts) reads this flag: a failed signature through this connector is
   * logged and resolves to `undefined`, and the UI shows a neutral "not completed" state.
   */
  swallowsSigningErrors: true
  /** Creates the SDK and its provider ahead of the tap (the connect dialog calls it when it opens). */
  prepare(context: { isMobile: boolean }): Promise<void>
  /**
   * Always true: a tap opens the popup inside the click whether or not the SDK exists yet (before
   * it does, `connect` opens an empty window in the tap and hands it to the SDK, popupWindow.ts).
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


coinbaseSmartWallet.type = 'coinbaseSmartWallet' as const

/**
 * The Coinbase Smart Wallet as a wagmi connector, on `@coinbase/wallet-sdk` 4.4.0 — pinned: the popup
 * protocol it speaks is Coinbase's internal one. (The "connector package version 3.6.3" of
 * docs/families/coinbaseSmartWallet.md#what-it-does is the version of the reference SDK the spec was
 * written from, not this package's.)
 *
 * Built on the shared skeleton (`createFamilyConnector`). The SDK is created behind the lifecycle,
 * ahead of the tap when it can be (`prepare`), so `connect` reaches the SDK's `eth_requestAccounts` —
 * which calls `window.open` — without awaiting anything first (`askAtOnce`). A tap that comes before
 * the SDK opens the popup's window itself and hands it over once the SDK exists; either way the
 * popup is watched until it loads (popupHandOver.ts).
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
  const popups = parameters.popups ?? createPopupSlot()
  const popupHost = parameters.popupHost ?? (() => window)
  // The popup's messages come from its origin: the SDK's default page when no keysUrl is set.
  const keysOrigin = new URL(keysUrl ?? COINBASE_KEYS_URL).origin

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

  return createFamilyConnector<CoinbaseProvider, CoinbaseSmartWalletProperties>((config) => {
    const provider = async () => lifecycle.value ?? lifecycle.init()
    async function getAccounts() {
      // docs/connectors/lifecycle.md#no-provider-when-an-address-is-asked-for: no provider when an
      // address is requested → reset, re-init, wait 1000 ms.
      return readAccounts(
        await getProviderWithRetry({ getProvider: () => lifecycle.init().catch(() => undefined), reset: lifecycle.reset, init: lifecycle.init }),
      )
    }

    return {
      // The wagmi id is the connector key, as for every Sigil connector.
      properties: {
        id: key,
        name: properties.name,
        type: coinbaseSmartWallet.type,
        sigil,
        swallowsSigningErrors: true,
        isReady: () => true,
        prepare() {
          // Settles once the SDK's provider exists: the dialog enables the row then (isReady).
          return lifecycle.init().then(() => undefined, (error: unknown) => {
            // Connecting initialises again and reports the failure to the user then.
            logger.debug('coinbase_prepare_failed', { error: error instanceof Error ? error.name : typeof error })
          })
        },
      },
      key,
      persisted,

      // Still inside the user's click: with the provider ready, the SDK opens its popup in this very
      // call. Nothing may be awaited before it (Safari blocks popups opened after an await:
      // https://www.smartwallet.dev/guides/tips/popup-tips). Without the provider yet (a tap right
      // after the dialog opened, a retry while the fresh SDK is created), the popup's window opens
      // now, empty, and the SDK opens its page in it once created.
      askAtOnce() {
        const host = popupHost()
        const ask = (ready: CoinbaseProvider) =>
          askThroughPopup({
            ask: () => ready.request({ method: 'eth_requestAccounts' }),
            preopened: popups.take(),
            keysOrigin,
            host,
            loadTimeoutMs: parameters.popupLoadTimeoutMs,
          })
        const ready = lifecycle.value
        if (ready) return ask(ready)
        popups.open(host)
        const answer = provider().then(ask, (error: unknown) => {
          popups.discard()
          throw error
        })
        // A failed `open` is reported by the skeleton, which then never awaits this answer.
        answer.catch(() => undefined)
        return answer
      },
      open: provider,
      // docs/connectors/lifecycle.md#when-connecting-fails: the retry starts from a fresh SDK instance,
      // ready before the next tap.
      reinitialiseAfterRejection: lifecycle,

      disconnect() {
        // Ours first (the skeleton detaches before this): the SDK's `disconnect` emits an event we
        // must not take for a wallet-side one. It clears the SDK's own storage (keys, accounts,
        // chain) too; the instance stays ready for the next connect, which starts a fresh handshake.
        const ready = lifecycle.value
        return () => ready?.disconnect()
      },
      // The SDK ended the session itself (the wallet revoked it, or its storage was lost): it has
      // already cleaned up, so only our side is left to clear.
      endAfterWalletDisconnect: () => undefined,

      getAccounts,
      getChainId: async () => readChainId(await provider()),
      getProvider: provider,
      async isAuthorized() {
        // Connected before (and not disconnected since), and the SDK still holds the session.
        if (!persisted.getActiveAccount()) return false
        try {
          const accounts = await getAccounts()
          if (accounts.length === 0) persisted.clear()
          return accounts.length > 0
        } catch (error) {
          // 4100: the SDK lost its session (its storage was cleared): the values we kept are stale.
          if (providerErrorCode(error) === ProviderErrorCode.unauthorized) persisted.clear()
          logger.debug('coinbase_not_authorized', { connector: key, error: error instanceof Error ? error.name : typeof error })
          return false
        }
      },

      // The chains the smart wallet listed at the handshake switch inside the SDK (no popup); it
      // refuses any other, so once that list is known only its chains are asked for.
      switchTarget: async () => {
        const listed = smartWalletChainIds()
        return {
          request: requestOf(await provider()),
          supportedChains: listed ? config.chains.filter((chain) => listed.includes(chain.id)) : undefined,
        }
      },
    }
  })
}

/**
 * The chain ids the smart wallet listed at its handshake, as the SDK keeps them
 * (`-CBWSDK:SCWStateManager:availableChains`, `[{ id, rpcUrl }]`), or undefined before a handshake
 * or when the value is not that shape.
 */
function smartWalletChainIds(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): number[] | undefined {
  try {
    const raw = storage?.getItem('-CBWSDK:SCWStateManager:availableChains')
    if (!raw) return undefined
    const parsed: unknown = JSON.parse(raw)
    if (!Array.isArray(parsed)) return undefined
    const ids = parsed.map((entry: unknown) => (entry && typeof entry === 'object' && 'id' in entry ? (entry as { id: unknown }).id : undefined))
    return ids.every((id): id is number => Number.isSafeInteger(id) && (id as number) > 0) && ids.length > 0 ? ids : undefined
  } catch {
    return undefined
  }
}
