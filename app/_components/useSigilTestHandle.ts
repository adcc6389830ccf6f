'use client'
import { useEffect } from 'react'
import { localChain } from '@/lib/chains'
import { usePublicConfig } from './publicConfigContext'

declare global {
  interface Window {
    /** End-to-end test handle; present only in builds that offer the local chain (development, tests). */
    __sigilTest?: { switchChain(chainId: number): Promise<void> }
  }
}

/**
 * Lets end-to-end tests ask for a chain the menu does not offer, through the very path the menu uses.
 * Installed only when the local anvil chain is configured, which production deployments never do.
 */
export function useSigilTestHandle(switchTo: (chainId: number) => Promise<void>): void {
  const { chainIds } = usePublicConfig()
  const enabled = chainIds.includes(localChain.id)
  useEffect(() => {
    if (!enabled) return
    const handle = { switchChain: (chainId: number) => switchTo(chainId) }
    window.__sigilTest = handle
    return () => {
      if (window.__sigilTest === handle) delete window.__sigilTest
    }
  }, [enabled, switchTo])
}
