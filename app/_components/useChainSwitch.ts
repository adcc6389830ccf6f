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
  /** Its code (e.g. `network_switching_only_available_in_wallet`), as `data-code` for machines. */
  errorCode: string | null
  /** Never rejects: failures land in `error`. */
  switchTo: (chainId: number) => Promise<void>
}

/**
 * The one path for every chain switch on the page (menu, wrong-network button, test handle), so a
 * failure always shows the same way. The connector enforces the rules and raises the catalogue errors.
 */
export function useChainSwitch(): ChainSwitch {
  const config = useConfig()
  const [state, setState] = useState<Omit<ChainSwitch, 'switchTo'>>({ pending: null, error: null, errorCode: null })
  const switchTo = useCallback(
    async (chainId: number) => {
      setState({ pending: chainId, error: null, errorCode: null })
      try {
        await switchChain(config, { chainId })
        setState({ pending: null, error: null, errorCode: null })
      } catch (error) {
        const shown = mapProviderError(error, 'switchChain')
        setState({ pending: null, error: shown.message, errorCode: shown.code })
      }
    },
    [config],
  )
  return { ...state, switchTo }
}
