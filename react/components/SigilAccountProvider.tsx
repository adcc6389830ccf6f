'use client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'

/**
 * The query client `useSigilAccount` reads from: one per mount, inside the lazily loaded views that
 * need it (the page's first load carries no query client; see react/SigilProvider.tsx).
 */
export function SigilAccountProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { gcTime: 5 * 60_000 } } }))
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
