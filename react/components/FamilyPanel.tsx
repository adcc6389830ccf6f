'use client'
import { lazy, Suspense, useState, type ComponentType } from 'react'
import { families } from '@sigil/connectors/families'
import { useT } from '@sigil/lib/i18n/useT'
import type { FamilyPanelProps } from '@sigil/connectors/shared/family'
import type { FamilyPanelId } from '@sigil/connectors/shared/lazyConnector'

type Panel = ComponentType<FamilyPanelProps>

// Each family's view is its own chunk (the family's `panel`), fetched when the dialog warms the
// family up or its row is chosen.
const loaders: ReadonlyMap<FamilyPanelId, () => Promise<Panel>> = new Map(families.flatMap((family) => (family.panel ? [[family.id, family.panel] as const] : [])))

// Views already fetched render directly: React throttles revealing a Suspense boundary's content by
// ~300 ms after its fallback showed, so a view behind `lazy` would appear 300 ms after the tap even
// when its chunk is already there.
const ready: Partial<Record<FamilyPanelId, Panel>> = {}

function load(id: FamilyPanelId): Promise<Panel> {
  const loader = loaders.get(id)
  if (!loader) return Promise.reject(new Error(`No family declares the view "${id}".`))
  return loader().then((panel) => {
    ready[id] = panel
    return panel
  })
}

const lazyPanels: Partial<Record<FamilyPanelId, Panel>> = Object.fromEntries([...loaders.keys()].map((id) => [id, lazy(() => load(id).then((panel) => ({ default: panel })))]))

/** A row naming a view no family declares: the list's bug, shown as nothing rather than a crash. */
const NoPanel: Panel = () => null


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
  const [chosen] = useState(() => ({ panel, View: ready[panel] ?? lazyPanels[panel] ?? NoPanel }))
  const View = chosen.panel === panel ? chosen.View : (ready[panel] ?? lazyPanels[panel] ?? NoPanel)
  return (
    <Suspense fallback={<PanelLoading />}>
      <View {...props} />
    </Suspense>
  )
}

/** While a view's chunk is on its way: a spinner, and words in the page's language for a screen reader. */
function PanelLoading() {
  const t = useT()
  return (
    <div className="spinner" role="status">
      <span className="visually-hidden">{t('connect.preparing')}</span>
    </div>
  )
}
