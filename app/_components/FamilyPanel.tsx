'use client'
import { lazy, Suspense, type ComponentType } from 'react'
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

/** The connect dialog's family view: WalletConnect's QR code and links, or the embedded wallet. */
export function FamilyPanel({ panel, ...props }: FamilyPanelProps & { panel: FamilyPanelId }) {
  const Ready = ready[panel]
  if (Ready) return <Ready {...props} />
  const Panel = lazyPanels[panel]
  return (
    <Suspense fallback={<div className="spinner" role="status" aria-label="Loading" />}>
      <Panel {...props} />
    </Suspense>
  )
}
