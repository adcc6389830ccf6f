// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { connect, createConfig, type CreateConnectorFn } from '@wagmi/core'
import type { ReactNode } from 'react'
import { http, recoverMessageAddress } from 'viem'
import { mainnet } from 'viem/chains'
import { afterEach, describe, expect, it } from 'vitest'
import { WagmiProvider } from 'wagmi'
import { setLogSink } from '@sigil/connectors/shared/logger'
import { createFakeProvider, fakeWalletAccount, providerError } from '@/tests/fixtures/connectors/fakeProvider'
import type { PublicConfig } from '@sigil/lib/config/public'
import { SessionNotFoundError } from '@sigil/lib/errors/wallet'
import { createSigilConfig } from '@/react/wagmi/createSigilConfig'
import { useSignMessage } from '@/react/wagmi/useSignMessage'
import { useWalletOptions } from '@/react/wagmi/useWalletOptions'
import { stubConnector } from '@/tests/fixtures/connectors/stubConnector'

const publicConfig: PublicConfig = { chainIds: [1, 8453], rpcUrls: {}, walletConnectProjectId: '', appOrigins: ['http://localhost:3000'] }

function wrapper(config: ReturnType<typeof createSigilConfig>) {
  const queryClient = new QueryClient()
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <WagmiProvider config={config} reconnectOnMount={false}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </WagmiProvider>
    )
  }
}

const cleanups: (() => void)[] = []

/** An EIP-6963 wallet: announces at once and again on every eip6963:requestProvider. */
function installWallet(name: string, rdns: string) {
  const detail = { info: { uuid: crypto.randomUUID(), name, icon: 'data:image/svg+xml,<svg/>', rdns }, provider: createFakeProvider() }
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  cleanups.push(() => window.removeEventListener('eip6963:requestProvider', announce))
  announce()
}

afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup())
  delete (window as { ethereum?: unknown }).ethereum
  localStorage.clear()
})

describe('useWalletOptions (browser)', () => {
  it('lists an announced wallet as installed, first, with its connector — also one announced after render', async () => {
    installWallet('Early Wallet', 'dev.early.wallet')
    const config = createSigilConfig(publicConfig)
    const { result } = renderHook(() => useWalletOptions(), { wrapper: wrapper(config) })
    expect(result.current[0]).toMatchObject({ key: 'earlywallet', installed: true })
    expect(result.current[0]?.connector?.id).toBe('earlywallet')
    act(() => installWallet('Later Wallet', 'dev.later.wallet'))
    await waitFor(() => expect(result.current.map((option) => option.key)).toContain('laterwallet'))
    const later = result.current.find((option) => option.key === 'laterwallet')
    expect(later?.installed).toBe(true)
    expect(later?.connector?.id).toBe('laterwallet')
    expect(result.current.findIndex((option) => !option.installed)).toBeGreaterThan(result.current.indexOf(later!))
  })

  it('picks up a wallet that injects window.ethereum late (ethereum#initialized)', async () => {
    const config = createSigilConfig(publicConfig)
    const { result } = renderHook(() => useWalletOptions(), { wrapper: wrapper(config) })
    expect(result.current.some((option) => option.key === 'browserwallet')).toBe(false)
    act(() => {
      ;(window as { ethereum?: unknown }).ethereum = createFakeProvider()
      window.dispatchEvent(new Event('ethereum#initialized'))
    })
    await waitFor(() => expect(result.current.find((option) => option.key === 'browserwallet')?.installed).toBe(true))
  })
})

describe('useSignMessage (browser)', () => {
  it('signs through the shared path and returns a signature that verifies', async () => {
    const provider = createFakeProvider()
    ;(window as { ethereum?: unknown }).ethereum = provider
    const config = createSigilConfig(publicConfig)
    await connect(config, { connector: config.connectors.find((connector) => connector.id === 'browserwallet')! })
    const { result } = renderHook(() => useSignMessage(), { wrapper: wrapper(config) })
    let signature: `0x${string}` | undefined
    await act(async () => {
      signature = await result.current.signMessageAsync({ message: 'hello' })
    })
    expect(await recoverMessageAddress({ message: 'hello', signature: signature! })).toBe(fakeWalletAccount.address)
    await waitFor(() => expect(result.current.data).toBe(signature))
  })

  it('reports "No session found" as a SigilError when nothing is connected', async () => {
    const config = createSigilConfig(publicConfig)
    const { result } = renderHook(() => useSignMessage(), { wrapper: wrapper(config) })
    act(() => result.current.signMessage({ message: 'hello' }))
    await waitFor(() => expect(result.current.error).toBeInstanceOf(SessionNotFoundError))
    expect(result.current.error?.message).toBe('No session found')
  })

  it('needs no QueryClientProvider (the app has none)', async () => {
    const config = createSigilConfig(publicConfig)
    const { result } = renderHook(() => useSignMessage(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <WagmiProvider config={config} reconnectOnMount={false}>
          {children}
        </WagmiProvider>
      ),
    })
    expect(result.current.isIdle).toBe(true)
    act(() => result.current.signMessage({ message: 'hello' }))
    await waitFor(() => expect(result.current.error).toBeInstanceOf(SessionNotFoundError))
  })

  it('ends in the neutral notCompleted status, without an error, when the connector swallows its signing errors', async () => {
    const restore = setLogSink(() => {})
    cleanups.push(restore)
    const provider = createFakeProvider({ handlers: { personal_sign: () => Promise.reject(providerError(4001)) } })
    const swallowing = stubConnector({ id: 'swallowing', name: 'Swallowing Wallet', provider, with: { swallowsSigningErrors: true } })
    const config = createConfig({ chains: [mainnet], transports: { [mainnet.id]: http() }, connectors: [swallowing as CreateConnectorFn], storage: null })
    await connect(config, { connector: config.connectors[0]! })
    const { result } = renderHook(() => useSignMessage(), { wrapper: wrapper(config as unknown as ReturnType<typeof createSigilConfig>) })
    let returned: unknown = 'unset'
    await act(async () => {
      returned = await result.current.signMessageAsync({ message: 'hello' })
    })
    expect(returned).toBeUndefined()
    await waitFor(() => expect(result.current.status).toBe('notCompleted'))
    expect(result.current.isNotCompleted).toBe(true)
    expect(result.current.isError).toBe(false)
    expect(result.current.error).toBeNull()
  })
})
