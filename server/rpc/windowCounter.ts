/**
 * Fixed-window counters in this process's memory, for the RPC proxy's and the ENS route's
 * per-client limits: a proxied read must not cost a database write. Each instance counts its own
 * clients (a load balancer spreads one client over instances, so the effective limit is per
 * instance).
 *
 * Bounded without ever forgetting a live window: at `maxKeys` keys, finished windows are dropped,
 * oldest first; when every window is still live, a new key is not given a window of its own but
 * counted in one shared overflow window, so the clients that arrive during a flood of new keys
 * share one budget until windows finish. A client already past its limit stays limited however
 * many new keys arrive (dropping live windows, as this once did at 10,000 keys, reset everyone).
 */
type Window = { count: number; resetAt: number }

export class WindowCounter {
  /** In order of window start: every window is `windowMs` long, so finished ones come first. */
  readonly #windows = new Map<string, Window>()
  #overflow: Window = { count: 0, resetAt: 0 }

  constructor(readonly windowMs: number, readonly maxKeys = 10_000) {}

  /** Adds `amount` to `key`'s window and returns the count and when the window ends. */
  hit(key: string, amount: number, now: number): { count: number; resetAt: number } {
    let window = this.#windows.get(key)
    if (window && window.resetAt <= now) {
      // A new window starts now: moved to the end, keeping the map in order of start.
      this.#windows.delete(key)
      window = undefined
    }
    if (!window) {
      if (this.#windows.size >= this.maxKeys) this.#dropFinished(now)
      if (this.#windows.size >= this.maxKeys) return this.#count(this.#overflowWindow(now), amount)
      window = { count: 0, resetAt: now + this.windowMs }
      this.#windows.set(key, window)
    }
    return this.#count(window, amount)
  }

  /** How many keys have a window of their own (for tests and diagnostics). */
  get size(): number {
    return this.#windows.size
  }

  #count(window: Window, amount: number): { count: number; resetAt: number } {
    window.count += amount
    return { count: window.count, resetAt: window.resetAt }
  }

  #overflowWindow(now: number): Window {
    if (this.#overflow.resetAt <= now) this.#overflow = { count: 0, resetAt: now + this.windowMs }
    return this.#overflow
  }

  /** Drops finished windows from the front (the oldest); stops at the first live one. */
  #dropFinished(now: number): void {
    for (const [key, window] of this.#windows) {
      if (window.resetAt > now) break
      this.#windows.delete(key)
    }
  }
}
