import type { Platform } from '@sigil/lib/platform/detectPlatform'
import type { WalletBookEntry } from '../types'

/**
 * Where to get the wallet on this platform: the App Store on iOS, Google Play on Android, and on
 * desktop the extension store of the browser in use (Edge and Opera install Chrome Web Store
 * extensions when there is no listing of their own). Falls back to the wallet's own extension page,
 * then its desktop app's download page;
 * `undefined` when nothing is known, so the UI shows no dead link.
 */
export function installUrl(entry: WalletBookEntry, platform: Pick<Platform, 'os' | 'isMobile' | 'browser'>): string | undefined {
  const { mobile, desktop } = entry
  if (platform.os === 'ios') return mobile?.iosId ? `https://apps.apple.com/app/${mobile.iosId}` : undefined
  if (platform.os === 'android') {
    return mobile?.androidId ? `https://play.google.com/store/apps/details?id=${encodeURIComponent(mobile.androidId)}` : undefined
  }
  if (platform.isMobile) return undefined
  const chrome = desktop?.chromeId ? `https://chromewebstore.google.com/detail/${desktop.chromeId}` : undefined
  // A wallet without an extension may still have a desktop app (Ledger Live).
  const fallback = desktop?.extensionUrl ?? desktop?.appUrl
  switch (platform.browser) {
    case 'firefox':
      return desktop?.firefoxId ? `https://addons.mozilla.org/firefox/addon/${desktop.firefoxId}/` : fallback
    case 'edge':
      return (desktop?.edgeId ? `https://microsoftedge.microsoft.com/addons/detail/${desktop.edgeId}` : chrome) ?? fallback
    case 'safari':
      return fallback
    default:
      return chrome ?? fallback
  }
}
