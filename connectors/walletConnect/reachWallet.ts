import type { Connector } from '@wagmi/core'
import type { Platform } from '@sigil/lib/platform/detectPlatform'
import type { DeepLinkPreference } from '@sigil/wallet-book/links/walletLinkBase'
import { phoneRoute } from '@sigil/wallet-book/links/phoneRoute'
import { walletConnectDeepLink } from '@sigil/wallet-book/links/walletConnectDeepLink'
import type { WalletBookEntry } from '@sigil/wallet-book/types'
import type { ReachWalletParameters, WalletReach } from '../shared/family'
import { familyOf } from '../shared/lazyConnector'
import { walletConnectConnectorId } from './constants'
import { WALLETCONNECT_ID } from './id'
import { openWalletLink } from './openWalletLink'
import type { PairingState } from './pairingState'

/** The pairing of a loaded WalletConnect connector (read without importing the family or its SDK). */
function pairingOf(connector: Connector): PairingState | undefined {
  return (familyOf(connector)?.loaded as { pairing?: PairingState } | undefined)?.pairing
}

/**
 * A phone's tap on a wallet reached over WalletConnect: open the wallet with the pairing URI that the
 * dialog's warm-up already made — synchronously, nothing awaited
 * (docs/connectors/lifecycle.md#acting-inside-the-tap). Without a URI yet, nothing is opened here: the
 * WalletConnect view that follows shows the QR code, the copy link and an "Open" button that fires as
 * soon as the URI is there (never a silent no-op).
 */
function openOverWalletConnect(entry: WalletBookEntry, connector: Connector, platform: Platform, navigate: ((url: string) => void) | undefined) {
  const uri = pairingOf(connector)?.getSnapshot().uri
  if (!uri) return
  // The connector's link preference, as signing uses it (`native` unless it says `universal`).
  const preference = (connector as Connector & { sigil?: { deepLinkPreference?: DeepLinkPreference } }).sigil?.deepLinkPreference
  const link = walletConnectDeepLink(entry, uri, { os: platform.os, isMobile: true, preference })
  if (link) (navigate ?? openWalletLink)(link)
}

/**
 * A book wallet that is not installed, reached through its WalletConnect connector (the book lists
 * it with WalletConnect, not filtered out; the connector exists only where the deployment has a
 * project id):
 * - on a phone, where `phoneRoute` sends the wallet to its app: its own link with the pairing URI,
 *   then the WalletConnect view with the store link, QR code and copy link in case the app is
 *   missing. A wallet with a browser of its own and not used by redirect is left to that browser;
 *   a wallet with neither is not offered (the dialog drops its row);
 * - on a desktop: the wallet's phone app over WalletConnect (QR code), beside its extension's store page.
 */
export function reachWalletOverWalletConnect(parameters: ReachWalletParameters): WalletReach | undefined {
  const { entry, platform, navigate } = parameters
  const connector = parameters.connectors.find((candidate) => candidate.id === walletConnectConnectorId(parameters.key))
  if (!connector) return undefined
  if (platform?.isMobile) {
    if (!entry || phoneRoute(entry, { walletConnect: true }) !== 'wallet-app') return undefined
    return {
      connector,
      panel: WALLETCONNECT_ID,
      opens: 'wallet-app',
      openInApp: () => openOverWalletConnect(entry, connector, platform, navigate),
    }
  }
  return { connector, panel: WALLETCONNECT_ID, installUrl: parameters.installUrl }
}
