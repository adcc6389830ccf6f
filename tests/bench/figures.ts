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

/** A whole-number setting from the environment: `fallback` when unset, blank, not whole or below `min`. */
export function intSetting(raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  return Number.isSafeInteger(value) && value >= min ? value : fallback
}

/** What `within` rejects with when its step did not settle in time. */
export class StepTimeoutError extends Error {
  override name = 'StepTimeoutError'
}

/**
 * `promise`, or a StepTimeoutError naming `what` after `ms`: a step that never settles (a page
 * promise with no timeout of its own, a wallet that never answers, a whole family's bench) fails its
 * figure instead of hanging the bench.
 */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StepTimeoutError(`${what}: nothing after ${ms / 1000} s`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

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

/** What `clickToConnectedScript` measures, in milliseconds from the click. */
export type ClickToConnected = {
  /** The connected address is in the DOM. */
  shown: number
  /**
   * The animation frame that draws it begins: what the page did after the insertion and before that
   * frame (effects, the requests they start) holds the picture back.
   */
  frame: number
}

/**
 * A script for `page.evaluate`: clicks the wallet row `optionTestId` and resolves with a
 * `ClickToConnected`. A string, not a function: under tsx, esbuild's keepNames would wrap inner
 * functions in a `__name` helper the page does not have.
 */
export function clickToConnectedScript(optionTestId: string, timeoutMs: number): string {
  return `new Promise((resolve, reject) => {
  const button = document.querySelector('[data-testid="${optionTestId}"]')
  if (!button) return reject(new Error('wallet option not found'))
  const timer = setTimeout(() => reject(new Error('not connected within ${timeoutMs} ms')), ${timeoutMs})
  const start = performance.now()
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid="account-address"]') === null) return
    observer.disconnect()
    clearTimeout(timer)
    const shown = performance.now() - start
    requestAnimationFrame(() => resolve({ shown, frame: performance.now() - start }))
  })
  observer.observe(document.body, { subtree: true, childList: true })
  button.click()
})`
}
