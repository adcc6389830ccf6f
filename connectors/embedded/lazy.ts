import type { CreateConnectorFn } from '@wagmi/core'
import type { PublicConfig } from '@/lib/config/public'

/**
 * The connectors of the embedded wallet as they sit in the first load: `lazyConnector` proxies only (see
 * connectors/shared/lazyConnector.ts); the family module and its SDK load when needed.
 */
export function embeddedConnectors(publicConfig: PublicConfig): CreateConnectorFn[] {
  void publicConfig
  return []
}
