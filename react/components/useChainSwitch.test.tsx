// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { connect, createConfig, http } from '@wagmi/core'
import { mainnet, sepolia } from 'viem/chains'
import { useEffect } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { WagmiProvider } from 'wagmi'
import { ErrorAlert } from '@sigil/lib/i18n/ErrorAlert'
import { plainErrors } from '@sigil/lib/i18n/plainErrors'
import { stubConnector } from '@/tests/fixtures/connectors/stubConnector'
import { useChainSwitch } from './useChainSwitch'

/**
 * A switch that fails shows why, as the account view shows it (`chain-error`). A switch whose own
 * code could not be fetched (the connector's rules load on first use; offline, or a deploy since the
 * page opened) never reached the wallet: the alert says a part of the page was lost, not that the
 * wallet failed, whatever code the failure carries.
 */
const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function setup(failure: Error) {
  const connector = stubConnector({
    accounts: [account],
    with: {
      async switchChain() {
        throw failure
      },
    },
  })
  const config = createConfig({ chains: [mainnet, sepolia], connectors: [connector], storage: null, transports: { [mainnet.id]: http('http://127.0.0.1:1'), [sepolia.id]: http('http://127.0.0.1:1') } })
  return config
}

function Switching() {
  const { error, errorCode, errorReason, switchTo } = useChainSwitch(mainnet.id)
  useEffect(() => void switchTo(sepolia.id), [switchTo])
  return error ? <ErrorAlert error={{ message: error, code: errorCode ?? undefined, reason: errorReason ?? undefined }} testId="chain-error" /> : null
}

async function failedSwitch(failure: Error): Promise<HTMLElement> {
  const config = setup(failure)
  await connect(config, { connector: config.connectors[0]! })
  render(
    <WagmiProvider config={config} reconnectOnMount={false}>
      <Switching />
    </WagmiProvider>,
  )
  return waitFor(() => screen.getByTestId('chain-error'))
}

describe('useChainSwitch', () => {
  afterEach(cleanup)

  it('a switch whose code could not be fetched says a part of the page was lost, its code kept beneath', async () => {
    const lost = Object.assign(new Error('Failed to load chunk /_next/static/chunks/switch.js'), { name: 'ChunkLoadError' })
    const alert = await failedSwitch(lost)
    expect(alert.querySelector('p')?.textContent).toBe(plainErrors.page_part_lost)
    expect(alert.getAttribute('data-code')).toBe('unknown')
  })

  it('a wallet that refuses the switch is said to have refused', async () => {
    const refused = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const alert = await failedSwitch(refused)
    expect(alert.getAttribute('data-code')).toBe('switch_chain_rejected')
    expect(alert.querySelector('p')?.textContent).toBe(plainErrors.switch_chain_rejected)
  })

  it('a second pick while the wallet is still asked (a double click) is not sent: one prompt, and its answer is what shows', async () => {
    const asked: Array<{ chainId: number; answer: (error?: Error) => void }> = []
    const connector = stubConnector({
      accounts: [account],
      with: {
        switchChain({ chainId }: { chainId: number }) {
          return new Promise((resolve, reject) => asked.push({ chainId, answer: (error) => (error ? reject(error) : resolve(sepolia)) }))
        },
      },
    })
    const config = createConfig({ chains: [mainnet, sepolia], connectors: [connector], storage: null, transports: { [mainnet.id]: http('http://127.0.0.1:1'), [sepolia.id]: http('http://127.0.0.1:1') } })
    await connect(config, { connector: config.connectors[0]! })
    function Twice() {
      const { pending, error, switchTo } = useChainSwitch(mainnet.id)
      useEffect(() => {
        void switchTo(sepolia.id)
        void switchTo(sepolia.id)
        void switchTo(mainnet.id)
      }, [switchTo])
      return <output data-testid="state">{JSON.stringify({ pending, error })}</output>
    }
    const shown = () => JSON.parse(screen.getByTestId('state').textContent!) as { pending: number | null; error: string | null }
    render(
      <WagmiProvider config={config} reconnectOnMount={false}>
        <Twice />
      </WagmiProvider>,
    )
    await waitFor(() => expect(asked.length).toBe(1))
    expect(asked[0]!.chainId).toBe(sepolia.id)
    await waitFor(() => expect(shown().pending).toBe(sepolia.id))
    asked[0]!.answer()
    await waitFor(() => expect(shown().pending).toBe(null))
    expect(shown().error).toBe(null)
    expect(asked.length).toBe(1)
  })
})
