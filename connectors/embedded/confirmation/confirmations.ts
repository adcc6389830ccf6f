import { UserRejectedRequestError } from 'viem'
import type { ConfirmationDetails } from './describe'
import { isTrustedApproval } from './trustedActivation'

/** A request waiting for the user: what it asks, shown by the app's own sheet. */
export type PendingConfirmation = {
  readonly id: number
  readonly method: string
  readonly details: ConfirmationDetails
}

type Waiting = PendingConfirmation & { resolve: () => void; reject: (error: Error) => void }

/**
 * The embedded wallet's confirmation queue. Every request that would use the key waits here until the
 * user approves it in the sheet the app renders (app/_components/embedded/ConfirmationSheet.tsx), one
 * at a time, oldest first. Approving needs the user's own click (`isTrustedApproval`); rejecting, Esc
 * or a disconnect answers the request with EIP-1193's 4001. Nothing here holds a key.
 */
export type Confirmations = ReturnType<typeof createConfirmations>

export function createConfirmations(options: { isTrusted?: (event: unknown) => boolean } = {}) {
  const isTrusted = options.isTrusted ?? isTrustedApproval
  let queue: Waiting[] = []
  let snapshot: readonly PendingConfirmation[] = []
  let nextId = 1
  const listeners = new Set<() => void>()

  function publish() {
    snapshot = queue.map(({ id, method, details }) => ({ id, method, details }))
    for (const listener of listeners) listener()
  }

  function settle(id: number, outcome: 'approve' | 'reject', reason?: string) {
    const found = queue.find((entry) => entry.id === id)
    if (!found) return false
    queue = queue.filter((entry) => entry !== found)
    publish()
    if (outcome === 'approve') found.resolve()
    else found.reject(new UserRejectedRequestError(new Error(reason ?? 'The user rejected the request.')))
    return true
  }

  return {
    /** Waits until the user approves (resolves) or rejects (4001) the request. */
    request(method: string, details: ConfirmationDetails): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue = [...queue, { id: nextId++, method, details, resolve, reject }]
        publish()
      })
    },
    /** Approves the request shown, only for the user's own click on an approve control; false otherwise. */
    approve(id: number, event: unknown): boolean {
      if (!isTrusted(event)) return false
      return settle(id, 'approve')
    },
    reject(id: number): boolean {
      return settle(id, 'reject')
    },
    /** Answers every waiting request with 4001 (disconnect, lock by the user). */
    rejectAll(reason: string): void {
      for (const entry of [...queue]) settle(entry.id, 'reject', reason)
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot(): readonly PendingConfirmation[] {
      return snapshot
    },
  }
}
