import type { CreateConnectorFn } from '@wagmi/core'
import type { PublicConfig } from '@/lib/config/public'

/**
 * The connectors of the Coinbase Smart Wallet as they sit in the first load: `lazyConnector` proxies only (see
 * connectors/shared/lazyConnector.ts); the family module and its SDK load when needed.
 */
export function coinbaseSmartWalletConnectors(publicConfig: PublicConfig): CreateConnectorFn[] {
  void publicConfig
  return []
}
