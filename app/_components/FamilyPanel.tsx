'use client'
import { lazy, Suspense, useState, type ComponentType } from 'react'
import type { FamilyPanelId } from '@/connectors/shared/lazyConnector'
import type { FamilyPanelProps } from './familyPanelProps'

type Panel = ComponentType<FamilyPanelProps>

// Each family's view is its own chunk, fetched when the dialog opens or its row is chosen.
const loaders: Record<FamilyPanelId, () => Promise<Panel>> = {
  walletconnect: () => import('./walletConnect/WalletConnectPanel').then((m) => m.WalletConnectPanel),
  embedded: () => import('./embedded/EmbeddedPanel').then((m) => m.EmbeddedPanel),
}

// Views already fetched render directly: React throttles revealing a Suspense boundary's content by
// ~300 ms after its fallback showed, so a view behind `lazy` would appear 300 ms after the tap even
// when its chunk is already there.
const ready: Partial<Record<FamilyPanelId, Panel>> = {}
const load = (id: FamilyPanelId) => loaders[id]().then((panel) => (ready[id] = panel))
const lazyPanel = (id: FamilyPanelId) => lazy(() => load(id).then((panel) => ({ default: panel })))
const lazyPanels: Record<FamilyPanelId, Panel> = { walletconnect: lazyPanel('walletconnect'), embedded: lazyPanel('embedded') }

/** Fetches a family view ahead of the tap (the dialog calls it when it opens). */
export function preloadFamilyPanel(id: FamilyPanelId): void {
  load(id).catch(() => {
    // Fetched again (and reported through Suspense) when the row is chosen.
  })
}

/**
 * The connect dialog's family view: WalletConnect's QR code and links, or the embedded wallet.
 *
 * Which component renders it is chosen once per mount: the fetched view itself, or the `lazy` one
 * while its chunk is on its way. Switching from the second to the first on a later render (the
 * chunk has arrived by then) would be a different element type, and React would remount the view:
 * its teardown undoes the connection it started (a WalletConnect pairing), and the new one starts
 * over, which showed as "Connection rejected" when the dialog re-rendered just after the chunk came.
 */
export function FamilyPanel({ panel, ...props }: FamilyPanelProps & { panel: FamilyPanelId }) {
  const [chosen] = useState(() => ({ panel, View: ready[panel] ?? lazyPanels[panel] }))
  const View = chosen.panel === panel ? chosen.View : (ready[panel] ?? lazyPanels[panel])
  return (
    <Suspense fallback={<div className="spinner" role="status" aria-label="Loading" />}>
      <View {...props} />
    </Suspense>
  )
}
