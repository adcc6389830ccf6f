import type { Address } from 'viem'
import { logger } from './logger'
import { parseChainId } from './parseChainId'
import { tryParseAddress } from './parseAddress'
import type { PersistedValues } from './persistedValues'

/** What a connector's wallet-event handlers act on: its persisted values and wagmi's change event. */
export type WalletEventTarget = {
  persisted: Pick<PersistedValues, 'setActiveAccount' | 'getCurrentChain' | 'setCurrentChain' | 'setSwitchedNetwork'>
  /** `config.emitter.emit('change', data)` of the connector. */
  emitChange: (data: { accounts?: readonly Address[]; chainId?: number }) => void
  connectorKey: string
}

/**
 * A wallet's `accountsChanged` (docs/connectors/events.md#accountschanged): the first account becomes
 * the active one, persisted and reported to wagmi, every address through the address rule
 * (docs/connectors/lifecycle.md#the-address-rule) — a list with an invalid one is logged and ignored.
 * An empty list is EIP-1193's "disconnected this site": the caller ends the session when this returns
 * `'disconnect'` (families whose empty list means nothing pass `emptyMeansDisconnect: false` and get
 * `'ignored'`).
 */
export function applyAccountsChanged(
  target: WalletEventTarget,
  accounts: unknown,
  options: { emptyMeansDisconnect?: boolean } = {},
): 'changed' | 'disconnect' | 'ignored' {
  const list = Array.isArray(accounts) ? accounts : undefined
  if (list?.length === 0 && (options.emptyMeansDisconnect ?? true)) return 'disconnect'
  const parsed = (list ?? []).map(tryParseAddress)
  if (parsed.length === 0 || parsed.some((address) => address === undefined)) {
    logger.warn('invalid_accounts_from_wallet', { connector: target.connectorKey, count: list?.length ?? 0 })
    return 'ignored'
  }
  const addresses = parsed as Address[]
  target.persisted.setActiveAccount(addresses[0])
  target.emitChange({ accounts: addresses })
  return 'changed'
}

/**
 * A wallet's `chainChanged` (docs/connectors/events.md#chainchanged): the same id is ignored; a
 * different one updates the current chain, marks the network as switched and reports it (wagmi and the
 * views follow the change). Hex and decimal ids are accepted; anything else is logged and ignored.
 * Returns whether it changed.
 */
export function applyChainChanged(target: WalletEventTarget, chain: unknown): boolean {
  let chainId: number
  try {
    chainId = parseChainId(chain)
  } catch {
    logger.warn('invalid_chain_from_wallet', { connector: target.connectorKey })
    return false
  }
  if (chainId === target.persisted.getCurrentChain()) return false
  target.persisted.setCurrentChain(chainId)
  target.persisted.setSwitchedNetwork(true)
  target.emitChange({ chainId })
  return true
}
