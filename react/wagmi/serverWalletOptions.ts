import type { PublicConfig } from '@sigil/lib/config/public'
import type { Messages } from '@sigil/lib/i18n/messages'
import { onceUntilFailedByKey } from '@sigil/lib/onceUntilFailed'
import { detectPlatform, type Platform } from '@sigil/lib/platform/detectPlatform'
import { familyRows } from '@sigil/connectors/familyRows'
import { deploymentBook } from '@sigil/wallet-book/index'
import { familyReachChunks } from './familyReachChunks'
import { createSigilConfigFor } from './sigilConfigFor'
import { applyWalletList } from './walletList'
import { type WalletOption, walletOptions } from './walletOptions'

/** A row of the connect dialog as the server can draw it: what it shows, nothing it does. */
export type ServerWalletRow = Pick<WalletOption, 'key' | 'name' | 'icon' | 'installed' | 'installUrl' | 'opens' | 'tagline' | 'createsWallet'> & {
  /** The row opens the wallet on a phone (its app, or its own browser). */
  opensInApp: boolean
  /**
   * Nothing reaches the wallet here but its store page, which a tap on the row opens (a computer
   * without it, no other family for it): the frame opens it in the tap too, as the dialog would.
   */
  opensStore: boolean
}

/**
 * The connect dialog's list as the server sees the request (docs/first-tap.md, "The dialog's frame"):
 * the same rows `useWalletOptions` makes in the browser, from the same code (the deployment's
 * families and wallet list, the book, the families' ways of reaching a wallet), with what only the
 * browser knows left out: no wallet installed, no page globals, the platform from the user agent
 * alone (an iPad that asks for the desktop site reads as a computer here). The browser's own list
 * replaces this one as the dialog's code arrives, with its installed wallets added.
 */
export async function serverWalletOptions(parameters: {
  publicConfig: PublicConfig
  userAgent: string | null | undefined
  messages?: Messages | undefined
}): Promise<{ rows: readonly ServerWalletRow[]; platform: Platform }> {
  const { publicConfig, messages } = parameters
  const platform = detectPlatform({ userAgent: parameters.userAgent ?? '' })
  // The same few inputs on every request of a kind (a deployment's configuration, a platform, a
  // language): computed once each, a few milliseconds the first time.
  const key = JSON.stringify([publicConfig, platform])
  return { rows: await rowsFor(messages ?? DEFAULT_MESSAGES)(key, () => computeRows(publicConfig, platform, messages)), platform }
}

/** Stands for "no strings given" (the default language) among the caches. */
const DEFAULT_MESSAGES = {}

/** The rows per language's strings (by identity), then per configuration and platform, at most 32 of those. */
const byMessages = new WeakMap<object, (key: string, load: () => Promise<readonly ServerWalletRow[]>) => Promise<readonly ServerWalletRow[]>>()
function rowsFor(messages: object) {
  let cache = byMessages.get(messages)
  if (!cache) byMessages.set(messages, (cache = onceUntilFailedByKey(32)))
  return cache
}

async function computeRows(publicConfig: PublicConfig, platform: Platform, messages: Messages | undefined): Promise<readonly ServerWalletRow[]> {
  // The registry's families without their views (a view imported here would put its style sheet in
  // the page's first load): the same connectors and ways of reaching a wallet.
  const config = createSigilConfigFor(familyRows, publicConfig, { watchWallets: false })
  const reaches = await Promise.all(familyReachChunks(familyRows).map((load) => load()))
  // The frame only shows its rows (a tap is kept for the dialog): no link is followed from here, but a
  // row that opens the page in a wallet's browser is listed only where the page has an address.
  const href = `${publicConfig.appOrigins[0] ?? 'http://localhost'}/`
  const options = walletOptions({ announced: [], win: undefined, platform, connectors: config.connectors, reaches, messages, getHref: () => href, navigate: () => undefined })
  const isBookWallet = (key: string) => Object.hasOwn(deploymentBook(), key)
  return applyWalletList(options, publicConfig.walletList, isBookWallet).map(
    ({ key, name, icon, installed, installUrl, opens, tagline, createsWallet, openInApp, connector, panel }): ServerWalletRow => ({
      key,
      name,
      icon,
      installed,
      installUrl,
      opens,
      tagline,
      createsWallet,
      opensInApp: openInApp !== undefined,
      opensStore: !platform.isMobile && !connector && !panel && openInApp === undefined && installUrl !== undefined,
    }),
  )
}
