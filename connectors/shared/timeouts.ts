import { RequestTimeoutError } from '@sigil/lib/errors/wallet'
import type { RequestFn } from './types'

/**
 * docs/connectors/retries-and-timeouts.md#connectors-the-browser: reading the wallet's chain times out
 * after 1000 ms (some wallets take ~500 ms).
 */
export const CHAIN_ID_TIMEOUT_MS = 1000
/**
 * docs/connectors/retries-and-timeouts.md#connectors-the-browser: reading connected accounts times out
 * after 500 ms.
 */
export const ACCOUNTS_TIMEOUT_MS = 500

/** Rejects with `RequestTimeoutError` when `run` has not settled within `timeoutMs`. */
export function withRequestTimeout<T>(method: string, timeoutMs: number, run: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RequestTimeoutError(method, timeoutMs)), timeoutMs)
    let running: Promise<T>
    try {
      running = run()
    } catch (error) {
      clearTimeout(timer)
      return reject(error)
    }
    running.then(
      (result) => {
        clearTimeout(timer)
        resolve(result)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** `eth_chainId` with its 1000 ms limit; returns the wallet's raw answer (parse with `parseChainId`). */
export function requestChainId(request: RequestFn): Promise<unknown> {
  return withRequestTimeout('eth_chainId', CHAIN_ID_TIMEOUT_MS, () => request({ method: 'eth_chainId' }))
}

/** `eth_accounts` with its 500 ms limit; returns the wallet's raw answer (parse each with `parseAddress`). */
export function requestAccounts(request: RequestFn): Promise<unknown> {
  return withRequestTimeout('eth_accounts', ACCOUNTS_TIMEOUT_MS, () => request({ method: 'eth_accounts' }))
}
