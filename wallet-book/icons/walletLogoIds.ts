/**
 * The wallet logos Sigil serves, by id: the keys of \`web3iconsWallets\` (the icon package's own
 * ids) and \`PUBLISHED_MARK_IDS\` (a test keeps the three equal). The page needs only these names:
 * the SVGs themselves are served as images from \`/wallet-logos/<id>.svg\` (app/wallet-logos), so
 * no logo is ever part of a script, and a browser fetches only the ones on screen, once, from its
 * cache after.
 */
export const WALLET_LOGO_IDS: ReadonlySet<string> = new Set([
  '1inch',
  'alpha-wallet',
  'argent',
  'backpack',
  'binance',
  'bitget',
  'brave',
  'coin98',
  'coinbase',
  'core',
  'crypto-com',
  'ctrl',
  'enkrypt',
  'exodus',
  'frame',
  'frontier',
  'imtoken',
  'kraken',
  'ledger',
  'magiceden',
  'math-wallet',
  'metamask',
  'my-ether-wallet',
  'okx',
  'onekey',
  'opera',
  'phantom',
  'rabby',
  'rainbow',
  'ronin',
  'safe',
  'safepal',
  'status',
  'subwallet',
  'taho',
  'talisman',
  'token-pocket',
  'trust',
  'uniswap',
  'wallet-connect',
  'zeal',
  'zengo',
  'zerion',
])

/** Where the page loads a wallet logo from: a same-origin image (the CSP's \`img-src 'self'\`). */
export function walletLogoPath(id: string): string {
  return `/wallet-logos/${encodeURIComponent(id)}.svg`
}
