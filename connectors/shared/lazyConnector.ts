import { createConnector, type CreateConnectorFn } from '@wagmi/core'
import { NetworkSwitchNotSupportedError } from '@sigil/lib/errors/wallet'
import { onceUntilFailed } from '@sigil/lib/onceUntilFailed'
import type { UiKey } from '@sigil/lib/i18n/en'
import type { FamilySection, Messages } from '@sigil/lib/i18n/messages'
import { connectorKey } from './connectorKey'
import { createPersistedValues, type PersistedValues } from './persistedValues'
import { createSigilProperties, type SigilPropertiesOptions } from './sigilProperties'
import type { KeyValueStorage } from './storage'
import type { ChainSwitchBlock, ChainSwitchOptions, SigilConnectorProperties } from './types'

/** Which family view the connect dialog opens for a row: the id of a family that declares a `panel` (shared/family.ts). */
export type FamilyPanelId = string

/** What the connect dialog needs to list a family connector as a row of its own. */
export type FamilyListing = {
  /** The dialog view to open instead of connecting at once; omitted → connect on tap. */
  panel?: FamilyPanelId | undefined
  /** Rows of listed families are shown after detected wallets, by ascending order. */
  order: number
  /**
   * What the row says where an extension's says "Installed": what this way of connecting is, in a
   * few words (a catalogue key; `mobile` on phones when it differs).
   */
  tagline: { desktop: UiKey; mobile?: UiKey | undefined }
  /**
   * The row's name in the page's language: a string of the family's own catalogue section, which a
   * locale other than English sends with the page. The connector's `name` stays the English one, as
   * its key and stored values are derived from it; in English the row shows that `name`.
   */
  name?: FamilyName | undefined
  /**
   * The row that makes a new wallet on the spot (the embedded wallet): the page's "No wallet?" link
   * and the help panel's "create one" open it. At most one family's row says so; none, no such link.
   */
  createsWallet?: true | undefined
  /** The row's logo in the icon package the wallet list draws from (WalletConnect's), instead of the connector's monogram. */
  logo?: string | undefined
}

/** A string of a family's catalogue section, by section and key. */
type FamilyName = { [Section in FamilySection]: { section: Section; key: keyof Messages[Section] & string } }[FamilySection]

/** The real connector a family module builds, as wagmi would see it (minus the `uid`/`emitter` wagmi adds). */
export type LoadedConnector = ReturnType<CreateConnectorFn> & {
  /** Optional warm-up run when the dialog opens (e.g. pre-pairing so a phone's tap navigates at once). */
  prepare?: ((context: { isMobile: boolean }) => void | Promise<void>) | undefined
  /** False while a tap could not yet act inside the gesture (e.g. the popup SDK is not created). */
  isReady?: (() => boolean) | undefined
}

/** The handle every lazily loaded family connector carries, as `connector.sigilFamily`. */
export type SigilFamilyHandle<Real extends LoadedConnector = LoadedConnector> = {
  /** Set once the family's module (and SDK) is loaded. */
  readonly loaded: Real | undefined
  /** Loads the family's module once; every caller gets the same instance. */
  load(): Promise<Real>
  /** Starts loading (dialog open, hover), then runs the family's `prepare`; settles when both did. Never rejects. */
  preload(context: { isMobile: boolean }): Promise<void>
  /**
   * Whether a tap now acts inside the gesture: loaded and the family says so (`isReady`, true when it
   * has none); before that, only a family that acts in the tap before loading (`actInTap`).
   */
  isReady(): boolean
  readonly listing: FamilyListing | undefined
  /** The connect dialog calls `preload` when it opens (a popup or deep link must fire inside the tap). */
  readonly warmUpWithDialog: boolean
}

export type LazyConnectorParameters<Real extends LoadedConnector> = {
  /** wagmi's connector id. */
  id: string
  /** wagmi's connector type, e.g. `walletConnect`. */
  type: string
  /** A data URI or same-origin path (never a third-party URL: the page makes no third-party request). */
  icon?: string | undefined
  /** `connector.sigil`'s fixed part; the same object the family's real connector is built with. */
  properties: Omit<SigilPropertiesOptions, 'persisted'>
  /**
   * Synchronous and cheap: is there a stored connection worth restoring? Only then does a reload load
   * the family (its SDK) — otherwise reconnect skips it without a byte of the family's code.
   * Default: an active account is persisted for the connector key.
   */
  hasStoredConnection?: ((persisted: PersistedValues) => boolean) | undefined
  /** Imports the family module and builds its connector function. */
  load: () => Promise<(config: Parameters<CreateConnectorFn>[0]) => Real>
  /**
   * The same connector function synchronously, when the family module is already here (fetched with
   * the dialog, or by another connector of the family); undefined while it is not. With it, `connect`
   * reaches the real connector with no await even when this connector was never loaded itself.
   */
  loaded?: (() => ((config: Parameters<CreateConnectorFn>[0]) => Real) | undefined) | undefined
  listing?: FamilyListing | undefined
  /**
   * What the family does inside the user's tap when its module is not here yet, before anything is
   * awaited: the part of connecting that cannot wait (the Coinbase Smart Wallet opens its popup's
   * window, handed to its SDK once loaded). With it, a tap before loading connects at once: the
   * dialog never holds the row back as "getting ready".
   */
  actInTap?: (() => void) | undefined
  /** Load (and `prepare`) the family as soon as the connect dialog opens: for families that must act inside the tap. */
  warmUpWithDialog?: boolean | undefined
  storage?: KeyValueStorage | undefined
}

export type LazyConnectorProperties<Real extends LoadedConnector = LoadedConnector> = ChainSwitchOptions & {
  sigil: SigilConnectorProperties
  sigilFamily: SigilFamilyHandle<Real>
}

/**
 * A connector whose family module (and wallet SDK) is imported only when it is needed: when the user
 * picks it, when the dialog warms it up, or when a reload finds a stored connection to restore.
 * Until then it answers wagmi from the persisted values alone (not authorized, no provider), so the
 * first load carries only this proxy. Once loaded it forwards every call to the real connector,
 * which shares this connector's wagmi emitter, storage and chains: events reach wagmi unchanged.
 *
 * `connect` stays synchronous up to the real connector's `connect` once the module is loaded (by
 * this connector, or by any when the family gives `loaded`), so a family that must act inside the
 * user's gesture (a popup, a deep link) can, after `preload`; and the wallet is asked before React
 * renders the dialog's "connecting" state, not after.
 */
export function lazyConnector<Real extends LoadedConnector>(parameters: LazyConnectorParameters<Real>) {
  const { properties } = parameters
  const key = properties.key ?? connectorKey(properties.name, properties.overrideKey)
  const persisted = createPersistedValues(key, parameters.storage)
  const sigil = createSigilProperties({ ...properties, persisted })
  const hasStoredConnection = () => (parameters.hasStoredConnection ?? ((values) => values.getActiveAccount() !== undefined))(persisted)

  return createConnector<unknown, LazyConnectorProperties<Real>>((config) => {
    let real: Real | undefined

    function adopt(build: (config: Parameters<CreateConnectorFn>[0]) => Real): Real {
      const instance = build(config)
      real = instance
      void instance.setup?.()
      return instance
    }

    /** The real connector if it exists or its module is already here (built then), without waiting. */
    function built(): Real | undefined {
      if (real) return real
      const build = parameters.loaded?.()
      return build ? adopt(build) : undefined
    }

    // A failed chunk load (offline, new deployment) must not poison later attempts.
    const loadReal = onceUntilFailed(() => parameters.load().then((build) => real ?? adopt(build)))
    function load(): Promise<Real> {
      const instance = built()
      return instance ? Promise.resolve(instance) : loadReal()
    }

    const sigilFamily: SigilFamilyHandle<Real> = {
      get loaded() {
        return real
      },
      load,
      preload(context) {
        return load()
          .then((instance) => instance.prepare?.(context))
          .catch(() => {
            // Reported when the user actually picks the wallet (connect loads again).
          })
      },
      isReady() {
        return real ? (real.isReady?.() ?? true) : parameters.actInTap !== undefined
      },
      listing: parameters.listing,
      warmUpWithDialog: parameters.warmUpWithDialog ?? false,
    }

    return {
      id: parameters.id,
      name: properties.name,
      type: parameters.type,
      icon: parameters.icon,
      sigil,
      sigilFamily,
      connect(connectParameters) {
        // No await before the real connect when the module is already there (user gesture rules).
        const instance = built()
        if (instance) return instance.connect(connectParameters) as never
        // Still inside the tap: what cannot wait for the module happens now (never when reconnecting).
        if (!connectParameters?.isReconnecting) parameters.actInTap?.()
        return load().then((instance) => instance.connect(connectParameters)) as never
      },
      async disconnect() {
        // Nothing loaded means nothing live: ending the session is clearing what was remembered.
        if (!real) return persisted.clear()
        return real.disconnect()
      },
      async getAccounts() {
        return (await load()).getAccounts()
      },
      async getChainId() {
        return (await load()).getChainId()
      },
      async getProvider(providerParameters) {
        if (!real && !hasStoredConnection()) return undefined
        return (await load()).getProvider(providerParameters)
      },
      async isAuthorized() {
        if (!real && !hasStoredConnection()) return false
        return (await load()).isAuthorized()
      },
      async chainSwitchOptions(): Promise<ReadonlyMap<number, ChainSwitchBlock>> {
        const instance = (await load()) as Real & Partial<ChainSwitchOptions>
        return instance.chainSwitchOptions ? instance.chainSwitchOptions() : new Map()
      },
      async switchChain(switchParameters) {
        const instance = await load()
        if (!instance.switchChain) throw new NetworkSwitchNotSupportedError()
        return instance.switchChain(switchParameters)
      },
      onAccountsChanged(accounts) {
        real?.onAccountsChanged(accounts)
      },
      onChainChanged(chainId) {
        real?.onChainChanged(chainId)
      },
      onConnect(connectInfo) {
        real?.onConnect?.(connectInfo)
      },
      onDisconnect(error) {
        real?.onDisconnect(error)
      },
      onMessage(message) {
        real?.onMessage?.(message)
      },
    }
  })
}

/** The family handle of a wagmi connector, when it is one of Sigil's lazily loaded families. */
export function familyOf(connector: object): SigilFamilyHandle | undefined {
  const handle = (connector as { sigilFamily?: SigilFamilyHandle }).sigilFamily
  return handle && typeof handle.load === 'function' ? handle : undefined
}
