'use client'
import { createContext, useContext } from 'react'
import type { PublicConfig } from '@sigil/lib/config/public'

/** The server-built public configuration (chains, RPCs, origins), handed down by the root layout. */
export const PublicConfigContext = createContext<PublicConfig | null>(null)

export function usePublicConfig(): PublicConfig {
  const value = useContext(PublicConfigContext)
  if (!value) throw new Error('usePublicConfig must be used inside <SigilProvider>.')
  return value
}

/**
 * The same, or null outside <SigilProvider>: for what has a default without it (the wallet list's
 * order, the sign-in statement), so a view rendered on its own (a test, another app's tree) still works.
 */
export function usePublicConfigIfAny(): PublicConfig | null {
  return useContext(PublicConfigContext)
}
