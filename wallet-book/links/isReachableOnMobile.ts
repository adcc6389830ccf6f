import type { OperatingSystem } from '@/lib/platform/detectPlatform'
import type { WalletBookEntry } from '../types'

/**
 * Whether a phone user without the wallet injected can get to it from this page: by opening the
 * page in the wallet's browser (in-app browser base or browse link), or over WalletConnect with a
 * link to the app (on Android the raw `wc:` URI is enough; the system offers it to the app).
 */
export function isReachableOnMobile(entry: WalletBookEntry, os: OperatingSystem): boolean {
  const mobile = entry.mobile
  if (mobile?.inAppBrowser || mobile?.browseLink?.universal || mobile?.browseLink?.native) return true
  if (!entry.walletConnect) return false
  return os === 'android' || Boolean(mobile?.native || mobile?.universal)
}
