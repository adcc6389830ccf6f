import type { Client, Hash, TransactionReceipt } from 'viem'
import { waitForTransactionReceipt } from 'viem/actions'

/**
 * docs/connectors/retries-and-timeouts.md#connectors-the-browser: a transaction receipt is awaited for
 * 3 confirmations.
 */
export const RECEIPT_CONFIRMATIONS = 3

/** Waits until the transaction is mined and has 3 confirmations; resolves with its receipt. */
export function waitForReceipt(
  client: Client,
  hash: Hash,
  options: { timeout?: number | undefined; pollingInterval?: number | undefined } = {},
): Promise<TransactionReceipt> {
  return waitForTransactionReceipt(client, { hash, confirmations: RECEIPT_CONFIRMATIONS, ...options })
}
