import { logger } from './logger'
import type { PersistedValues } from './persistedValues'

/**
 * Ending a session (docs/connectors/lifecycle.md#ending-a-session): clear the active account, session
 * topic, switched-network flag and current chain, then disconnect the provider. The values are cleared
 * first and whatever happens next, so a wallet that fails to disconnect can never leave the app
 * half-connected.
 */
export async function endSession(options: {
  persisted: Pick<PersistedValues, 'clear'>
  disconnectProvider: () => Promise<void> | void
  connectorKey: string
}): Promise<void> {
  options.persisted.clear()
  try {
    await options.disconnectProvider()
  } catch (error) {
    logger.warn('provider_disconnect_failed', {
      connector: options.connectorKey,
      error: error instanceof Error ? error.name : typeof error,
    })
  }
}
