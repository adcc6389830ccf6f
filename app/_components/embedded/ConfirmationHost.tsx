'use client'
import dynamic from 'next/dynamic'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useConfig } from 'wagmi'
import type { EmbeddedConnector } from '@/connectors/embedded/embedded'
import type { Confirmations } from '@/connectors/embedded/confirmation/confirmations'
import { EMBEDDED_KEY } from '@/connectors/embedded/identity'
import { familyOf } from '@/connectors/shared/lazyConnector'

const ConfirmationSheet = dynamic(() => import('./ConfirmationSheet').then((m) => m.ConfirmationSheet), { ssr: false })

/**
 * Renders the embedded wallet's confirmation sheet while that wallet is the connection: the sheet's
 * code loads only then. Requests made before it appears wait in the queue and are shown when it does.
 */
export function ConfirmationHost() {
  const config = useConfig()
  const connectorId = useSyncExternalStore(
    (onChange) => config.subscribe((state) => state.current, onChange),
    () => (config.state.current === null ? undefined : config.state.connections.get(config.state.current)?.connector.id),
    () => undefined,
  )
  const [confirmations, setConfirmations] = useState<Confirmations | undefined>()
  const embedded = connectorId === EMBEDDED_KEY

  useEffect(() => {
    if (!embedded) return
    const connector = config.connectors.find((candidate) => candidate.id === EMBEDDED_KEY)
    const family = connector ? familyOf(connector) : undefined
    let live = true
    void family?.load().then((loaded) => {
      if (live) setConfirmations((loaded as unknown as EmbeddedConnector).embeddedConfirmations)
    })
    return () => {
      live = false
    }
  }, [embedded, config])

  return embedded && confirmations ? <ConfirmationSheet confirmations={confirmations} /> : null
}
