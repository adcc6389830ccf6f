/**
 * The `<style>` elements `@coinbase/wallet-sdk` 4.4.0 creates by script, without a nonce: its
 * "Popup was blocked. Try again." snackbar (`Snackbar-css.js`, rendered by preact), and for the
 * Coinbase Wallet app's WalletLink flow (`COINBASE_PREFERENCE` `all`/`eoaOnly`) its redirect dialog
 * (`RedirectDialog-css.js`) and its CSS reset (`cssReset-css.js`, `document.createElement('style')`).
 * Their text is fixed in the pinned version, so the page's `style-src-elem` allows exactly these
 * three texts by hash instead of any inline style. lib/http/coinbaseStyleHashes.test.ts recomputes
 * them from the installed SDK: an upgrade that changes a stylesheet fails it.
 */
export const COINBASE_SDK_STYLE_HASHES = [
  "'sha256-thB/1uQ6hZv+vTQDSxOw21131dHhE475xakO9wp4pxo='", // Snackbar-css.js
  "'sha256-iBi3gvWToeXcPvoJh2Qe00AVDlN+f08gX0MtDVLz5qI='", // RedirectDialog-css.js
  "'sha256-4CSX0cSvsqdXksjA6mWUlZWOxhEmilc7TqCXOuzQjd8='", // cssReset-css.js
] as const
