import type { Config, CreateConnectorFn } from '@wagmi/core'

/**
 * Adds connectors to a config after it was created (wagmi sets each up with the config's emitter,
 * chains and storage), leaving out any whose id the config already has: book wallets created when
 * the page is idle, EIP-6963 wallets as they announce.
 */
export function appendConnectors(config: Config, create: readonly CreateConnectorFn[]): void {
  const existing = new Set(config.connectors.map((connector) => connector.id))
  const added = create.map((connectorFn) => config._internal.connectors.setup(connectorFn)).filter((connector) => !existing.has(connector.id))
  if (added.length > 0) config._internal.connectors.setState((connectors) => [...connectors, ...added])
}
