/**
 * The wallets whose mark `@web3icons/core` lacks (or shows only under a former brand, as Ctrl's
 * `xdefi`): each is the wallet's mark as RainbowKit's connector for it ships it (MIT; most of those
 * connectors were written by the wallets' own teams, with the mark they publish), copied unchanged
 * but for an XML prolog into `wallet-book/icons/published/<id>.svg`. The entries that use one cite
 * {@link PUBLISHED_MARKS_SOURCE}, the package and version the files were taken from.
 *
 * Only the server reads the files (app/wallet-logos serves each as an image); the page knows only
 * the ids (walletLogoIds.ts). walletLogo.test.ts holds every file to the same rules as the icon
 * package's: no script, no foreign content, no reference outside the document (Frame's mark holds a
 * PNG, inline as a `data:` image).
 */
export const PUBLISHED_MARK_IDS = [
  'binance',
  'bitget',
  'brave',
  'core',
  'ctrl',
  'frame',
  'frontier',
  'magiceden',
  'onekey',
  'opera',
  'safepal',
  'subwallet',
  'taho',
  'talisman',
  'uniswap',
  'zeal',
] as const

/** The package and version the published marks were taken from, as an entry's `sources` cite it. */
export const PUBLISHED_MARKS_SOURCE = 'https://www.npmjs.com/package/@rainbow-me/rainbowkit/v/2.2.11'

/** Where a published mark's file lives, from the project's root. */
export function publishedMarkFile(id: string): string {
  return `wallet-book/icons/published/${id}.svg`
}
