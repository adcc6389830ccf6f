import { VaultRequestError } from './rpcErrors'

/** Requests that may wait for the user behind the one shown (docs/embedded/threat-model.md#the-guard). */
export const MAX_WAITING_REQUESTS = 8

/** How many request ids the vault remembers, to act on each id once. */
const REMEMBERED_IDS = 4096

/** EIP-1474's "limit exceeded": the page asked for more than the vault queues. */
function tooManyWaiting(waiting: number): VaultRequestError {
  return new VaultRequestError(-32005, `Too many requests waiting: ${waiting} already wait for the user. Try again once they are answered.`, { reason: 'too_many_requests_waiting' })
}

/**
 * Which of the page's requests the vault takes on: each request id once (a replayed or duplicated id
 * is ignored: the vault never acts twice on one id, and never answers for an id it already answered),
 * and at most `MAX_WAITING_REQUESTS` waiting behind the one on screen (a flood is refused with -32005,
 * so the sheet's queue cannot grow without end).
 */
export function createRequestAdmission(options: { maxWaiting?: number; rememberedIds?: number } = {}) {
  const maxWaiting = options.maxWaiting ?? MAX_WAITING_REQUESTS
  const remembered = options.rememberedIds ?? REMEMBERED_IDS
  const seen = new Set<string>()

  return {
    /**
     * `ignore` for an id seen before; `refuse` with the error to answer when `waiting` is already at
     * the bound (for requests that queue for the user); else `admit`.
     */
    check(id: string, queues: { waiting: number } | undefined): { verdict: 'admit' } | { verdict: 'ignore' } | { verdict: 'refuse'; error: VaultRequestError } {
      if (seen.has(id)) return { verdict: 'ignore' }
      seen.add(id)
      // Oldest first: a Set iterates in insertion order.
      if (seen.size > remembered) seen.delete(seen.values().next().value!)
      if (queues && queues.waiting >= maxWaiting) return { verdict: 'refuse', error: tooManyWaiting(queues.waiting) }
      return { verdict: 'admit' }
    },
  }
}
