// Inline `<style>` texts the page's `style-src-elem` allows by hash (server/http/securityHeaders.ts),
// because their authors render them without the nonce. The build's own CSS: server/http/buildStyleHashes.ts.

/**
 * The `<style>` elements `@coinbase/wallet-sdk` 4.4.0 creates by script, without a nonce: its
 * "Popup was blocked. Try again." snackbar (`Snackbar-css.js`, rendered by preact), and for the
 * Coinbase Wallet app's WalletLink flow (`COINBASE_PREFERENCE` `all`/`eoaOnly`) its redirect dialog
 * (`RedirectDialog-css.js`) and its CSS reset (`cssReset-css.js`, `document.createElement('style')`).
 * Their text is fixed in the pinned version, so the page's `style-src-elem` allows exactly these
 * three texts by hash instead of any inline style. server/http/inlineStyleHashes.test.ts recomputes
 * them from the installed SDK: an upgrade that changes a stylesheet fails it.
 */
export const COINBASE_SDK_STYLE_HASHES = [
  "'sha256-thB/1uQ6hZv+vTQDSxOw21131dHhE475xakO9wp4pxo='", // Snackbar-css.js
  "'sha256-iBi3gvWToeXcPvoJh2Qe00AVDlN+f08gX0MtDVLz5qI='", // RedirectDialog-css.js
  "'sha256-4CSX0cSvsqdXksjA6mWUlZWOxhEmilc7TqCXOuzQjd8='", // cssReset-css.js
] as const

/**
 * The `<style>` elements of Next's built-in pages (next 16.4.6), rendered without the nonce: the
 * 404/403/401 fallback (`http-access-fallback/error-fallback.js`, its CSS written inline in the
 * component) and the default app and global error pages (`builtin/error-styles.js`'s
 * `errorThemeCss`). The same test recomputes them from the installed Next.
 */
export const NEXT_BUILTIN_STYLE_HASHES = [
  "'sha256-Z5XTK23DFuEMs0PwnyZDO9SWxemQ5HxcpVaBNuUJyWY='", // error-fallback.js (not found)
  "'sha256-Wwucq8eX2r0YFymkQhDXm5hN0+FfSvI3s4JSSaqa4iw='", // error-styles.js errorThemeCss
] as const
