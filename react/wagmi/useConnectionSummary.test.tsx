// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react'
import { connect, disconnect, type State } from '@wagmi/core'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useConnection, WagmiProvider } from 'wagmi'
import { createFakeProvider, fakeWalletAccount } from '@/tests/fixtures/connectors/fakeProvider'
import type { PublicConfig } from '@sigil/lib/config/public'
import { createSigilConfig } from '@/react/wagmi/createSigilConfig'
import { useConnectionSummary } from '@/react/wagmi/useConnectionSummary'
import { announceWalletConfig } from '@/react/wagmi/walletRuntime'

const publicConfig: PublicConfig = { chainIds: [1, 8453], rpcUrls: {}, walletConnectProjectId: '', appOrigins: ['http://localhost:3000'] }

afterEach(() => {
  delete (window as { ethereum?: unknown }).ethereum
  localStorage.clear()
})

/** Both hooks side by side: the summary must say what wagmi's useConnection says. */
function renderBoth(config: ReturnType<typeof createSigilConfig>) {
  announceWalletConfig(config)
  return renderHook(
    () => {
      const wagmi = useConnection()
      return { summary: useConnectionSummary(undefined), wagmi: { address: wagmi.address, chainId: wagmi.chainId, status: wagmi.status } }
    },
    { wrapper: ({ children }: { children: ReactNode }) => <WagmiProvider config={config} reconnectOnMount={false}>{children}</WagmiProvider> },
  )
}

describe('useConnectionSummary', () => {
  it("follows wagmi's useConnection through connect and disconnect, keeping its object while nothing changes", async () => {
    ;(window as { ethereum?: unknown }).ethereum = createFakeProvider()
    const config = createSigilConfig(publicConfig)
    const { result, rerender } = renderBoth(config)
    expect(result.current.summary).toEqual({ address: undefined, chainId: undefined, status: 'disconnected' })
    expect(result.current.summary).toEqual(result.current.wagmi)

    await act(async () => {
      await connect(config, { connector: config.connectors.find((connector) => connector.id === 'browserwallet')! })
    })
    await waitFor(() => expect(result.current.summary.status).toBe('connected'))
    expect(result.current.summary.address).toBe(fakeWalletAccount.address)
    expect(result.current.summary).toEqual(result.current.wagmi)
    const connected = result.current.summary
    rerender()
    expect(result.current.summary).toBe(connected)

    await act(async () => {
      await disconnect(config)
    })
    await waitFor(() => expect(result.current.summary.status).toBe('disconnected'))
    expect(result.current.summary).toEqual(result.current.wagmi)
  })

  it("shows the cookie's connection until the wallet runtime starts, then the live one", async () => {
    // A fresh page: the runtime module with nothing started yet.
    vi.resetModules()
    const fresh = await import('@/react/wagmi/useConnectionSummary')
    const runtime = await import('@/react/wagmi/walletRuntime')
    const connector = { id: 'browserwallet', name: 'Browser wallet', type: 'injected', uid: 'uid-1' }
    const cookieState = {
      chainId: 8453,
      current: 'uid-1',
      status: 'connected',
      connections: new Map([['uid-1', { accounts: [fakeWalletAccount.address], chainId: 8453, connector }]]),
    } as unknown as State
    const { result } = renderHook(() => fresh.useConnectionSummary(cookieState))
    // As the server rendered it: wagmi's provider hydrated the cookie's connection as "reconnecting".
    expect(result.current).toEqual({ address: fakeWalletAccount.address, chainId: 8453, status: 'reconnecting' })
    const config = createSigilConfig(publicConfig)
    act(() => runtime.announceWalletConfig(config))
    expect(result.current).toEqual({ address: undefined, chainId: undefined, status: 'disconnected' })
  })
})
