import type { OperatingSystem } from '@sigil/lib/platform/detectPlatform'
import type { WalletBookEntry } from '../types'

/** Which of a wallet's two links to try first. The reference defaults to `native`. */
export type DeepLinkPreference = 'native' | 'universal'

export type WalletLinkOptions = {
  os: OperatingSystem
  /** From `detectPlatform`; `false` picks the desktop links even on a system we do not name (ChromeOS). */
  isMobile?: boolean | undefined
  /** Defaults to `native`. */
  preference?: DeepLinkPreference | undefined
}

const desktopSystems: readonly OperatingSystem[] = ['macos', 'windows', 'linux']

/**
 * The wallet's own link for this platform, without query: the mobile links on phones (and on
 * systems we do not know), the desktop app's links on desktop systems (e.g. `ledgerlive://wc`).
 * `isMobile`, when given, decides; otherwise the system does.
 * `native` first unless the preference is `universal`; `undefined` when the wallet has neither.
 */
export function walletLinkBase(entry: WalletBookEntry, { os, isMobile, preference = 'native' }: WalletLinkOptions): string | undefined {
  const onDesktop = isMobile === false || (isMobile === undefined && desktopSystems.includes(os))
  const links = onDesktop ? entry.desktop : entry.mobile
  if (!links) return undefined
  return preference === 'universal' ? (links.universal ?? links.native) : (links.native ?? links.universal)
}
