/**
 * Fixed-window counters in this process's memory, for the RPC proxy's per-client limit: a proxied
 * read must not cost a database write. Each instance counts its own clients (a load balancer spreads
 * one client over instances, so the effective limit is per instance). Bounded: past `maxKeys`
 * finished windows are dropped, and if that is not enough, all of them.
 */
export class WindowCounter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>()

  constructor(readonly windowMs: number, readonly maxKeys = 10_000) {}

  /** Adds `amount` to `key`'s window and returns the count and when the window ends. */
  hit(key: string, amount: number, now: number): { count: number; resetAt: number } {
    let window = this.#windows.get(key)
    if (!window || window.resetAt <= now) {
      if (!window && this.#windows.size >= this.maxKeys) this.#prune(now)
      window = { count: 0, resetAt: now + this.windowMs }
      this.#windows.set(key, window)
    }
    window.count += amount
    return { count: window.count, resetAt: window.resetAt }
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key)
    if (this.#windows.size >= this.maxKeys) this.#windows.clear()
  }
}
