import { createConnector, type CreateConnectorFn } from '@wagmi/core'
import type { Address, Chain } from 'viem'
import type { SigilError } from '@sigil/lib/errors/SigilError'
import { AccountNotFoundError, ConnectionRejectedError, NetworkSwitchOnlyInWalletError, SwitchChainRejectedError } from '@sigil/lib/errors/wallet'
import { endSession } from './endSession'
import type { PersistedValues } from './persistedValues'
import { createProviderListeners, eip1193Listeners, type WalletEventHandlers } from './providerListeners'
import type { ChainSwitchBlock, RequestFn } from './types'
import { parseChainId } from './parseChainId'
import { parseAccounts, requestOf, type Requester } from './walletReads'
import { applyAccountsChanged, applyChainChanged, type WalletEventTarget } from './walletEvents'

/**
 * Error mapping, failure reporting and the chain-switch rules load on the first connect or switch,
 * not with the page: nothing before the user's first action needs them, and the first-load bundle
 * has a budget (the injected family is part of it). The connect dialog subscribes to the same
 * `connectionEvents` module instance.
 */
const loadProviderErrors = () => import('./providerErrors')
const loadConnectionEvents = () => import('./connectionEvents')
const loadSwitchChain = () => import('./switchChain')

export type FamilyConfig = Parameters<CreateConnectorFn>[0]

/** A family's provider: EIP-1193's `request` and `on` (`removeListener`/`off` are looked up when detaching). */
export type FamilyProvider = Requester & { on(...args: never[]): unknown }

/** wagmi's identity members, as the connector shows them. */
type FamilyIdentity = {
  id: string
  name: string
  type: string
  icon?: string | undefined
  rdns?: string | readonly string[] | undefined
}

/** What a switch asks the wallet through, and what it may target. */
type SwitchTarget = {
  request: RequestFn
  /** The app's chains by default; WalletConnect narrows them to the session's. */
  supportedChains?: readonly Chain[] | undefined
  /** Wallet-book `switchNetworkOnlyFromWallet`. */
  switchNetworkOnlyFromWallet?: boolean | undefined
}

/** A connection as the wallet granted it, before any switch to the requested chain. */
/**
 * `connect`'s parameters: wagmi's, and `signal` for an asker that may leave first (a wallet's view in
 * the dialog the user goes back from). Once it aborts, a family that can still withdraw its question
 * does (`grantAccounts` gets it), and the failure that follows is not reported (docs/connectors/lifecycle.md).
 */
export type ConnectParameters = NonNullable<Parameters<ReturnType<CreateConnectorFn>['connect']>[0]> & { signal?: AbortSignal | undefined }

type GrantedConnection<P> = { provider: P; account: Address; chainId: number }

type Listener = (...args: never[]) => void

/**
 * What a wallet family states about itself: how it gets its provider, how it connects, what it
 * persists, what ends its sessions and its quirks. `P` is the provider `getProvider` answers
 * (`undefined` where there may be none); connecting needs a real one.
 */
export type FamilyDefinition<P extends FamilyProvider | undefined, Props extends Record<string, unknown>> = {
  /** Identity and the family's own members (`sigil`, `prepare`, …), spread onto the connector. */
  properties: FamilyIdentity & Props
  /** The connector key: names the persisted values, the logs and the failure events. */
  key: string
  persisted: PersistedValues
  setup?(): Promise<void>

  // Connecting (docs/connectors/lifecycle.md#connecting)
  /**
   * Runs first in `connect`, before anything is awaited, when not reconnecting: a wallet that opens
   * a popup asks for accounts here, still inside the user's tap. Its answer replaces the default
   * `eth_requestAccounts`.
   */
  askAtOnce?(): Promise<unknown> | undefined
  /** The provider to connect through (created, restored or paired). Its failure is reported. */
  open(context: { isReconnecting: boolean }): Promise<NonNullable<P>>
  /**
   * The accounts the wallet grants. Default: the connected ones when reconnecting, else
   * `eth_requestAccounts` (or `askAtOnce`'s answer), every one through the address rule.
   */
  grantAccounts?(provider: NonNullable<P>, context: { isReconnecting: boolean; signal?: AbortSignal | undefined }): Promise<readonly Address[]> | readonly Address[]
  /** Listen from the moment the provider is open, not only once accounts are granted. */
  listenBeforeAccounts?: boolean
  /** The provider's events and the handlers they call. Default: EIP-1193's three. */
  listeners?(handlers: WalletEventHandlers): Record<string, Listener>
  /**
   * The chain the wallet is on once connected. Default: `getChainId()`. When the app asked for
   * another, the connector switches to it afterwards.
   */
  connectedChainId?(provider: NonNullable<P>, requested: number | undefined): number | Promise<number>
  /** Stored as soon as the wallet granted the connection, before any switch (beyond account and chain, stored after it). */
  remember?(connection: GrantedConnection<NonNullable<P>>): void
  /** Runs once connected and stored. */
  onConnected?(): void
  /** A failure the user chose (they closed our own view): thrown, never reported. */
  isQuietFailure?(error: SigilError): boolean
  /** Undoes a connection that failed after its provider was open, before the failure is reported. */
  abandonConnection?(): Promise<void> | void
  /**
   * docs/connectors/lifecycle.md#when-connecting-fails: after a rejected connection the provider is
   * reset and re-initialised.
   */
  reinitialiseAfterRejection?: { reset(): void; init(): Promise<unknown> } | undefined

  // Ending (docs/connectors/lifecycle.md#ending-a-session)
  /**
   * The user disconnects. Called before the stored values are cleared (it may still read them);
   * returns what ends the wallet's side, which runs after they are.
   */
  disconnect(): () => Promise<void> | void
  /** The wallet ended the session: what is left to end on our side. Default: nothing. */
  endAfterWalletDisconnect?(): Promise<void> | void
  /** A wallet `disconnect` event that does not end the session. */
  isTransientDisconnect?(error: Error | undefined): Promise<boolean>

  // Reading
  getAccounts(): Promise<readonly Address[]>
  getChainId(): Promise<number>
  getProvider(): Promise<P>
  isAuthorized(): Promise<boolean>

  // Events and switching (docs/connectors/events.md, docs/connectors/chain-switching.md)
  /** What a chain switch asks the wallet through; may throw when there is nothing to switch. */
  switchTarget(): SwitchTarget | Promise<SwitchTarget>
  /** EIP-1193: an empty `accountsChanged` is a disconnect. Default true (WalletConnect: false). */
  emptyAccountsMeansDisconnect?: boolean
}

/**
 * The one connector template every wallet family is built on (wagmi's `createConnector`, members in
 * wagmi's order). It owns what all families share: connect → switch to the requested chain, account
 * parsing, listeners attached once and removed symmetrically, the wallet's events, failure reporting,
 * the reset after a rejection, and ending sessions. The family's `define` states only its differences.
 */
export function createFamilyConnector<P extends FamilyProvider | undefined, Props extends Record<string, unknown>>(
  define: (config: FamilyConfig) => FamilyDefinition<P, Props>,
) {
  return createConnector<P, Props>((config) => {
    const family = define(config)
    const { key, persisted } = family
    const listeners = createProviderListeners()
    const detachListeners = () => listeners.detach()
    // The shared handling of the wallet's accountsChanged / chainChanged
    // (docs/connectors/events.md#the-wallets-events). What the wallet last reported, numbered: a
    // connect that reads accounts or the chain and then awaits something else returns the newer report,
    // not what it read (see `connect`).
    const reported = { accountsVersion: 0, accounts: undefined as readonly Address[] | undefined, chainVersion: 0, chainId: undefined as number | undefined }
    const events: WalletEventTarget = {
      persisted,
      emitChange(data) {
        if (data.accounts) Object.assign(reported, { accountsVersion: reported.accountsVersion + 1, accounts: data.accounts })
        if (data.chainId !== undefined) Object.assign(reported, { chainVersion: reported.chainVersion + 1, chainId: data.chainId })
        config.emitter.emit('change', data)
      },
      connectorKey: key,
    }
    // App-side switches under way: the chainChanged they cause is theirs, already checked.
    let appSwitches = 0

    async function mapConnectError(error: unknown): Promise<SigilError> {
      return (await loadProviderErrors()).mapProviderError(error, 'connect')
    }
    async function reportFailure(error: SigilError) {
      if (family.isQuietFailure?.(error)) return
      const { reportConnectionFailed } = await loadConnectionEvents()
      reportConnectionFailed({ connectorKey: key, connectorName: family.properties.name, error })
    }
    /**
     * The first check of the network switch a wallet-side chain change runs
     * (docs/connectors/chain-switching.md#when-the-wallet-switches-by-itself): the chain must be among
     * the networks this connection may use (the app's, or a WalletConnect session's). Nothing to ask
     * the wallet: it is already there. A chain outside them fails the switch with "Network switching is
     * not available at this time…", reported for the page to show.
     */
    async function checkWalletChain(chainId: number) {
      let supported: readonly Chain[]
      try {
        supported = (await family.switchTarget()).supportedChains ?? config.chains
      } catch {
        supported = config.chains
      }
      if (supported.some((candidate) => candidate.id === chainId)) return
      const { reportNetworkSwitchFailed } = await loadConnectionEvents()
      reportNetworkSwitchFailed({ connectorKey: key, chainId, error: new NetworkSwitchOnlyInWalletError({ details: `the wallet moved to chain ${chainId}` }) })
    }
    function listen(provider: NonNullable<P>, handlers: WalletEventHandlers) {
      listeners.attach(provider, (family.listeners ?? eip1193Listeners)(handlers))
    }

    return {
      ...family.properties,
      ...(family.setup ? { setup: family.setup } : {}),

      async connect({ chainId, isReconnecting = false, withCapabilities, signal }: ConnectParameters = {}) {
        const asked = isReconnecting ? undefined : family.askAtOnce?.()
        // What was stored before a new connection's attempt: put back if it fails, so a wallet event
        // while its prompt was open (a network change) leaves nothing behind.
        const before = isReconnecting ? undefined : storedSnapshot(persisted)
        let provider: NonNullable<P>
        try {
          provider = await family.open({ isReconnecting })
        } catch (error) {
          const mapped = await mapConnectError(error)
          if (!isReconnecting) await reportFailure(mapped)
          throw mapped
        }
        if (family.listenBeforeAccounts) listen(provider, this)
        // wagmi follows this connector's `change` events only once `connect` has returned: a wallet
        // that switches account or chain while the chain id (or the switch) is awaited would leave
        // the page on what was read first. So the newest report made meanwhile wins.
        const accountsVersion = reported.accountsVersion

        try {
          const read = family.grantAccounts
            ? await family.grantAccounts(provider, { isReconnecting, signal })
            : isReconnecting
              ? await this.getAccounts()
              : parseAccounts(await (asked ?? requestOf(provider)({ method: 'eth_requestAccounts' })))
          const granted = read[0]
          if (!granted) throw new AccountNotFoundError()
          // A new session has switched nothing yet (a change while its prompt was open came before it).
          if (!isReconnecting) persisted.setSwitchedNetwork(false)
          listen(provider, this)

          const chainVersion = reported.chainVersion
          let currentChainId = family.connectedChainId ? await family.connectedChainId(provider, chainId) : await this.getChainId()
          family.remember?.({ provider, account: granted, chainId: currentChainId })
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

          const accounts = reported.accountsVersion !== accountsVersion && reported.accounts?.[0] ? reported.accounts : read
          if (reported.chainVersion !== chainVersion && reported.chainId !== undefined) currentChainId = reported.chainId
          const account = accounts[0]!
          persisted.setActiveAccount(account)
          persisted.setCurrentChain(currentChainId)
          family.onConnected?.()
          return {
            accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
            chainId: currentChainId,
          }
        } catch (error) {
          detachListeners()
          const mapped = await mapConnectError(error)
          await family.abandonConnection?.()
          if (isReconnecting) {
            // The wallet no longer grants this site its accounts: drop the stale values.
            persisted.clear()
            throw mapped
          }
          if (before) restoreSnapshot(persisted, before)
          const lifecycle = family.reinitialiseAfterRejection
          if (lifecycle && mapped instanceof ConnectionRejectedError) {
            // docs/connectors/lifecycle.md#when-connecting-fails: the retry starts from a fresh
            // provider, ready before the next tap.
            lifecycle.reset()
            void lifecycle.init().catch(() => undefined)
          }
          // Left by its asker (the user went back): nobody waits for the error, so it is not reported.
          if (!signal?.aborted) await reportFailure(mapped)
          throw mapped
        }
      },

      async disconnect() {
        detachListeners()
        const disconnectProvider = family.disconnect()
        await endSession({ persisted, connectorKey: key, disconnectProvider })
      },

      getAccounts: family.getAccounts,
      getChainId: family.getChainId,
      getProvider: family.getProvider,
      isAuthorized: family.isAuthorized,

      async chainSwitchOptions() {
        const blocked = new Map<number, ChainSwitchBlock>()
        let target: SwitchTarget
        try {
          target = await family.switchTarget()
        } catch {
          // Nothing to switch (no session): every chain is stopped by the same first check.
          for (const chain of config.chains) blocked.set(chain.id, 'network_switching_only_available_in_wallet')
          return blocked
        }
        const { assertCanSwitchChain } = await loadSwitchChain()
        for (const chain of config.chains) {
          try {
            assertCanSwitchChain({
              chainId: chain.id,
              supportedChains: target.supportedChains ?? config.chains,
              switchNetworkOnlyFromWallet: target.switchNetworkOnlyFromWallet,
              canSwitch: true,
            })
          } catch (error) {
            blocked.set(chain.id, (error as SigilError).code as ChainSwitchBlock)
          }
        }
        return blocked
      },

      async switchChain({ chainId, addEthereumChainParameter }) {
        appSwitches++
        try {
          const target = await family.switchTarget()
          const { switchChain: switchChainWithRules } = await loadSwitchChain()
          const chain = await switchChainWithRules({
            request: target.request,
            chainId,
            supportedChains: target.supportedChains ?? config.chains,
            switchNetworkOnlyFromWallet: target.switchNetworkOnlyFromWallet,
            canSwitch: true,
            addEthereumChainParameter,
            persisted,
          })
          config.emitter.emit('change', { chainId: chain.id })
          return chain
        } finally {
          appSwitches--
        }
      },

      onAccountsChanged(accounts) {
        const emptyMeansDisconnect = family.emptyAccountsMeansDisconnect ?? true
        if (applyAccountsChanged(events, accounts, { emptyMeansDisconnect }) === 'disconnect') void this.onDisconnect()
      },

      onChainChanged(chain) {
        if (!applyChainChanged(events, chain)) return
        // docs/connectors/chain-switching.md#when-the-wallet-switches-by-itself: a different chain from
        // the wallet also runs the network switch. The app has already followed (wagmi's change above);
        // when the checks forbid that chain (it is not among the networks this connection supports) the
        // switch fails, and the page says to switch in the wallet. A change the app's own switch caused
        // was checked by that switch already.
        if (appSwitches === 0) void checkWalletChain(parseChainId(chain))
      },

      async onDisconnect(error) {
        if (await family.isTransientDisconnect?.(error)) return
        detachListeners()
        await endSession({ persisted, connectorKey: key, disconnectProvider: () => family.endAfterWalletDisconnect?.() })
        config.emitter.emit('disconnect')
      },
    }
  })
}

type StoredSnapshot = { account: Address | undefined; topic: string | undefined; switched: boolean; chain: number | undefined }

function storedSnapshot(values: PersistedValues): StoredSnapshot {
  return { account: values.getActiveAccount(), topic: values.getSessionTopic(), switched: values.getSwitchedNetwork(), chain: values.getCurrentChain() }
}

function restoreSnapshot(values: PersistedValues, snapshot: StoredSnapshot): void {
  values.setActiveAccount(snapshot.account)
  values.setSessionTopic(snapshot.topic)
  values.setSwitchedNetwork(snapshot.switched)
  values.setCurrentChain(snapshot.chain)
}
