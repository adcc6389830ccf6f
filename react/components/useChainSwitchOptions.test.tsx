// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { connect, createConfig, http } from '@wagmi/core'
import { mainnet, sepolia } from 'viem/chains'
import { afterEach, describe, expect, it } from 'vitest'
import { WagmiProvider } from 'wagmi'
import type { ChainSwitchBlock } from '@sigil/connectors/shared/types'
import { stubConnector } from '@/tests/fixtures/connectors/stubConnector'
import { ChainMenu } from './ChainMenu'
import { useChainSwitchOptions } from './useChainSwitchOptions'

/**
 * After a reload, wagmi reports the connection before a WalletConnect SDK has restored its session:
 * the connector's first answer blocks every chain ("no session"). The menu must not keep that
 * answer: opening it asks again, and the chain the restored session approves can be chosen.
 * The connector is the shared stub with a `chainSwitchOptions` whose session is restored after the
 * first answer.
 */
const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function setup() {
  const session = { restored: false, asked: 0 }
  const connector = stubConnector({
    accounts: [account],
    with: (config) => ({
      async chainSwitchOptions(): Promise<ReadonlyMap<number, ChainSwitchBlock>> {
        session.asked += 1
        if (!session.restored) return new Map(config.chains.map((chain) => [chain.id, 'network_switching_only_available_in_wallet'] as const))
        return new Map()
      },
    }),
  })
  // No storage: WagmiProvider would clear the connection made before it mounts.
  const config = createConfig({ chains: [mainnet, sepolia], connectors: [connector], storage: null, transports: { [mainnet.id]: http('http://127.0.0.1:1'), [sepolia.id]: http('http://127.0.0.1:1') } })
  return { config, session }
}

function Menu({ chosen }: { chosen: number[] }) {
  const { blocked, recheck } = useChainSwitchOptions(mainnet.id)
  const reasons = new Map([...blocked].map(([id, code]) => [id, code] as const))
  return <ChainMenu chains={[mainnet, sepolia]} chainId={mainnet.id} pending={null} blocked={reasons} onSelect={(id) => chosen.push(id)} onOpen={recheck} />
}

describe('useChainSwitchOptions', () => {
  afterEach(cleanup)

  it('asks the connector again as the menu opens: a session restored after the first answer unblocks its chains', async () => {
    const { config, session } = setup()
    await connect(config, { connector: config.connectors[0]! })
    const chosen: number[] = []
    render(
      <WagmiProvider config={config} reconnectOnMount={false}>
        <Menu chosen={chosen} />
      </WagmiProvider>,
    )
    await waitFor(() => expect(session.asked).toBe(1))
    session.restored = true
    act(() => fireEvent.click(screen.getByTestId('chain-menu-button')))
    await waitFor(() => expect(screen.getByTestId(`chain-option-${sepolia.id}`).getAttribute('aria-disabled')).toBeNull())
    act(() => fireEvent.click(screen.getByTestId(`chain-option-${sepolia.id}`)))
    expect(chosen).toEqual([sepolia.id])
    expect(session.asked).toBe(2)
  })
})
