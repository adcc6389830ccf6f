import type { PublicConfig } from '@sigil/lib/config/public'
import { ConnectionRejectedError, SessionNotFoundError, UnknownWalletError } from '@sigil/lib/errors/wallet'
import { detectPlatform, type Platform } from '@sigil/lib/platform/detectPlatform'
import { deploymentBook } from '@sigil/wallet-book/index'
import { entryForKey } from '@sigil/wallet-book/entryForKey'
import { signingDeepLink } from '@sigil/wallet-book/links/signingDeepLink'
import type { WalletBook, WalletBookEntry } from '@sigil/wallet-book/types'
import { endSession } from '../shared/endSession'
import { createFamilyConnector } from '../shared/familyConnector'
import { logger } from '../shared/logger'
import { parseChainId } from '../shared/parseChainId'
import { ownedValues } from '../shared/ownedValues'
import { createPersistedValues } from '../shared/persistedValues'
import { getProviderWithRetry } from '../shared/providerRetry'
import { createSigilProperties } from '../shared/sigilProperties'
import type { KeyValueStorage } from '../shared/storage'
import { chainSwitchOptionsChanged, type SigilConnectorProperties } from '../shared/types'
import { parseAccounts } from '../shared/walletReads'
import { WALLETCONNECT_TYPE, walletConnectConnectorId } from './constants'
import { openWalletLink } from './openWalletLink'
import { WalletRejectedProposalError } from './pairingErrors'
import type { PairingState } from './pairingState'
import { sharedWalletConnectClient } from './sharedClient'
import {
  PairingCancelledError,
  type WalletConnectClient,
  type WalletConnectSdkProvider,
  type WalletConnectSession,
} from './walletConnectClient'

export type WalletConnectParameters = {
  publicConfig: PublicConfig
  /** Wallet-book key of a wallet reached over WalletConnect (`rainbow`); omitted: the generic connector. */
  wallet?: string | undefined
  /** Chain ids offered first in the session proposal, in this order (`connector.sigil.preferredChains`). */
  preferredChains?: readonly number[] | undefined
  /** The shared client by default (one provider per app); tests pass their own. */
  client?: WalletConnectClient | undefined
  storage?: KeyValueStorage | undefined
  book?: WalletBook | undefined
  /** The platform at the time of a request; `navigator`'s by default (never read at module scope). */
  getPlatform?: (() => Platform | undefined) | undefined
  /** Opens a wallet link from the user's gesture; `openWalletLink` by default. */
  openLink?: ((url: string) => void) | undefined
}

/** Connector key (and persisted-value suffix) of the generic "WalletConnect" connector. */
const WALLETCONNECT_KEY = 'walletconnect'

/**
 * Requests that need the user in the wallet app: on a phone the wallet is brought to the front
 * first. Not `wallet_switchEthereumChain`/`wallet_addEthereumChain`: the SDK switches between the
 * session's approved chains locally (it only emits `chainChanged`), so opening the wallet would
 * throw the user out of the page for nothing.
 */
const PROMPTING_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
])

/** What a loaded WalletConnect connector offers beyond wagmi's shape (read by the QR view and the list). */
export type WalletConnectConnectorExtras = {
  sigil: SigilConnectorProperties
  /** The shared pairing: status and newest `wc:` URI. */
  pairing: PairingState
  /** Dialog warm-up: on a phone, pair ahead so the URI is ready before the tap; on desktop, fetch the SDK's code only. */
  prepare(context: { isMobile: boolean }): void | Promise<void>
  /** False on a phone while a dialog's warm-up is settling (its pairing prepared ahead has no URI yet): a tap then could not open the wallet inside the gesture. */
  isReady(): boolean
  /** The wallet-book entry of a per-wallet connector. */
  walletEntry: WalletBookEntry | undefined
}

function defaultPlatform(): Platform | undefined {
  if (typeof navigator === 'undefined') return undefined
  return detectPlatform({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints, vendor: navigator.vendor })
}

/** The chains the wallet approved in the session (CAIP-2 `eip155:<id>`, from `chains` or the accounts). */
function approvedChainIds(session: WalletConnectSession | undefined): number[] {
  const namespace = session?.namespaces.eip155
  if (!namespace) return []
  const fromChains = (namespace.chains ?? []).map((chain) => Number(chain.split(':')[1]))
  const fromAccounts = namespace.accounts.map((account) => Number(account.split(':')[1]))
  return [...new Set([...fromChains, ...fromAccounts])].filter((id) => Number.isSafeInteger(id) && id > 0)
}

walletConnect.type = WALLETCONNECT_TYPE

/**
 * A wallet reached over WalletConnect v2 (`@walletconnect/ethereum-provider`, imported on first
 * use): the generic "WalletConnect" connector, or one per wallet-book wallet (`wallet: 'rainbow'`;
 * key = the book key), built on the shared skeleton (`createFamilyConnector`). Every WalletConnect
 * connector shares the app's one client, so they share one pairing and one session.
 */
export function walletConnect(parameters: WalletConnectParameters) {
  const book = parameters.book ?? deploymentBook()
  const entry = parameters.wallet === undefined ? undefined : entryForKey(book, parameters.wallet)
  if (parameters.wallet !== undefined && !entry?.walletConnect) {
    throw new UnknownWalletError({ details: `no WalletConnect wallet for key "${String(parameters.wallet).slice(0, 40)}"` })
  }
  const key = parameters.wallet ?? WALLETCONNECT_KEY
  const name = entry?.name ?? 'WalletConnect'
  const client = parameters.client ?? sharedWalletConnectClient(parameters.publicConfig)
  // Its values are the ones beside a session topic: without one they are the same wallet's extension's.
  const persisted = ownedValues(createPersistedValues(key, parameters.storage), (values) => values.getSessionTopic() !== undefined)
  const sigil = createSigilProperties({
    name,
    key,
    persisted,
    canConnectViaQrCode: true,
    preferredChains: parameters.preferredChains,
    getPeerMetadata: () => client.provider?.session?.peer.metadata,
  })
  // The one client builds one proposal for every connector, so each hands it its preferred chains.
  client.preferChains(sigil.preferredChains)
  // Every WalletConnect key's stored topic counts, not only the loaded connectors' (a per-wallet
  // connector restoring its session may not have loaded yet).
  const claimKeys = [WALLETCONNECT_KEY, ...Object.entries(book).flatMap(([bookKey, candidate]) => (candidate.walletConnect ? [bookKey] : []))]
  client.claimSessions(() => claimKeys.map((claimKey) => createPersistedValues(claimKey, parameters.storage).getSessionTopic()))
  const getPlatform = parameters.getPlatform ?? defaultPlatform
  const openLink = parameters.openLink ?? ((url: string) => openWalletLink(url))

  return createFamilyConnector<WalletConnectSdkProvider, WalletConnectConnectorExtras>((config) => {
    /**
     * The provider wagmi and the signing path talk to: the SDK's, except that on a phone a request
     * that needs the user first brings the wallet to the front with `?sessionTopic=<topic>`
     * (docs/families/walletConnect.md#deep-links), synchronously, still inside the tap.
     */
    function withWalletLink(provider: WalletConnectSdkProvider): WalletConnectSdkProvider {
      const request = (args: { method: string; params?: unknown }) => {
        const platform = PROMPTING_METHODS.has(args.method) && entry ? getPlatform() : undefined
        const topic = provider.session?.topic
        if (platform?.isMobile && entry && topic) {
          const link = signingDeepLink(entry, topic, { os: platform.os, isMobile: true, preference: sigil.deepLinkPreference })
          if (link) openLink(link)
        }
        return provider.request(args).catch((error: unknown) => {
          logger.warn('walletconnect_request_failed', {
            connector: key,
            method: args.method,
            error: error instanceof Error ? `${error.name}: ${error.message.slice(0, 160)}` : typeof error,
          })
          throw error
        })
      }
      return new Proxy(provider, { get: (target, property, receiver) => (property === 'request' ? request : Reflect.get(target, property, receiver)) })
    }

    async function restore(): Promise<{ provider: WalletConnectSdkProvider; session: WalletConnectSession }> {
      const provider = await client.init()
      const session = provider.session
      // docs/connectors/stored-values.md#restoring-after-a-reload: restored only when the stored topic
      // is the topic of the session the SDK itself restored; anything else is stale and cleared.
      if (!session || session.topic !== persisted.getSessionTopic()) {
        persisted.clear()
        // A restored session no connector stored: ended, so the next pairing shows a URI again.
        await client.endOrphanSession()
        throw new SessionNotFoundError({ details: 'no restored session for the stored topic' })
      }
      return { provider, session }
    }

    /** The session the connect under way paired or restored. */
    let opened: WalletConnectSession | undefined
    /**
     * The phone's warm-ups still settling: until the pairing a dialog prepared ahead shows its URI
     * (or stops without one, or PAIRING_URI_WAIT_MS passed), a tap could not open the wallet inside
     * the gesture, so the dialog keeps it and acts when its warm-up settles (it is told then). A
     * pairing started any other way (a new one after the URI was used) never holds a row back, as no
     * warm-up would tell the dialog when it is ready: its tap opens the view with its "Open" button.
     */
    let phoneWarmUps = 0

    return {
      properties: {
        id: walletConnectConnectorId(parameters.wallet),
        name,
        icon: entry?.brand?.icon,
        type: walletConnect.type,
        sigil,
        pairing: client.pairing,
        walletEntry: entry,
        prepare({ isMobile }) {
          // Phones need the URI inside the tap (docs/connectors/lifecycle.md#acting-inside-the-tap), so
          // they pair ahead when the dialog opens. A computer calls this only when the user reaches for
          // a WalletConnect row: the SDK initialises and opens its relay socket, and the proposal goes
          // out on the click. A failed init (no project id) is reported when the user actually picks
          // WalletConnect.
          if (!isMobile) return client.warmUp()
          const ended = client.prepare()
          phoneWarmUps++
          // Settles once the URI is there (or the pairing stopped): a tap the dialog kept while the
          // family got ready (the connect dialog's `pendingKey`) then opens the wallet's link with it.
          return pairingUriSettled(client, ended).then(() => {
            phoneWarmUps--
          })
        },
        isReady: () => phoneWarmUps === 0,
      },
      key,
      persisted,

      async open({ isReconnecting }) {
        if (isReconnecting) {
          const restored = await restore()
          opened = restored.session
          return restored.provider
        }
        try {
          opened = await client.pair()
        } catch (error) {
          throw pairingFailure(error)
        }
        return client.provider ?? client.init()
      },
      // The SDK holds the accounts and chain the wallet approved: nothing to ask.
      grantAccounts: (provider) => parseAccounts(provider.accounts),
      connectedChainId: (provider) => parseChainId(provider.chainId),
      listeners: (connector) => ({
        accountsChanged: (accounts: string[]) => connector.onAccountsChanged(accounts),
        chainChanged: (chainId: string) => connector.onChainChanged(chainId),
        // docs/connectors/events.md#disconnect-and-session_delete: a remote session_delete ends the
        // session and emits a disconnect.
        session_delete: () => connector.onDisconnect(),
        // The wallet changed the session's chains (the SDK has stored the new namespaces by now):
        // the menu's disabled chains are asked again.
        session_update: () => config.emitter.emit('message', { type: chainSwitchOptionsChanged }),
      }),
      remember({ account, chainId }) {
        // Stored before any switch: the session is this connector's from the moment it is approved.
        persisted.setActiveAccount(account)
        if (opened) persisted.setSessionTopic(opened.topic)
        persisted.setCurrentChain(chainId)
      },
      // The user closed the QR view: not a failure to report.
      isQuietFailure: (error) => error.cause instanceof PairingCancelledError,
      abandonConnection: () => endSession({ persisted, connectorKey: key, disconnectProvider: () => client.endSession() }),

      disconnect() {
        const connected = persisted.getSessionTopic() !== undefined && client.provider?.session?.topic === persisted.getSessionTopic()
        // Never connected (a view closed mid-pairing): drop the pairing, leave another connector's session alone.
        if (!connected) return () => client.abandon()
        // docs/connectors/lifecycle.md#ending-a-session: clear the four values, disconnect, and drop
        // the provider so a new pairing starts fresh.
        return () => client.endSession()
      },
      endAfterWalletDisconnect: () => client.endSession(),

      async getAccounts() {
        // docs/connectors/lifecycle.md#no-provider-when-an-address-is-asked-for: nothing to ask (no
        // session, no pairing URI) → end the session, re-initialise, wait 1000 ms, then `No provider
        // found`.
        const provider = await getProviderWithRetry({
          getProvider: () => {
            const current = client.provider
            return current && (current.session || client.pairing.getSnapshot().uri) ? current : undefined
          },
          reset: () => {
            persisted.clear()
            // Another connector's pairing may be waiting for its URI: a stray address request must
            // not cancel it (the shared client is reset only when nothing is under way).
            if (!client.pairingInProgress) client.reset()
          },
          init: () => client.init(),
        })
        return parseAccounts(provider.accounts)
      },
      async getChainId() {
        const provider = client.provider
        if (provider?.session) return parseChainId(provider.chainId)
        return persisted.getCurrentChain() ?? config.chains[0].id
      },
      getProvider: async () => withWalletLink(await client.init()),
      async isAuthorized() {
        if (!persisted.getSessionTopic()) return false
        try {
          const { provider } = await restore()
          return provider.accounts.length > 0
        } catch (error) {
          logger.debug('walletconnect_not_authorized', { connector: key, error: error instanceof Error ? error.name : typeof error })
          return false
        }
      },

      async switchTarget() {
        // After a reload wagmi shows the stored connection before the SDK has restored its session: a
        // chain asked for meanwhile waits for the restore rather than reading "no session"
        // (docs/connectors/chain-switching.md#a-chain-picked-while-its-answer-is-stale).
        const provider = client.provider ?? (persisted.getSessionTopic() ? await client.init().catch(() => undefined) : undefined)
        const session = provider?.session
        if (!provider || !session) throw new SessionNotFoundError()
        // The session's approved chains bound what the app may ask for
        // (docs/connectors/chain-switching.md#the-three-checks-before-the-wallet-is-asked).
        const approved = approvedChainIds(session)
        return {
          request: (args) => withWalletLink(provider).request(args),
          supportedChains: config.chains.filter((candidate) => approved.includes(candidate.id)),
          switchNetworkOnlyFromWallet: entry?.switchNetworkOnlyFromWallet || entry?.walletConnect?.switchNetworkOnlyFromWallet,
        }
      },
      // docs/connectors/events.md#accountschanged: the first account becomes the active one. An empty
      // list is not a WalletConnect disconnect (session_delete is): it is ignored.
      emptyAccountsMeansDisconnect: false,
    }
  })
}

/**
 * A pairing that ended without a session, as a rejected connection. The cause stays attached: the
 * QR view restarts the pairing only after a wallet's "no".
 */
function pairingFailure(error: unknown): unknown {
  if (error instanceof PairingCancelledError) return new ConnectionRejectedError({ cause: error, details: 'pairing cancelled' })
  if (error instanceof WalletRejectedProposalError) {
    return new ConnectionRejectedError({ cause: error, details: 'the wallet rejected the proposal' })
  }
  return error
}

/** How long a prepared pairing may take to show its URI before the warm-up counts as settled anyway. */
const PAIRING_URI_WAIT_MS = 15_000

/**
 * Resolves when the prepared pairing has a URI, or stopped without one (failed, exhausted, already
 * connected; `ended`: its run is over, a failed init of the SDK included), or after
 * PAIRING_URI_WAIT_MS. Never rejects.
 */
function pairingUriSettled(client: Pick<WalletConnectClient, 'pairing' | 'pairingInProgress'>, ended: Promise<void>): Promise<void> {
  let sawPairing = false
  const settled = () => {
    const { status, uri } = client.pairing.getSnapshot()
    if (status === 'pairing') sawPairing = true
    return uri !== undefined || status === 'exhausted' || status === 'connected' || (status === 'idle' && (sawPairing || !client.pairingInProgress))
  }
  if (settled()) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, PAIRING_URI_WAIT_MS)
    const unsubscribe = client.pairing.subscribe(() => {
      if (settled()) done()
    })
    void ended.then(done)
  })
}
