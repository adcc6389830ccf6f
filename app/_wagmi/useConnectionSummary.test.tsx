// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react'
import { connect, disconnect } from '@wagmi/core'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { useConnection, WagmiProvider } from 'wagmi'
import { createFakeProvider, fakeWalletAccount } from '@/connectors/testing/fakeProvider'
import type { PublicConfig } from '@/lib/config/public'
import { createSigilConfig } from '@/app/_wagmi/createSigilConfig'
import { useConnectionSummary } from '@/app/_wagmi/useConnectionSummary'

const publicConfig: PublicConfig = { chainIds: [1, 8453], rpcUrls: {}, walletConnectProjectId: '', appOrigins: ['http://localhost:3000'] }

afterEach(() => {
  delete (window as { ethereum?: unknown }).ethereum
  localStorage.clear()
})

/** Both hooks side by side: the summary must say what wagmi's useConnection says. */
function renderBoth(config: ReturnType<typeof createSigilConfig>) {
  return renderHook(
    () => {
      const wagmi = useConnection()
      return { summary: useConnectionSummary(), wagmi: { address: wagmi.address, chainId: wagmi.chainId, status: wagmi.status } }
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
})
