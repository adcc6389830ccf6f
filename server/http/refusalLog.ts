/**
 * Refused requests (the origin rule, Fetch Metadata, rate limits) in the server log as counted
 * summaries, not one line each: a page on another site firing hundreds of requests, or one client
 * hammering a limit, once wrote a line per request (574 from one run) and drowned everything else.
 *
 * The first refusal of each reason is written at once, with its detail, so a misconfiguration
 * (a wrong `APP_ORIGIN`) shows up on the first try. The rest are counted, per reason, and written
 * once per interval (a minute) as one line: how many, and the paths refused most.
 */

type RefusalReason = 'origin_not_allowed' | 'fetch_metadata' | 'rate_limited'

type Tally = { count: number; paths: Map<string, number> }

/** Distinct paths remembered per reason and interval; the rest are counted as "other". */
const MAX_PATHS = 20
/** Paths named in a summary line. */
const TOP_PATHS = 5

export type RefusalLogOptions = {
  intervalMs?: number
  log?: (line: string) => void
  now?: () => number
  /** Write summaries from a timer (the server); off in tests, which call `flush`. */
  timer?: boolean
}

export type RefusalLog = {
  /** Notes one refusal: `detail` is for the first line only (never a secret). */
  note(reason: RefusalReason, path: string, detail?: string): void
  /** Writes the summaries of what has been counted since the last one (and forgets it). */
  flush(): void
}

export function createRefusalLog(options: RefusalLogOptions = {}): RefusalLog {
  const intervalMs = options.intervalMs ?? 60_000
  const log = options.log ?? ((line: string) => console.warn(line))
  const now = options.now ?? Date.now
  const seen = new Set<RefusalReason>()
  const tallies = new Map<RefusalReason, Tally>()
  let since = now()
  let timer: ReturnType<typeof setInterval> | undefined

  function flush(): void {
    const seconds = Math.max(1, Math.round((now() - since) / 1000))
    for (const [reason, tally] of tallies) {
      const top = [...tally.paths].sort((a, b) => b[1] - a[1]).slice(0, TOP_PATHS)
      const rest = tally.count - top.reduce((sum, [, count]) => sum + count, 0)
      const paths = [...top.map(([path, count]) => `${path} ×${count}`), ...(rest > 0 ? [`other ×${rest}`] : [])].join(', ')
      log(`[sigil] refused ${tally.count} more request${tally.count === 1 ? '' : 's'} (${reason}) in the last ${seconds} s: ${paths}`)
    }
    tallies.clear()
    since = now()
  }

  function note(reason: RefusalReason, path: string, detail?: string): void {
    // Paths are the client's to choose: cut short, and only a bounded number kept by name.
    const shown = path.slice(0, 80)
    if (!seen.has(reason)) {
      seen.add(reason)
      log(`[sigil] ${reason}: ${shown}${detail ? `: ${detail}` : ''} (further refusals are summed up once a minute)`)
      return
    }
    let tally = tallies.get(reason)
    if (!tally) {
      tally = { count: 0, paths: new Map() }
      tallies.set(reason, tally)
    }
    tally.count += 1
    if (tally.paths.has(shown) || tally.paths.size < MAX_PATHS) tally.paths.set(shown, (tally.paths.get(shown) ?? 0) + 1)
    if (options.timer !== false && !timer) {
      timer = setInterval(flush, intervalMs)
      timer.unref?.()
    }
    // Without a timer (or should it lag), an interval's summary is written by the next refusal after it.
    if (now() - since >= intervalMs) flush()
  }

  return { note, flush }
}

const key = Symbol.for('sigil.refusalLog')
type Holder = { [key]?: RefusalLog }

/** This process's refusal log (one per process, whichever module copy asks: proxy and routes share it). */
export function refusalLog(): RefusalLog {
  const holder = globalThis as Holder
  return (holder[key] ??= createRefusalLog())
}
