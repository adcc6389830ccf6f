// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createConfig, http, type Connector } from '@wagmi/core'
import { mainnet } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WagmiProvider } from 'wagmi'
import { WalletRejectedProposalError } from '@/connectors/walletConnect/pairingErrors'
import { createPairingState, type PairingState } from '@/connectors/walletConnect/pairingState'
import { ConnectionRejectedError } from '@sigil/lib/errors/wallet'
import { en } from '@sigil/lib/i18n/en'
import { plainErrors } from '@sigil/lib/i18n/plainErrors'
import type { WalletOption } from '@sigil/react/wagmi/walletOptions'
import { WalletConnectPanel } from './WalletConnectPanel'
import { stubConnector } from '@/tests/fixtures/connectors/stubConnector'

/**
 * The QR view against a scripted connector: the pairing state and the outcome of each `connect` are
 * set by the test (the real client and SDK against a relay are in walletConnect.relay.test.ts and
 * the e2e spec; these are the view's own decisions: when to restart, what to show).
 */
const URI = `wc:${'c3'.repeat(32)}@2?relay-protocol=irn&symKey=${'9e'.repeat(32)}`

type Outcome = () => Promise<never>

function scripted(options: { pairing: PairingState; outcomes: Outcome[]; deepLinkPreference?: 'native' | 'universal'; onDisconnect?: () => void }) {
  const calls = { connect: 0 }
  const loaded = { pairing: options.pairing }
  const connectorFn = stubConnector({
    id: 'walletConnect.rainbow',
    name: 'Rainbow',
    type: 'walletConnect',
    accounts: [],
    authorized: false,
    with: {
      sigil: { key: 'rainbow', deepLinkPreference: options.deepLinkPreference ?? 'native' },
      sigilFamily: { loaded, load: async () => loaded, preload: () => undefined, listing: undefined, warmUpWithDialog: true },
      async disconnect() {
        options.onDisconnect?.()
      },
      async connect() {
        const outcome = options.outcomes[calls.connect++]
        // Unscripted attempts stay pending, as a pairing waiting for a wallet does.
        return outcome ? outcome() : new Promise<never>(() => undefined)
      },
    },
  })
  const config = createConfig({ chains: [mainnet], transports: { [mainnet.id]: http('http://127.0.0.1:9') }, storage: null, connectors: [connectorFn] })
  const connector = config.connectors[0] as Connector
  const option: WalletOption = { key: 'rainbow', name: 'Rainbow', icon: '', installed: false, connector, panel: 'walletconnect' }
  return { config, option, calls }
}

function renderPanel(setup: ReturnType<typeof scripted>, isMobile = false) {
  const onConnected = vi.fn()
  render(
    <WagmiProvider config={setup.config} reconnectOnMount={false}>
      <QueryClientProvider client={new QueryClient()}>
        <WalletConnectPanel option={setup.option} isMobile={isMobile} onConnected={onConnected} onBack={() => undefined} />
      </QueryClientProvider>
    </WagmiProvider>,
  )
  return { onConnected }
}

const walletRejects: Outcome = async () => {
  throw new ConnectionRejectedError({ cause: new WalletRejectedProposalError(), details: 'the wallet rejected the proposal' })
}
/** What a failed chunk load or relay refusal becomes after `mapProviderError`: the same class, no wallet mark. */
const relayRefuses: Outcome = async () => {
  throw new ConnectionRejectedError({ cause: new Error('WebSocket closed: 3000 Unauthorized'), details: 'connect: no error code' })
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('WalletConnectPanel', () => {
  it('after a wallet’s rejection shows the coded error and "Try again", and no live QR code beside it; "Try again" shows a fresh one', async () => {
    const pairing = createPairingState()
    const setup = scripted({ pairing, outcomes: [walletRejects] })
    renderPanel(setup)
    act(() => pairing.set({ status: 'pairing', uri: URI, attempt: 1 }))
    expect(screen.getByTestId('wc-qr')).toBeTruthy()
    await settle()
    await settle()
    // No restart behind the user's back: the error waits for them.
    expect(setup.calls.connect).toBe(1)
    const error = screen.getByTestId('connect-error')
    expect(error.querySelector('p')?.textContent).toBe(plainErrors.connection_rejected)
    expect(screen.getByTestId('connect-error-detail').textContent).toBe(`${en.errors.connection_rejected} connection_rejected`)
    expect(error.getAttribute('data-code')).toBe('connection_rejected')
    expect(screen.getByTestId('connect-retry').textContent).toBe('Try again')
    expect(screen.queryByTestId('wc-qr')).toBeNull()
    expect(screen.queryByTestId('wc-status')).toBeNull()
    expect(document.querySelector('.spinner')).toBeNull()
    fireEvent.click(screen.getByTestId('connect-retry'))
    const fresh = URI.replace('c3'.repeat(32), 'd4'.repeat(32))
    act(() => pairing.set({ status: 'pairing', uri: fresh, attempt: 1 }))
    await settle()
    expect(setup.calls.connect).toBe(2)
    expect(screen.queryByTestId('connect-error')).toBeNull()
    expect(screen.getByTestId('wc-qr').getAttribute('data-uri')).toBe(fresh)
  })

  it('any other failure (relay refusal, chunk load) shows the error and "Try again" without restarting', async () => {
    const setup = scripted({ pairing: createPairingState(), outcomes: [relayRefuses, relayRefuses] })
    renderPanel(setup)
    await settle()
    await settle()
    expect(setup.calls.connect).toBe(1)
    expect(screen.getByTestId('connect-error').getAttribute('data-code')).toBe('connection_rejected')
    expect(screen.getByTestId('connect-retry')).toBeTruthy()
  })

  it('after every automatic attempt expired, shows only "Try again", which starts a new run', async () => {
    const pairing = createPairingState(10)
    const setup = scripted({ pairing, outcomes: [] })
    renderPanel(setup)
    await settle()
    act(() => pairing.set({ status: 'exhausted', uri: undefined, attempt: 10 }))
    expect(screen.queryByTestId('wc-qr')).toBeNull()
    expect(screen.queryByTestId('connect-retry')).toBeNull()
    const tryAgain = screen.getByTestId('wc-try-again')
    expect(tryAgain.textContent).toBe('Try again')
    fireEvent.click(tryAgain)
    await settle()
    expect(setup.calls.connect).toBe(2)
  })

  it('on a phone with no URI yet at the tap: a spinner, then an "Open" link with the connector’s preference and no QR code (it would be of this very phone)', async () => {
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href)
    })
    const pairing = createPairingState()
    const setup = scripted({ pairing, outcomes: [], deepLinkPreference: 'universal' })
    renderPanel(setup, true)
    await settle()
    expect(screen.getByTestId('wc-status').textContent).toMatch(/^Preparing the link to .+…$/)
    expect(screen.queryByTestId('wc-open-app')).toBeNull()
    act(() => pairing.set({ status: 'pairing', uri: URI, attempt: 1 }))
    await waitFor(() => expect(screen.getByTestId('wc-open-app')).toBeTruthy())
    expect(screen.queryByTestId('wc-qr')).toBeNull()
    fireEvent.click(screen.getByTestId('wc-open-app'))
    expect(clicked).toEqual([`https://rnbwapp.com/wc?uri=${encodeURIComponent(URI)}`])
  })

  it('a view left without a connection undoes its pairing before the next input: the next view never shows the pairing left behind', async () => {
    // The shared pairing, as the client keeps it: `disconnect` of a view that never connected drops
    // the proposal and empties the URI (client.abandon()).
    const pairing = createPairingState()
    const setup = scripted({ pairing, outcomes: [], onDisconnect: () => pairing.set({ status: 'idle', uri: undefined }) })
    const seen: (string | null)[] = []
    let show!: (view: 'panel' | 'list') => void
    function Dialog() {
      const [view, setView] = useState<'panel' | 'list'>('panel')
      show = setView
      return view === 'panel' ? (
        <WalletConnectPanel option={setup.option} isMobile={false} onConnected={() => undefined} onBack={() => undefined} />
      ) : null
    }
    render(
      <WagmiProvider config={setup.config} reconnectOnMount={false}>
        <QueryClientProvider client={new QueryClient()}>
          <Dialog />
        </QueryClientProvider>
      </WagmiProvider>,
    )
    act(() => pairing.set({ status: 'pairing', uri: URI, attempt: 1 }))
    expect(screen.getByTestId('wc-qr').getAttribute('data-uri')).toBe(URI)
    // "Back", then another WalletConnect row at the first input after it: an input event is a new
    // task, so whatever the Back left for microtasks has run by then, and nothing later may be relied on
    // (Chromium runs input before timers: under load a click came before a zero-delay timer).
    await act(async () => show('list'))
    act(() => show('panel'))
    seen.push(screen.queryByTestId('wc-qr')?.getAttribute('data-uri') ?? null)
    await settle()
    expect(seen).toEqual([null])
    expect(screen.getByTestId('wc-status').textContent).toBe('Preparing the QR code…')
  })
})
