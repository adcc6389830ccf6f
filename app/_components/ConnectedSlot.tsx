'use client'
import dynamic from 'next/dynamic'
import { useState } from 'react'
import type { ConnectedViewProps } from './ConnectedView'
import { loadedConnectedView, markConnectedViewLoaded } from './loadConnectedView'

// The connected view is its own chunk: a first visit (disconnected) never downloads it, and a
// reload while connected still renders it on the server, so there is no flash. The `import()` sits
// right here so Next sees it and preloads the chunk in the server-rendered page.
const LazyConnectedView = dynamic(() => import('./ConnectedView').then((m) => markConnectedViewLoaded(m).ConnectedView))

/**
 * Where the connected view goes. When its chunk is already in the browser (preloaded by the connect
 * dialog) it is rendered directly, in the same commit as the connection; otherwise (a reload while
 * connected) through the lazy wrapper. Chosen once per mount, so the component never changes type
 * and loses its state mid-way.
 */
export function ConnectedSlot(props: ConnectedViewProps) {
  const [View] = useState(() => loadedConnectedView()?.ConnectedView ?? LazyConnectedView)
  return <View {...props} />
}
