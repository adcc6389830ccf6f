import { create } from 'qrcode'

/** A QR code's dark modules as one SVG path (`M x y h1v1h-1z` each, a 4-module quiet zone), and its side in modules. */
export type QrPath = { size: number; path: string }

/**
 * The "add a device" link's QR code, computed on the server with the `qrcode` package (as the
 * WalletConnect panel computes its own in the app), so the vault's script does not carry a QR
 * encoder (its budget is 60 kB gzip). Only module coordinates: the vault draws them itself and
 * accepts nothing but this path grammar (connectors/embedded/vault/qrCode.ts).
 */
export function qrPath(value: string): QrPath {
  const { modules } = create(value, { errorCorrectionLevel: 'M' })
  let path = ''
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) if (modules.get(row, column)) path += `M${column + 4} ${row + 4}h1v1h-1z`
  }
  return { size: modules.size + 8, path }
}
