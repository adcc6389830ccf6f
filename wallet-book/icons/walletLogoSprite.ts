/** The file that holds every logo (`/wallet-logos/<WALLET_LOGO_SPRITE>`); no logo id may take its name. */
export const WALLET_LOGO_SPRITE = 'all.svg'

/** The side of each logo's cell in the sprite, in user units (the icon package draws on 24 × 24). */
const CELL = 24

const ROOT = /^<svg\b([^>]*)>([\s\S]*)<\/svg>$/
const VIEW_BOX = /\sviewBox="([-\d.]+(?:[\s,]+[-\d.]+){3})"/

/**
 * Every logo in one SVG, one under the other, each reachable by a fragment: `all.svg#metamask` shows
 * only MetaMask's cell through an SVG `<view>` (SVG 1.1 fragment identifiers, which `<img>` honours
 * in every current engine). The connect dialog then fetches its logos in one request instead of one
 * each: on HTTP/1.1 twenty logos held all six of the browser's connections while the dialog's next
 * chunk (the account view, a wallet's SDK) waited behind them.
 *
 * Each logo keeps its own `viewBox` in a nested `<svg>` cell; its ids are already unique across the
 * package (`metamask__a`), and a logo whose root is not a plain `<svg …>…</svg>` with a viewBox is
 * refused rather than drawn wrong.
 */
export function walletLogoSprite(logos: Readonly<Record<string, string>>): string {
  const ids = Object.keys(logos).sort()
  const cells = ids.map((id, index) => {
    if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`wallet logo id ${JSON.stringify(id)} cannot be a fragment`)
    const match = ROOT.exec(logos[id]!.trim())
    const viewBox = match && VIEW_BOX.exec(match[1]!)?.[1]
    if (!match || !viewBox) throw new Error(`wallet logo ${id} has no <svg viewBox> root`)
    const fill = /\sfill="([^"]*)"/.exec(match[1]!)?.[1]
    const y = index * CELL
    return (
      `<view id="${id}" viewBox="0 ${y} ${CELL} ${CELL}"/>` +
      `<svg y="${y}" width="${CELL}" height="${CELL}" viewBox="${viewBox}"${fill === undefined ? '' : ` fill="${fill}"`}>${match[2]!.trim()}</svg>`
    )
  })
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CELL}" height="${CELL}" viewBox="0 0 ${CELL} ${CELL * ids.length}">` +
    cells.join('') +
    '</svg>'
  )
}
