/** What `openWalletLink` touches; the page's document and location by default (injectable for tests). */
export type OpenWalletLinkEnvironment = {
  document?: Pick<Document, 'createElement'> | undefined
  assign?: ((url: string) => void) | undefined
}

/**
 * Opens a wallet link (a `wc:` URI, a custom-scheme link or a universal link). Call it
 * synchronously from the user's tap: iOS drops app links opened more than ~500 ms after the gesture
 * (docs/connectors/lifecycle.md#acting-inside-the-tap), so nothing may be awaited first.
 *
 * - http(s) (universal links): a temporary `<a target="_blank" rel="noreferrer noopener">` is
 *   clicked rather than `window.open` or `location` being used. In iOS in-app webviews and non-Safari
 *   iOS browsers, `window.open` leaves a blank tab behind that the user returns to after approving
 *   (Trust Wallet got users stuck on it), and assigning `location` navigates this page away so the
 *   dapp is gone when the user comes back; an anchor click is handed to the OS as a universal link
 *   (https://github.com/rainbow-me/rainbowkit/issues/524, https://github.com/WalletConnect/walletconnect-monorepo/issues/1227).
 * - anything else (`wc:`, `metamask://…`): `location.assign`, which hands the scheme to the OS and
 *   leaves the page in place.
 */
export function openWalletLink(url: string, environment: OpenWalletLinkEnvironment = {}): void {
  if (/^https?:\/\//i.test(url)) {
    const doc = environment.document ?? globalThis.document
    const anchor = doc.createElement('a')
    anchor.href = url
    anchor.target = '_blank'
    anchor.rel = 'noreferrer noopener'
    anchor.click()
    return
  }
  const assign = environment.assign ?? ((target: string) => globalThis.location.assign(target))
  assign(url)
}
