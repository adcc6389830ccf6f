import type { PublicConfig } from '@sigil/lib/config/public'
import { t } from '@sigil/lib/i18n/t'
import { coinbaseSmartWallet, type CoinbaseSmartWalletParameters } from './coinbaseSmartWallet'
import type { CoinbaseSmartWalletIdentity } from './properties'

/**
 * The app's logo for Coinbase's popup, as an absolute URL on the page's own origin (the popup shows
 * it beside the app's name; without one it falls back to the page's favicon).
 */
const APP_LOGO_PATH = '/icon.svg'

/**
 * What `family.ts` loads when the family is needed: the connector configured for this deployment,
 * built with the proxy's own `properties`. `keysUrl` is passed only when the deployment sets one,
 * which only tests do (`COINBASE_KEYS_URL`, honoured on loopback with the local chain enabled):
 * production always talks to Coinbase's popup. `preference` is the deployment's `COINBASE_PREFERENCE`
 * (validated on the server; `smartWalletOnly` when unset).
 */
export function coinbaseSmartWalletFor(
  publicConfig: Pick<PublicConfig, 'coinbasePreference' | 'coinbaseKeysUrl'>,
  properties: CoinbaseSmartWalletIdentity,
  /**
   * The slot a window opened in the tap waits in, shared with the family's proxy (family.ts); where
   * the persisted values live and how the SDK is loaded (tests). The browser defaults otherwise.
   */
  edges: Pick<CoinbaseSmartWalletParameters, 'storage' | 'loadSdk' | 'popups'> = {},
) {
  return coinbaseSmartWallet({
    ...edges,
    properties,
    appName: t('app.title'),
    // Read when the SDK is created, which only happens in the browser.
    appLogoUrl: () => new URL(APP_LOGO_PATH, window.location.origin).href,
    keysUrl: publicConfig.coinbaseKeysUrl,
    preference: publicConfig.coinbasePreference,
  })
}
