import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { recoverMessageAddress, type Address, type Hex } from 'viem'
import { BaseError } from '@sigil/lib/errors/BaseError'

/**
 * Recovering the signer of an EIP-191 message (its keccak hash, then secp256k1 recovery: ~2 ms of
 * CPU, the largest single cost of a sign-in) on worker
 * threads, so the request thread is free for HTTP, the store and the session while other cores
 * recover. One worker per core beyond the first; with a single core there is nothing to gain and
 * recovery runs inline. A worker that fails is replaced, and the request recovers inline: a sign-in
 * never fails because of the pool.
 *
 * The worker's code is a string (`eval`): it requires viem from the app's own node_modules, as the
 * server does, and needs no file of its own in the build output.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads')
const { recoverMessageAddress } = require('viem')
parentPort.on('message', ({ id, message, signature }) => {
  recoverMessageAddress({ message, signature }).then(
    (address) => parentPort.postMessage({ id, address }),
    (error) => parentPort.postMessage({ id, error: error instanceof Error ? error.name + ': ' + error.message : String(error) }),
  )
})
`

/** The worker died or could not start: it judged nothing, so the request recovers inline. */
class WorkerLostError extends BaseError {
  override name = 'WorkerLostError'
}

type Pending = { resolve: (address: Address) => void; reject: (error: Error) => void }
type PooledWorker = { worker: Worker; pending: Map<number, Pending> }

export type RecoverPool = {
  /** The signer of `message` (EIP-191); rejects when the signature is not a recoverable 65-byte ECDSA signature. */
  recover(parameters: { message: string; signature: Hex }): Promise<Address>
  readonly size: number
  close(): Promise<void>
}

export function createRecoverPool(size = Math.max(0, availableParallelism() - 1)): RecoverPool {
  const workers: PooledWorker[] = []
  let nextId = 1
  let turn = 0
  let closed = false

  function start(): PooledWorker {
    const pooled: PooledWorker = { worker: new Worker(WORKER_SOURCE, { eval: true }), pending: new Map() }
    // Never keeps the process alive: `next start` exits on its signal as before.
    pooled.worker.unref()
    pooled.worker.on('message', (message: { id: number; address?: Address; error?: string }) => {
      const waiting = pooled.pending.get(message.id)
      if (!waiting) return
      pooled.pending.delete(message.id)
      if (message.address) waiting.resolve(message.address)
      else waiting.reject(new Error(message.error ?? 'recovery failed'))
    })
    const fail = (error: unknown) => {
      const index = workers.indexOf(pooled)
      if (index >= 0) workers.splice(index, 1)
      const lost = new WorkerLostError(error instanceof Error ? error.message : String(error))
      for (const waiting of pooled.pending.values()) waiting.reject(lost)
      pooled.pending.clear()
      if (!closed) workers.push(start())
    }
    pooled.worker.on('error', fail)
    pooled.worker.on('exit', (code) => {
      if (!closed && workers.includes(pooled)) fail(new Error(`recovery worker exited with code ${code}`))
    })
    return pooled
  }

  const inline = (parameters: { message: string; signature: Hex }) => recoverMessageAddress(parameters)

  return {
    size,
    recover(parameters) {
      if (size === 0 || closed) return inline(parameters)
      while (workers.length < size) workers.push(start())
      // The least busy worker; ties go round the pool.
      turn = (turn + 1) % workers.length
      let pooled = workers[turn]!
      for (const candidate of workers) if (candidate.pending.size < pooled.pending.size) pooled = candidate
      const id = nextId++
      return new Promise<Address>((resolve, reject) => {
        pooled.pending.set(id, { resolve, reject })
        pooled.worker.postMessage({ id, message: parameters.message, signature: parameters.signature })
      }).catch((error: unknown) => {
        // A malformed signature rejects in the worker as it would inline; a worker that died did not
        // judge it at all: recover here, so the answer is the same either way.
        if (error instanceof WorkerLostError) return inline(parameters)
        throw error
      })
    },
    async close() {
      closed = true
      await Promise.all(workers.splice(0).map((pooled) => pooled.worker.terminate()))
    },
  }
}
