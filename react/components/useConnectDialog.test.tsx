// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { getConnection } from '@wagmi/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WagmiProvider } from 'wagmi'
import { createSigilConfig } from '@/react/wagmi/createSigilConfig'
import type { PublicConfig } from '@sigil/lib/config/public'
import { createFakeProvider, fakeWalletAccount, providerError } from '@/tests/fixtures/connectors/fakeProvider'
import { useConnectDialog } from './useConnectDialog'

/**
 * The headless dialog (issue 43, part 2): another app's dialog, drawn from `useConnectDialog` alone
 * (a plain list of buttons, no Sigil markup), lists the wallet the browser announces and connects
 * it through the real connector (Sigil's injected family over an EIP-6963 provider), the same path
 * Sigil's own dialog takes.
 */
const publicConfig: PublicConfig = { chainIds: [1, 8453], rpcUrls: {}, walletConnectProjectId: '', appOrigins: ['http://localhost:3000'] }

function TheirDialog({ onConnected, onClose }: { onConnected: () => void; onClose: () => void }) {
  const dialog = useConnectDialog({ onConnected, onClose })
  const { view } = dialog.state
  return (
    <section aria-label="Their wallets">
      {view.kind === 'list' && (
        <ul>
          {dialog.options.map((option) => (
            <li key={option.key}>
              <button type="button" onPointerEnter={() => dialog.intent(option)} onClick={() => dialog.select(option)}>
                {option.name}
                {option.installed ? ' (ready)' : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
      {view.kind === 'connecting' && <p role="status">Waiting for {view.option.name}…</p>}
      {view.kind === 'error' && <p role="alert">{view.error.message}</p>}
      <button type="button" onClick={dialog.close}>
        Close
      </button>
    </section>
  )
}

const cleanups: (() => void)[] = []
afterEach(() => {
  cleanup()
  cleanups.splice(0).forEach((undo) => undo())
  localStorage.clear()
})

/** An EIP-6963 wallet, announced at once and on every request (a name of its own per test: the page's wallet watcher outlives a test). */
function announce(provider: ReturnType<typeof createFakeProvider>, name: string) {
  const detail = { info: { uuid: crypto.randomUUID(), name, icon: 'data:image/svg+xml,<svg/>', rdns: `dev.their.${name.toLowerCase().replaceAll(' ', '')}` }, provider }
  const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', send)
  cleanups.push(() => window.removeEventListener('eip6963:requestProvider', send))
  send()
}

describe('a dialog of another app, built on useConnectDialog alone', () => {
  it('lists the announced wallet first, connects it, and reports the connection', async () => {
    announce(createFakeProvider(), 'Their Test Wallet')
    const config = createSigilConfig(publicConfig)
    const onConnected = vi.fn()
    render(
      <WagmiProvider config={config} reconnectOnMount={false}>
        <TheirDialog onConnected={onConnected} onClose={() => undefined} />
      </WagmiProvider>,
    )
    const first = await screen.findByRole('button', { name: 'Their Test Wallet (ready)' })
    expect(screen.getAllByRole('listitem')[0]!.contains(first)).toBe(true)
    fireEvent.click(first)
    await waitFor(() => expect(onConnected).toHaveBeenCalledTimes(1))
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: fakeWalletAccount.address })
  })

  it('shows the wallet’s refusal as the dialog state, and Close undoes nothing it should not', async () => {
    const provider = createFakeProvider({ handlers: { eth_requestAccounts: () => Promise.reject(providerError(4001, 'User rejected the request.')) } })
    announce(provider, 'Their Refusing Wallet')
    const config = createSigilConfig(publicConfig)
    const onClose = vi.fn()
    render(
      <WagmiProvider config={config} reconnectOnMount={false}>
        <TheirDialog onConnected={() => undefined} onClose={onClose} />
      </WagmiProvider>,
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Their Refusing Wallet (ready)' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Connection rejected. Please try again.')
    expect(getConnection(config).status).toBe('disconnected')
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
