import type { SigilError } from '@sigil/lib/errors/SigilError'
import { logger } from './logger'
import { createTypedEmitter } from './typedEmitter'

export type ConnectionFailedEvent = {
  /** Connector key (wallet-book key for book wallets). */
  connectorKey: string
  connectorName: string
  error: SigilError
}

/**
 * The wallet moved to a chain the app cannot follow it to
 * (docs/connectors/chain-switching.md#when-the-wallet-switches-by-itself).
 */
export type NetworkSwitchFailedEvent = {
  connectorKey: string
  chainId: number
  error: SigilError
}

export type ConnectionEventMap = {
  /**
   * docs/connectors/events.md#sigils-own-events: every failed or rejected connection attempt, in any
   * wallet family.
   */
  connectionFailed: ConnectionFailedEvent
  /**
   * docs/connectors/events.md#sigils-own-events: a wallet-side chain change whose network switch failed
   * the checks.
   */
  networkSwitchFailed: NetworkSwitchFailedEvent
}

/** Observed by the UI (and tests); connectors report through `reportConnectionFailed`. */
export const connectionEvents = createTypedEmitter<ConnectionEventMap>((error, event) =>
  logger.error('connection_event_listener_failed', { event: String(event), error: describe(error) }),
)

/** Logs the failure (codes only, no secrets) and emits `connectionFailed`. */
export function reportConnectionFailed(event: ConnectionFailedEvent): void {
  logger.warn('connection_failed', {
    connector: event.connectorKey,
    code: event.error.code,
    details: event.error.details,
  })
  connectionEvents.emit('connectionFailed', event)
}

/** Logs the refused switch (codes only) and emits `networkSwitchFailed`. */
export function reportNetworkSwitchFailed(event: NetworkSwitchFailedEvent): void {
  logger.warn('network_switch_failed', { connector: event.connectorKey, chainId: event.chainId, code: event.error.code })
  connectionEvents.emit('networkSwitchFailed', event)
}

function describe(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}
