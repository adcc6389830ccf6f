'use client'
import { useCallback, useRef, useState } from 'react'
import type { Hex } from 'viem'
import { useConfig } from 'wagmi'
import type { SignableMessage } from '@sigil/connectors/shared/signMessage'
import { mapProviderError } from '@sigil/connectors/shared/providerErrors'
import type { SigilError } from '@sigil/lib/errors/SigilError'
import { signPersonalMessage } from '@/react/wagmi/signPersonalMessage'

export type SignMessageVariables = { message: SignableMessage }

type SignMessageState =
  | { status: 'idle'; data: undefined; error: null; variables: undefined }
  | { status: 'pending'; data: undefined; error: null; variables: SignMessageVariables }
  | { status: 'success'; data: Hex; error: null; variables: SignMessageVariables }
  /**
   * The wallet did not complete the signature and its connector swallows signing errors
   * (docs/families/coinbaseSmartWallet.md#what-it-does).
   */
  | { status: 'notCompleted'; data: undefined; error: null; variables: SignMessageVariables }
  | { status: 'error'; data: undefined; error: SigilError; variables: SignMessageVariables }

const idle: SignMessageState = { status: 'idle', data: undefined, error: null, variables: undefined }

/**
 * Like wagmi's `useSignMessage`, on Sigil's shared signing path (`signPersonalMessage`). Errors
 * arrive as `SigilError`s, so `error.message` is the catalogue text to show.
 *
 * Plain React state, not a TanStack mutation: the app has no QueryClientProvider (the query client
 * would cost ~7 kB of first-load JavaScript), and a mutation hook throws without one. The result keeps
 * the mutation's shape (`status`, `data`, `error`, `isPending`, …, `reset`), plus one status of its
 * own: `notCompleted`, when a connector that swallows its signing errors (the Coinbase Smart Wallet,
 * docs/families/coinbaseSmartWallet.md#what-it-does) returned nothing — a neutral outcome, neither a
 * signature nor an error.
 */
export function useSignMessage() {
  const config = useConfig()
  const [state, setState] = useState<SignMessageState>(idle)
  // Only the latest call writes its outcome, as a mutation's state follows its latest run.
  const latest = useRef(0)

  const signMessageAsync = useCallback(
    async (variables: SignMessageVariables): Promise<Hex | undefined> => {
      const run = ++latest.current
      setState({ status: 'pending', data: undefined, error: null, variables })
      try {
        const signature = await signPersonalMessage(config, variables)
        if (run === latest.current) {
          setState(
            signature === undefined
              ? { status: 'notCompleted', data: undefined, error: null, variables }
              : { status: 'success', data: signature, error: null, variables },
          )
        }
        return signature
      } catch (error) {
        const mapped = mapProviderError(error, 'sign')
        if (run === latest.current) setState({ status: 'error', data: undefined, error: mapped, variables })
        throw mapped
      }
    },
    [config],
  )

  const signMessage = useCallback(
    (variables: SignMessageVariables): void => {
      // Fire and forget, like `mutate`: the error is in `error`, not an unhandled rejection.
      signMessageAsync(variables).catch(() => undefined)
    },
    [signMessageAsync],
  )

  const reset = useCallback(() => {
    latest.current++
    setState(idle)
  }, [])

  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    isNotCompleted: state.status === 'notCompleted',
    reset,
    signMessage,
    signMessageAsync,
  }
}
