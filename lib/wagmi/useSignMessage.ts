'use client'
import { useMutation } from '@tanstack/react-query'
import type { Hex } from 'viem'
import { useConfig } from 'wagmi'
import type { SignableMessage } from '@/connectors/shared/signMessage'
import { mapProviderError } from '@/connectors/shared/providerErrors'
import type { SigilError } from '@/lib/errors/SigilError'
import { signPersonalMessage } from './signPersonalMessage'

/**
 * Like wagmi's `useSignMessage`, on Sigil's shared signing path (`signPersonalMessage`). Errors
 * arrive as `SigilError`s, so `error.message` is the catalogue text to show.
 */
export function useSignMessage() {
  const config = useConfig()
  const mutation = useMutation<Hex, SigilError, { message: SignableMessage }>({
    mutationKey: ['sigil', 'signMessage'],
    mutationFn: async (variables) => {
      try {
        return await signPersonalMessage(config, variables)
      } catch (error) {
        throw mapProviderError(error, 'sign')
      }
    },
  })
  return {
    ...mutation,
    signMessage: mutation.mutate,
    signMessageAsync: mutation.mutateAsync,
  }
}
