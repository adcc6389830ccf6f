'use client'
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { useCallback } from 'react'
import { fetchAccount, type AuthApiError, type SigilAccount } from '@sigil/lib/siwe/client'

/** The query key of the signed-in account (one per page: the session cookie says whose). */
const SIGIL_ACCOUNT_QUERY_KEY = ['sigil', 'account'] as const

/**
 * The signed-in account for the app's own components: `data` is the account, its linked wallets
 * (each with the family it came from, the one this session signed in with marked `current`) and the
 * session; `null` when signed out; `undefined` while loading. Errors are the sign-in API's
 * (`AuthApiError`, retryable ones retried once). Needs a `SigilAccountProvider` above it (the
 * connected view has one). `enabled: false` while the page knows it is signed out.
 *
 * ```tsx
 * const { data: account } = useSigilAccount()
 * if (account) return <p>{account.wallets.length} wallets</p>
 * ```
 */
export function useSigilAccount(options: { enabled?: boolean } = {}): UseQueryResult<SigilAccount | null, AuthApiError> {
  return useQuery<SigilAccount | null, AuthApiError>({
    queryKey: SIGIL_ACCOUNT_QUERY_KEY,
    // The query's signal: forgetting the account (signed out) stops an answer still on the way.
    queryFn: ({ signal }) => fetchAccount({ signal }),
    enabled: options.enabled ?? true,
    staleTime: 30_000,
    retry: (count, error) => count < 1 && error.retryable,
    refetchOnWindowFocus: true,
  })
}

/**
 * Puts a fresh account in the cache (after a link or an unlink answered with it), asks again
 * (`undefined`), or forgets it (`null`: signed out; the next sign-in's account is read afresh).
 */
export function useSetSigilAccount(): (account?: SigilAccount | null) => void {
  const client = useQueryClient()
  return useCallback(
    (account) => {
      if (account === undefined) void client.invalidateQueries({ queryKey: SIGIL_ACCOUNT_QUERY_KEY })
      else if (account === null) client.removeQueries({ queryKey: SIGIL_ACCOUNT_QUERY_KEY })
      else client.setQueryData(SIGIL_ACCOUNT_QUERY_KEY, account)
    },
    [client],
  )
}
