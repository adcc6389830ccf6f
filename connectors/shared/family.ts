import type { Connector, CreateConnectorFn } from '@wagmi/core'
import type { ComponentType } from 'react'
import type { PublicConfig } from '@sigil/lib/config/public'
import type { Platform } from '@sigil/lib/platform/detectPlatform'
import type { EIP6963ProviderDetail } from '@sigil/wallet-book/resolve/types'
import type { WalletBookEntry } from '@sigil/wallet-book/types'

/** The row a family view was opened for: the dialog's option, as much of it as a view reads. */
type FamilyPanelOption = {
  key: string
  name: string
  /** The family's (lazy) connector. */
  connector?: Connector | undefined
}

/** What the connect dialog gives a family view. The view connects by itself (wagmi `connect`). */
export type FamilyPanelProps = {
  /** The chosen row; `option.connector` is the family's (lazy) connector. */
  option: FamilyPanelOption
  isMobile: boolean
  /** After wagmi reports the connection: the dialog closes and the account view takes over. */
  onConnected: () => void
  /** Back to the wallet list (the view must undo any half-made connection when it unmounts). */
  onBack: () => void
}

/** What a family's watcher (`watchWallets`) is given for a config: its connectors, to add to and to look up. */
export type WalletWatch = {
  /** Adds connectors to the config (wagmi sets them up), leaving out any whose id it already has. */
  add(connectors: readonly CreateConnectorFn[]): void
  /** The config has a connector of this id. */
  has(id: string): boolean
}

/**
 * What a family that watches the page for wallets showing up while it runs gives the app (its
 * `watchWallets`): connectors for them, and what the connect dialog's list reads of them.
 */
export type WalletWatcher = {
  /** Adds connectors for the wallets seen to a config, now and as they come; returns how to stop. */
  addConnectors(watch: WalletWatch): () => void
  /** The wallets that announced themselves (EIP-6963); the same array until one more does. */
  announced(): readonly EIP6963ProviderDetail[]
  /**
   * Calls `listener` after each change the wallet list must follow: an announcement, or a wallet
   * that put its provider into the page late (the list reads the page's globals again). Returns how to stop.
   */
  subscribe(listener: () => void): () => void
}

/** What a family's `devNotice` is given: the deployment's public configuration, to say what it lacks. */
export type FamilyNoticeProps = { publicConfig: PublicConfig }

/** What a family's account actions get: the deployment's settings and the page's language. */
export type FamilyAccountProps = {
  publicConfig: PublicConfig
  locale: string
  /** The signed-in session's address, when this page is signed in (the account view's sign-in). */
  signedInAddress?: string | undefined
}

/** How a family reaches a wallet of the book that is not installed here (WalletConnect: its phone app). */
export type WalletReach = {
  connector?: Connector | undefined
  /** Open this family's view on tap (the id of a family with a `panel`). */
  panel?: string | undefined
  /** Phone: opens the wallet; called synchronously from the tap. */
  openInApp?: (() => void) | undefined
  /** Where `openInApp` leads: the wallet's app (paired over WalletConnect) or its own browser. */
  opens?: WalletOpens | undefined
  installUrl?: string | undefined
}

/** Where a phone's tap on a wallet that is not installed leads; the row's label says which. */
export type WalletOpens = 'wallet-app' | 'wallet-browser'


/** The wallet's row through this family, or undefined to leave the wallet to the next way. */
export type ReachWallet = (parameters: ReachWalletParameters) => WalletReach | undefined

export type ReachWalletParameters = {
  entry: WalletBookEntry | undefined
  key: string
  installUrl: string | undefined
  connectors: readonly Connector[]
  platform: Platform | undefined
  /** The page's address, read at the time (a way that opens this page elsewhere carries it). */
  getHref: () => string
  /** Where `openInApp` navigates (tests); the family's own default otherwise. */
  navigate: ((url: string) => void) | undefined
}

/**
 * One wallet family as the browser runs it, declared in its folder's `family.ts` and listed once in
 * `connectors/families.ts`. The app reads every family from that list: the wagmi config takes their
 * connectors, the connect dialog their rows (each connector's `listing`), views, reach and notices.
 * The facts the server needs too (id, messages, egress) are the family's manifest
 * (`manifest.ts`, connectors/shared/manifest.ts), which its `id` comes from.
 */
export type SigilFamily = {
  /** The family's name; also the id its rows open their view by (`listing.panel`). */
  readonly id: string
  /**
   * The connectors the family puts in the first load: plain connectors, or `lazyConnector` proxies
   * whose `load` imports the family's module (and its SDK) when needed, and whose `listing` gives the
   * dialog a row of its own. Its parameter's type is the family's config options: the deployment
   * settings it reads, e.g. `Pick<PublicConfig, 'rpcUrls'>` (a type, so no byte of the first load).
   */
  connectors(publicConfig: PublicConfig): CreateConnectorFn[]
  /**
   * The family's connectors for wallets of the book (an extension's, a phone app's over
   * WalletConnect): one or none per key, in the order given. Not all in the first load's config:
   * `createSigilConfig` creates those of wallets with a stored connection at once (a reload restores
   * them), the others when the page is idle or the connect dialog opens, whichever comes first.
   */
  walletConnectors?(publicConfig: PublicConfig, keys: readonly string[]): CreateConnectorFn[]
  /**
   * Fetches the family's module when the connect dialog is asked for (the click on "Connect wallet"),
   * for a family whose connectors wait for no SDK and that most people connect with (extensions):
   * requested then, it is not queued behind the dialog's logos when a row is picked at once.
   */
  readonly preloadWithDialog?: (() => void) | undefined
  /** The family's dialog view, a chunk of its own: fetched when the dialog warms it up or its row is chosen. */
  readonly panel?: (() => Promise<ComponentType<FamilyPanelProps>>) | undefined
  /**
   * How the family reaches a book wallet that is not installed, if it can (asked before the wallet's
   * own browser is). A chunk of its own, which the connect dialog loads with itself.
   */
  readonly reachWallet?: (() => Promise<ReachWallet>) | undefined
  /**
   * On a phone, the last way to a book wallet that no family's `reachWallet` reached: this page
   * opened inside the wallet's own browser, where the family's connector finds it (the injected
   * family). Asked after every `reachWallet`, because it takes the user out of the browser they are
   * in; where it declines too, the wallet is not listed on the phone. A chunk of its own, loaded with
   * the `reachWallet`s.
   */
  readonly reachWalletBrowser?: (() => Promise<ReachWallet>) | undefined
  /**
   * Under `next dev` only: a line under the wallet list for whoever runs the site, when the family is
   * missing a setting (WalletConnect without a project id), rendering nothing otherwise. A chunk of its
   * own, fetched when the dialog opens; set only when `process.env.NODE_ENV === 'development'`, so a
   * production build has neither the chunk nor the line.
   */
  readonly devNotice?: (() => Promise<ComponentType<FamilyNoticeProps>>) | undefined
  /**
   * The family's own actions in the account view, shown while one of its connectors (the family's
   * `id` as the connector's `type`) is connected: the embedded wallet's "Manage wallet". A chunk of
   * its own, fetched when such an account is shown.
   */
  readonly accountActions?: (() => Promise<ComponentType<FamilyAccountProps>>) | undefined
  /**
   * The family's watch on wallets that show up while the page runs (extensions announcing
   * themselves over EIP-6963, a provider injected late): the config adds their connectors
   * (`addConnectors`, once per config) and the connect dialog's list follows them (`announced`,
   * `subscribe`). Undefined where there is nothing to watch (the server).
   */
  readonly watchWallets?: (() => WalletWatcher | undefined) | undefined
}

