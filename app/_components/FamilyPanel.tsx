'use client'
import { lazy, Suspense, type ComponentType } from 'react'
import type { FamilyPanelId } from '@/connectors/shared/lazyConnector'
import type { FamilyPanelProps } from './familyPanelProps'

// Each family's view is its own chunk, fetched when its row is chosen (the dialog stays small).
const panels: Record<FamilyPanelId, ComponentType<FamilyPanelProps>> = {
  walletconnect: lazy(() => import('./walletConnect/WalletConnectPanel').then((m) => ({ default: m.WalletConnectPanel }))),
  embedded: lazy(() => import('./embedded/EmbeddedPanel').then((m) => ({ default: m.EmbeddedPanel }))),
}

/** The connect dialog's family view: WalletConnect's QR code and links, or the embedded wallet. */
export function FamilyPanel({ panel, ...props }: FamilyPanelProps & { panel: FamilyPanelId }) {
  const Panel = panels[panel]
  return (
    <Suspense fallback={<div className="spinner" role="status" aria-label="Loading" />}>
      <Panel {...props} />
    </Suspense>
  )
}
