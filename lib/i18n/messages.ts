import type { CoinbaseSmartWalletUiKey } from './coinbaseSmartWallet'
import type { EmbeddedUiKey } from './embedded'
import type { EmbeddedConfirmationKey } from './embeddedConfirmation'
import type { UiKey } from './en'
import type { WalletConnectUiKey } from './walletConnect'

/**
 * What a locale other than English translates: the page's `ui` and the families' view strings.
 * Typed by the English keys, so a locale missing a key (or carrying a stale one) does not compile.
 *
 * Not here, so the same in every locale: the error messages (`errors`, `auth`, and the families'
 * `errors`). SPEC.md section 8's messages are requirements verbatim; the others are raised as
 * `Error.message` by connectors and sent by the API, outside any request's locale, and every one
 * keeps its code (`data-code`).
 */
export type Messages = {
  ui: Record<UiKey, string>
  walletConnect: Record<WalletConnectUiKey, string>
  coinbaseSmartWallet: Record<CoinbaseSmartWalletUiKey, string>
  embedded: Record<EmbeddedUiKey, string>
  embeddedConfirmation: Record<EmbeddedConfirmationKey, string>
}

/** A section of `Messages` other than `ui`: the strings of one lazily loaded family view. */
export type FamilySection = Exclude<keyof Messages, 'ui'>
