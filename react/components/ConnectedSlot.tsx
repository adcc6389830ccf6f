'use client'
import dynamic from 'next/dynamic'
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react'
import type { ConnectedViewProps } from './viewProps'
import { preloadConnectedView } from './loadConnectedView'
import { loadedConnectedView, markConnectedViewLoaded, subscribeConnectedView } from './runtimeViews'

// The connected view is its own chunk: a first visit (disconnected) never downloads it, and a
// reload while connected still renders it on the server, so there is no flash. The `import()` sits
// right here so Next sees it and preloads the chunk in the server-rendered page.
const LazyConnectedView = dynamic(() => import('./ConnectedView').then((m) => markConnectedViewLoaded(m).ConnectedView))

const subscribeToNothing = () => () => {}

/**
 * Where the connected view goes.
 *
 * While hydrating a page the server rendered connected (a reload), it is the lazy wrapper, as on the
 * server: the wrapper suspends once, and the server's HTML stays on screen meanwhile. Rendering the
 * direct view there changed the tree's depth, so every `useId` inside (the message field's label,
 * the panels' headings) differed from the server's HTML. Chosen once per mount, so that component
 * never changes type and loses its state mid-way.
 *
 * After a connection in this page, it is the view itself, never a suspending wrapper: React holds a
 * Suspense boundary's content back for up to 300 ms after its fallback showed, which made a
 * connection whose chunk was still on the wire (a click with no hover first) take 150–250 ms to
 * show. Until the chunk arrives (it was asked for on intent, or by the click), `whileLoading` stays
 * (the page's disconnected face, inert), so the page changes once; then the view, once, with no
 * state to lose. If the chunk cannot be fetched, the lazy wrapper takes
 * over, whose own try fails into the page's root error page (app/global-error.tsx).
 */
export function ConnectedSlot({ whileLoading, ...props }: ConnectedViewProps & { whileLoading?: ReactNode }) {
  // false while hydrating (the server's answer), true for a mount after hydration.
  const hydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false)
  const [hydrating] = useState(!hydrated)
  const loaded = useSyncExternalStore(subscribeConnectedView, loadedConnectedView, () => undefined)
  // The chunk could not be fetched: the lazy wrapper tries again, and its failure reaches the page's root error page (app/global-error.tsx).
  const [unreachable, setUnreachable] = useState(false)
  useEffect(() => {
    if (hydrating) return
    let current = true
    void preloadConnectedView().then((ok) => {
      if (!ok && current) setUnreachable(true)
    })
    return () => {
      current = false
    }
  }, [hydrating])
  if (hydrating || (unreachable && !loaded)) return <LazyConnectedView {...props} />
  if (!loaded) return whileLoading ?? null
  return <loaded.ConnectedView {...props} />
}
