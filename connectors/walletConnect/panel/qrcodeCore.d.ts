/**
 * The `qrcode` package's encoder alone (`lib/core/qrcode.js`), which the QR panel imports instead of
 * the package's browser entry: that entry also brings its canvas and SVG-tag renderers, which the
 * panel never calls (it draws the modules itself). The package declares no `exports`, so the file is
 * reachable by its path; its `create` is the one `@types/qrcode` types.
 */
declare module 'qrcode/lib/core/qrcode.js' {
  export { create } from 'qrcode'
}
