'use client'
import { switchChain } from '@wagmi/core'
import { useCallback, useState } from 'react'
import { useConfig } from 'wagmi'
import { mapProviderError } from '@/connectors/shared/providerErrors'

export type ChainSwitch = {
  /** The chain being switched to, while the wallet is asked. */
  pending: number | null
  /** The last failure's catalogue message, shown in `chain-error`. */
  error: string | null
  /** Never rejects: failures land in `error`. */
  switchTo: (chainId: number) => Promise<void>
}

/**
 * The one path for every chain switch on the page (menu, wrong-network button, test handle), so a
 * failure always shows the same way. The connector enforces the rules and raises the catalogue errors.
 */
export function useChainSwitch(): ChainSwitch {
  const config = useConfig()
  const [state, setState] = useState<{ pending: number | null; error: string | null }>({ pending: null, error: null })
  const switchTo = useCallback(
    async (chainId: number) => {
      setState({ pending: chainId, error: null })
      try {
        await switchChain(config, { chainId })
        setState({ pending: null, error: null })
      } catch (error) {
        setState({ pending: null, error: mapProviderError(error, 'switchChain').message })
      }
    },
    [config],
  )
  return { ...state, switchTo }
}
