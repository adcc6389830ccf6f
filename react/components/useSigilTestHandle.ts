'use client'
import { useEffect } from 'react'
import { installTestHandle } from '@sigil/connectors/shared/testHandles'
import { usePublicConfig } from './publicConfigContext'

/**
 * Lets end-to-end tests ask for a chain the menu does not offer, through the very path the menu uses
 * (`window.__sigilTest.switchChain`), behind the test handles' one gate (connectors/shared/testHandles.ts).
 */
export function useSigilTestHandle(switchTo: (chainId: number) => Promise<void>): void {
  const { chainIds } = usePublicConfig()
  useEffect(() => installTestHandle(chainIds, 'switchChain', (chainId: number) => switchTo(chainId)), [chainIds, switchTo])
}
