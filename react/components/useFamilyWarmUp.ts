'use client'
import type { Connector } from '@wagmi/core'
import { useRef } from 'react'
import type { WalletOption } from '@/react/wagmi/useWalletOptions'
import { familyOf, type FamilyPanelId, type SigilFamilyHandle } from '@sigil/connectors/shared/lazyConnector'
import { preloadFamilyPanel } from './FamilyPanel'
import { preloadConnectedViewInRuntime } from './runtimeViews'

/**
 * The connect dialog's warm-ups: loading a family (and its view) and running its `prepare` before
 * the tap that needs it. `onReady` is called each time a family's warm-up settles.
 */
export function useFamilyWarmUp(isMobile: boolean, onReady: () => void) {
  // Families already warming up in this dialog: each starts once, whatever number of signals.
  const warming = useRef(new Set<SigilFamilyHandle>())
  // Families whose warm-up has settled (loaded and prepared: WalletConnect's pairing URI exists).
  const warmedUp = useRef(new Set<SigilFamilyHandle>())

  /** Loads a family (and its view) and runs its `prepare`; the row becomes tappable when it is ready. */
  function warmUp(family: SigilFamilyHandle, panel: FamilyPanelId | undefined) {
    if (panel) preloadFamilyPanel(panel)
    if (warming.current.has(family)) return
    warming.current.add(family)
    void family.preload({ isMobile }).then(() => {
      warmedUp.current.add(family)
      onReady()
    })
  }

  return {
    /** On a phone, a moment after the dialog appears: the families that act inside the tap. */
    warmUpWithDialog(connectors: readonly Connector[]) {
      for (const connector of connectors) {
        const family = familyOf(connector)
        if (family?.warmUpWithDialog) warmUp(family, family.listing?.panel)
        else if (family?.listing?.panel) preloadFamilyPanel(family.listing.panel)
      }
    },

    /**
     * The user reaches for a row (pointer over it, keyboard focus, a touch): warm its family up, and
     * fetch the account view a connection leads to (it is not part of the dialog's chunk).
     */
    onIntent(option: WalletOption) {
      void preloadConnectedViewInRuntime()
      const family = option.connector ? familyOf(option.connector) : undefined
      if (family) warmUp(family, option.panel)
      else if (option.panel) preloadFamilyPanel(option.panel)
    },

    /**
     * A row whose family connects from inside the tap (on a phone, a deep link that needs its URI)
     * does not act on a tap until the family is ready: a tap before is kept and acted on once it is
     * (the dialog's `pendingKey`), while the browser still counts the page as just tapped (Chromium:
     * 5 s; iOS Safari is stricter, and the WalletConnect view that follows keeps its "Open" link and
     * QR code). A family that can act in the tap before it loaded (the Coinbase Smart Wallet opens
     * its popup's window at once) is always ready. A row that opens a family view (the QR code)
     * shows its own progress there, so on a computer it is never held back.
     */
    isPreparing(option: WalletOption): boolean {
      const family = option.connector ? familyOf(option.connector) : undefined
      if (family === undefined || !family.warmUpWithDialog || family.isReady()) return false
      return isMobile ? !family.listing?.panel : !option.panel
    },

    /** Loaded is not enough for a kept tap: a warm-up started here (WalletConnect's pairing, for the link's URI) must have settled. */
    isSettling(option: WalletOption): boolean {
      const family = option.connector ? familyOf(option.connector) : undefined
      return family !== undefined && warming.current.has(family) && !warmedUp.current.has(family)
    },
  }
}
