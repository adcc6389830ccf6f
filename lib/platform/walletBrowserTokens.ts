/**
 * User-agent tokens that wallets' in-app browsers add, mapped to wallet-book keys.
 *
 * A hint only: several wallets ship no stable token, so an injected provider stays the authority
 * for "a wallet is here". The hint lets the app wait for a late injection instead of sending the
 * user to the same wallet again (MetaMask Mobile may set `window.ethereum` after the page's own
 * scripts run; see docs/families/injected.md#opening-the-page-in-the-wallets-browser).
 */
export const walletBrowserTokens: readonly (readonly [key: string, token: RegExp])[] = [
  // metamask-mobile sets `applicationNameForUserAgent="WebView MetaMaskMobile"` on its browser tab.
  ['metamask', /\bMetaMaskMobile\b/],
  ['coinbase', /\bCoinbase(?:Wallet|Browser)\b/],
  // Trust's iOS browser is a WKWebView ending in `Trust/<version>`.
  ['trust', /\bTrust\/\d|\bTrustWallet\b/],
  // OKX's app calls itself `OKApp` (older builds `OKEx`), not "OKX".
  ['okx', /\b(?:OKApp|OKEx)\b/],
  ['phantom', /\bPhantom\b/],
  ['rainbow', /\bRainbow\b/],
  ['zerion', /\bZerion\b/],
  ['tokenpocket', /\bTokenPocket\b/],
  ['bitget', /\b(?:BitKeep|Bitget)\b/],
  ['imtoken', /\bimToken\b/i],
]
