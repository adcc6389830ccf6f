import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { distDir, repoRoot } from '../fixtures/nextServer'

/** One benchmark figure, printed as a JSON line by `npm run bench`. */
export type BenchFigure = {
  metric: string
  value: number | null
  unit: string
  target?: string
  meets?: boolean | null
  [detail: string]: unknown
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** One decimal: what a millisecond figure needs. */
export const round = (value: number) => Math.round(value * 10) / 10

export type RouteBundleStats = {
  route: string
  firstLoadUncompressedJsBytes: number
  firstLoadChunkPaths: string[]
  [key: string]: unknown
}

/** The build's statistics row for `/` (Next 16: `<distDir>/diagnostics/route-bundle-stats.json`). */
export function homeRouteStats(): RouteBundleStats {
  const file = path.join(distDir, 'diagnostics', 'route-bundle-stats.json')
  if (!existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: run \`next build\``)
  const stats = JSON.parse(readFileSync(file, 'utf8')) as RouteBundleStats[]
  const row = stats.find((entry) => entry.route === '/')
  if (!row) throw new Error('route-bundle-stats.json has no row for "/"')
  return row
}

/** Which of `markers` each first-load chunk of `/` carries, as `chunk: marker` lines. */
export function markersInFirstLoad(markers: readonly string[]): { found: string[]; chunks: string[] } {
  const chunks = homeRouteStats().firstLoadChunkPaths
  const found = chunks.flatMap((chunk) => {
    const source = readFileSync(path.join(repoRoot, chunk), 'utf8')
    return markers.filter((marker) => source.includes(marker)).map((marker) => `${chunk}: ${marker}`)
  })
  return { found, chunks }
}
