'use client'
import dynamic from 'next/dynamic'
import { useState, useSyncExternalStore } from 'react'
import type { ConnectedViewProps } from './ConnectedView'
import { loadedConnectedView, markConnectedViewLoaded } from './loadConnectedView'

// The connected view is its own chunk: a first visit (disconnected) never downloads it, and a
// reload while connected still renders it on the server, so there is no flash. The `import()` sits
// right here so Next sees it and preloads the chunk in the server-rendered page.
const LazyConnectedView = dynamic(() => import('./ConnectedView').then((m) => markConnectedViewLoaded(m).ConnectedView))

const subscribeToNothing = () => () => {}

/**
 * Where the connected view goes. When its chunk is already in the browser (preloaded by the connect
 * dialog) it is rendered directly, in the same commit as the connection; otherwise through the lazy
 * wrapper. Chosen once per mount, so the component never changes type and loses its state mid-way.
 *
 * While hydrating a page the server rendered connected (a reload), it is always the lazy wrapper, as
 * on the server: the wrapper suspends once, and React's retry runs this choice again with the chunk
 * loaded by then. Choosing the direct view there changed the tree's depth, so every `useId` inside
 * (the message field's label, the panels' headings) differed from the server's HTML.
 */
export function ConnectedSlot(props: ConnectedViewProps) {
  // false while hydrating (the server's answer), true for a mount after hydration.
  const hydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false)
  const [View] = useState(() => (hydrated ? loadedConnectedView()?.ConnectedView : undefined) ?? LazyConnectedView)
  return <View {...props} />
}
