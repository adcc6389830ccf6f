import type { Store } from '@/server/store/types'

/** Calls leased from the store at a time: one store write per this many proxied calls per instance. */
const BUDGET_LEASE_SIZE = 50
/** After the store fails, how long the budget refuses before asking it again. */
export const BUDGET_STORE_RETRY_MS = 5_000

export type BudgetVerdict = { ok: true } | { ok: false; retryAfterMs: number }

type Lease = { remaining: number; resetAt: number; refusedUntil: number }

/**
 * The proxy's calls per chain and minute across every instance: the operator's provider key has one
 * quota, whatever the number of instances and clients. Counted in the store (`hit`, a fixed window
 * shared by all instances), but not per call: an instance leases BUDGET_LEASE_SIZE calls with one
 * `hit` and spends them from memory, so the hot path costs no database round trip. A budget of B
 * per minute is ceil(B / lease) leases per window; the last one may be partial. Leases end with the
 * store's window (unspent calls are not carried over), and a lease an instance does not use up is
 * lost to the others for that minute, so the budget is an upper bound on what reaches the upstream.
 * If the store fails, the proxy refuses (the budget fails closed) and asks again after a few seconds.
 */
export class GlobalBudget {
  readonly #leases = new Map<number, Lease>()
  readonly #pending = new Map<number, Promise<void>>()

  constructor(
    private readonly options: {
      store: () => Promise<Pick<Store, 'hit'>>
      perMinute: () => number
      leaseSize?: number
      windowMs?: number
      log?: (line: string) => void
    },
  ) {}

  /** Spends `amount` calls of `chainId`'s budget, leasing more from the store when this instance has run out. */
  async take(chainId: number, amount: number, now: number): Promise<BudgetVerdict> {
    for (let attempt = 0; ; attempt += 1) {
      const lease = this.#leases.get(chainId)
      if (lease && lease.resetAt > now && lease.remaining >= amount) {
        lease.remaining -= amount
        return { ok: true }
      }
      if (lease && lease.refusedUntil > now) return { ok: false, retryAfterMs: lease.refusedUntil - now }
      // As many leases as the amount needs (a batch of full blocks can be 200 calls), one more to spare.
      if (attempt > Math.ceil(amount / (this.options.leaseSize ?? BUDGET_LEASE_SIZE))) return { ok: false, retryAfterMs: 1000 }
      let pending = this.#pending.get(chainId)
      if (!pending) {
        pending = this.#lease(chainId, now).finally(() => this.#pending.delete(chainId))
        this.#pending.set(chainId, pending)
      }
      await pending
    }
  }

  async #lease(chainId: number, now: number): Promise<void> {
    const budget = this.options.perMinute()
    const size = Math.max(1, Math.min(this.options.leaseSize ?? BUDGET_LEASE_SIZE, budget))
    const leases = Math.ceil(budget / size)
    const current = this.#leases.get(chainId)
    try {
      const store = await this.options.store()
      const hit = await store.hit(`rpc-budget:${chainId}`, this.options.windowMs ?? 60_000, new Date(now))
      const resetAt = hit.resetAt.getTime()
      const kept = current && current.resetAt === resetAt ? current.remaining : 0
      if (hit.count > leases) {
        this.#leases.set(chainId, { remaining: kept, resetAt, refusedUntil: resetAt })
        return
      }
      const granted = Math.min(size, budget - (hit.count - 1) * size)
      this.#leases.set(chainId, { remaining: kept + granted, resetAt, refusedUntil: 0 })
    } catch (error) {
      ;(this.options.log ?? console.error)(`[sigil] rpc proxy: chain ${chainId}: budget store failed (${error instanceof Error ? error.name : 'error'}); refusing for ${BUDGET_STORE_RETRY_MS} ms`)
      this.#leases.set(chainId, { remaining: 0, resetAt: now, refusedUntil: now + BUDGET_STORE_RETRY_MS })
    }
  }
}
