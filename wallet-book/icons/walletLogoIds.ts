/**
 * The wallet logos Sigil serves, by the icon package's own wallet id: the keys of
 * \`web3iconsWallets\` (a test keeps the two equal). The page needs only these names: the SVGs
 * themselves are served as images from \`/wallet-logos/<id>.svg\` (app/wallet-logos), so no logo is
 * ever part of a script, and a browser fetches only the ones on screen, once, from its cache after.
 */
export const WALLET_LOGO_IDS: ReadonlySet<string> = new Set([
  'alpha-wallet',
  'argent',
  'backpack',
  'coin98',
  'coinbase',
  'enkrypt',
  'exodus',
  'imtoken',
  'kraken',
  'ledger',
  'metamask',
  'my-ether-wallet',
  'okx',
  'phantom',
  'rabby',
  'rainbow',
  'ronin',
  'safe',
  'token-pocket',
  'trust',
  'wallet-connect',
  'zengo',
  'zerion',
])

/** Where the page loads a wallet logo from: a same-origin image (the CSP's \`img-src 'self'\`). */
export function walletLogoPath(id: string): string {
  return `/wallet-logos/${encodeURIComponent(id)}.svg`
}
