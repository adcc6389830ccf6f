// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HandedOffSignIn } from '@sigil/connectors/shared/signInHandOff'
import type { SigilAccount } from '@sigil/lib/siwe/account'
import { storageKeys } from '@sigil/lib/storageNames'

/**
 * Linking a wallet of another family from the panel (docs/sign-in.md#linked-wallets): the wallet the
 * linking dialog connects is a second connection, the session's is made current again, the link
 * message is signed through the new wallet's own connector, and the second connection is ended once
 * linked, or when the user stops; a refused link keeps everything. wagmi's state, the dialog, the
 * wallet and the API are stand-ins here; tests/e2e/linkedWalletFamilies.spec.ts runs the real ones.
 */
const session = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const added = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
type FakeConnector = { uid: string; type: string; sigil?: { key: string } }
const originalConnector: FakeConnector = { uid: 'extension', type: 'injected', sigil: { key: 'metamask' } }
const newConnector: FakeConnector = { uid: 'passkey', type: 'embedded', sigil: { key: 'embedded' } }
type FakeConnection = { connector: FakeConnector; accounts: readonly string[]; chainId: number }

const fake = vi.hoisted(() => ({
  config: {
    state: { status: 'connected' as string, current: null as string | null, connections: new Map<string, FakeConnection>() },
    subscribe: () => () => undefined,
  },
  switchConnection: vi.fn(),
  disconnect: vi.fn(),
  signPersonalMessage: vi.fn(),
  fetchLinkNonce: vi.fn(),
  linkWallet: vi.fn(),
  unlinkWallet: vi.fn(),
  /** What the linking dialog's connection writes to the browser's storage as it connects. */
  onDialogConnect: undefined as (() => void) | undefined,
}))
vi.mock('wagmi', () => ({ useConfig: () => fake.config }))
vi.mock('@wagmi/core', () => ({
  getConnection: (config: typeof fake.config) => ({ connector: config.state.connections.get(config.state.current ?? '')?.connector }),
  switchConnection: fake.switchConnection,
  disconnect: fake.disconnect,
}))
vi.mock('@/react/wagmi/signPersonalMessage', () => ({ signPersonalMessage: fake.signPersonalMessage }))
vi.mock('@sigil/lib/siwe/client', async (original) => ({
  ...(await original<typeof import('@sigil/lib/siwe/client')>()),
  fetchLinkNonce: fake.fetchLinkNonce,
  linkWallet: fake.linkWallet,
  unlinkWallet: fake.unlinkWallet,
}))
// The linking dialog: "connects" the embedded wallet as wagmi does (a new connection, made current).
vi.mock('./runtimeViews', () => ({
  loadConnectDialogInRuntime: async () => ({
    ConnectDialog: ({ linking, onConnected }: { linking?: boolean; onConnected: () => void }) => (
      <button
        type="button"
        data-testid="fake-dialog-connect"
        data-linking={String(linking)}
        onClick={() => {
          fake.config.state.connections.set(newConnector.uid, { connector: newConnector, accounts: [added], chainId: 31337 })
          fake.config.state.current = newConnector.uid
          fake.onDialogConnect?.()
          onConnected()
        }}
      />
    ),
  }),
}))

const { LinkedWallets } = await import('./LinkedWallets')
const { SigilAccountProvider } = await import('./SigilAccountProvider')

function accountWith(addresses: string[]): SigilAccount {
  const at = new Date().toISOString()
  return {
    account: { id: '00000000-0000-4000-8000-000000000001', createdAt: at },
    wallets: addresses.map((address, index) => ({ address: address as `0x${string}`, family: index === 0 ? 'injected' : 'embedded', linkedAt: at, current: index === 0 })),
    session: { address: session, chainId: 31337, issuedAt: at, expiresAt: at },
  }
}

function Panel({ onLinkingChange }: { onLinkingChange: (linking: boolean) => void }) {
  const [linking, setLinking] = useState(false)
  const account = { data: accountWith([session]), isPending: false, error: null } as unknown as Parameters<typeof LinkedWallets>[0]['account']
  return (
    <SigilAccountProvider>
      <LinkedWallets
        address={session}
        chainId={31337}
        account={account}
        linking={linking}
        onLinkingChange={(next) => {
          onLinkingChange(next)
          setLinking(next)
        }}
        onSignedOut={() => undefined}
      />
    </SigilAccountProvider>
  )
}

beforeEach(() => {
  fake.config.state.connections = new Map([[originalConnector.uid, { connector: originalConnector, accounts: [session], chainId: 31337 }]])
  fake.config.state.current = originalConnector.uid
  fake.config.state.status = 'connected'
  fake.switchConnection.mockImplementation(async (config: typeof fake.config, { connector }: { connector: FakeConnector }) => {
    config.state.current = connector.uid
  })
  fake.disconnect.mockImplementation(async (config: typeof fake.config, { connector }: { connector: FakeConnector }) => {
    config.state.connections.delete(connector.uid)
    config.state.current = config.state.connections.keys().next().value ?? null
  })
  fake.fetchLinkNonce.mockResolvedValue({ nonce: 'abcdefgh1234', accountId: '00000000-0000-4000-8000-000000000001' })
  fake.signPersonalMessage.mockResolvedValue('0x1234')
  fake.linkWallet.mockResolvedValue(accountWith([session, added]))
})
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
  fake.onDialogConnect = undefined
  newConnector.sigil = { key: 'embedded' }
  localStorage.clear()
})

async function connectInDialog(view: ReturnType<typeof render>, onLinkingChange: ReturnType<typeof vi.fn>) {
  await act(async () => view.getByTestId('link-start').click())
  expect(onLinkingChange).toHaveBeenLastCalledWith(true)
  const connect = await view.findByTestId('fake-dialog-connect')
  expect(connect.dataset.linking).toBe('true')
  await act(async () => connect.click())
  await waitFor(() => expect(view.getByTestId('link-candidate').textContent).toBe(added))
}

describe('LinkedWallets, a wallet of another family', () => {
  it('links the wallet connected beside the session, signing with its own connector, then ends that connection', async () => {
    const onLinkingChange = vi.fn()
    const view = render(<Panel onLinkingChange={onLinkingChange} />)
    await connectInDialog(view, onLinkingChange)
    expect(view.getByTestId('link-candidate').dataset.family).toBe('embedded')
    // The session's connection is the current one again.
    expect(fake.switchConnection).toHaveBeenCalledWith(fake.config, { connector: originalConnector })
    expect(fake.config.state.current).toBe(originalConnector.uid)

    await act(async () => view.getByTestId('link-sign').click())
    await waitFor(() => expect(view.getByTestId('wallets-note').textContent).toBe(`Linked ${added}.`))
    const [, signed] = fake.signPersonalMessage.mock.calls[0]!
    expect(signed.connector).toBe(newConnector)
    expect(signed.message).toContain(added)
    expect(signed.message).toContain('Link this wallet to Sigil account 00000000-0000-4000-8000-000000000001.')
    expect(fake.linkWallet).toHaveBeenCalledWith({ message: signed.message, signature: '0x1234', family: 'embedded' })
    expect(fake.disconnect).toHaveBeenCalledWith(fake.config, { connector: newConnector })
    expect([...fake.config.state.connections.keys()]).toEqual([originalConnector.uid])
    expect(fake.config.state.current).toBe(originalConnector.uid)
    expect(onLinkingChange).toHaveBeenLastCalledWith(false)
    expect(view.queryByTestId('link-wallet')).toBeNull()
  })

  it('keeps the session, its connection and the candidate when the server refuses, and ends the candidate when the user stops', async () => {
    const { HttpError } = await import('@sigil/lib/errors/HttpError')
    const { authErrors } = await import('@sigil/lib/siwe/catalogue')
    fake.linkWallet.mockRejectedValueOnce(new HttpError(authErrors, 'wallet_linked_elsewhere', { status: 409 }))
    const onLinkingChange = vi.fn()
    const view = render(<Panel onLinkingChange={onLinkingChange} />)
    await connectInDialog(view, onLinkingChange)
    await act(async () => view.getByTestId('link-sign').click())
    await waitFor(() => expect(view.getByTestId('wallets-error').dataset.code).toBe('wallet_linked_elsewhere'))
    expect(view.getByTestId('link-candidate').textContent).toBe(added)
    expect(fake.disconnect).not.toHaveBeenCalled()
    expect(fake.config.state.current).toBe(originalConnector.uid)
    // A fresh nonce is ready for the next try (the refused one was used).
    expect(fake.fetchLinkNonce).toHaveBeenCalledTimes(2)

    await act(async () => view.getByTestId('link-cancel').click())
    await waitFor(() => expect(fake.disconnect).toHaveBeenCalledWith(fake.config, { connector: newConnector }))
    expect([...fake.config.state.connections.keys()]).toEqual([originalConnector.uid])
    expect(onLinkingChange).toHaveBeenLastCalledWith(false)
  })
})

describe('LinkedWallets, the same wallet over its other transport', () => {
  it('linking MetaMask over WalletConnect beside its extension leaves the extension connection\'s stored values as they were, so a reload restores it', async () => {
    // Both connections of MetaMask share its key, so they share the four stored values.
    newConnector.sigil = { key: 'metamask' }
    const keys = storageKeys('metamask')
    localStorage.setItem(keys.activeAccount, session)
    localStorage.setItem(keys.currentChain, '31337')
    fake.onDialogConnect = () => {
      localStorage.setItem(keys.activeAccount, added)
      localStorage.setItem(keys.sessionTopic, 'ab'.repeat(32))
      localStorage.setItem(keys.currentChain, '1')
    }
    // Ending the WalletConnect connection clears the four values, as the connector does.
    fake.disconnect.mockImplementation(async (config: typeof fake.config, { connector }: { connector: FakeConnector }) => {
      for (const name of Object.values(keys)) localStorage.removeItem(name)
      config.state.connections.delete(connector.uid)
      config.state.current = config.state.connections.keys().next().value ?? null
    })
    const onLinkingChange = vi.fn()
    const view = render(<Panel onLinkingChange={onLinkingChange} />)
    await connectInDialog(view, onLinkingChange)
    await act(async () => view.getByTestId('link-sign').click())
    await waitFor(() => expect(view.getByTestId('wallets-note').textContent).toBe(`Linked ${added}.`))
    await waitFor(() => expect(fake.disconnect).toHaveBeenCalledWith(fake.config, { connector: newConnector }))
    expect(localStorage.getItem(keys.activeAccount)).toBe(session)
    expect(localStorage.getItem(keys.currentChain)).toBe('31337')
    expect(localStorage.getItem(keys.sessionTopic)).toBeNull()
  })

  it('a wallet of another key leaves nothing of the session\'s values touched, and nothing put back', async () => {
    const keys = storageKeys('metamask')
    localStorage.setItem(keys.activeAccount, session)
    const onLinkingChange = vi.fn()
    const view = render(<Panel onLinkingChange={onLinkingChange} />)
    await connectInDialog(view, onLinkingChange)
    // The session's wallet moved meanwhile (its own event): that is kept, not rewound.
    localStorage.setItem(keys.activeAccount, added)
    await act(async () => view.getByTestId('link-cancel').click())
    await waitFor(() => expect(fake.disconnect).toHaveBeenCalled())
    expect(localStorage.getItem(keys.activeAccount)).toBe(added)
  })
})

describe('LinkedWallets, the keyboard', () => {
  it('Cancel in the link group puts focus back on "Link a wallet", not on the page', async () => {
    const onLinkingChange = vi.fn()
    const view = render(<Panel onLinkingChange={onLinkingChange} />)
    await connectInDialog(view, onLinkingChange)
    const cancel = view.getByTestId('link-cancel')
    cancel.focus()
    await act(async () => cancel.click())
    await waitFor(() => expect(onLinkingChange).toHaveBeenLastCalledWith(false))
    expect(document.activeElement).toBe(view.getByTestId('link-start'))
  })
})

describe('LinkedWallets, a wallet that signs the link as it connects', () => {
  it('is linked at once (one approval over WalletConnect): no second tap, no second signature, the offer withdrawn with the dialog', async () => {
    const { linkWhileConnecting, registerSignInSource } = await import('@sigil/connectors/shared/signInHandOff')
    let waiting: HandedOffSignIn | undefined
    const unregister = registerSignInSource((purpose) => {
      if (waiting?.purpose !== purpose) return undefined
      const taken = waiting
      waiting = undefined
      return taken
    })
    const onLinkingChange = vi.fn()
    const view = render(<Panel onLinkingChange={onLinkingChange} />)
    expect(linkWhileConnecting()).toBeUndefined()
    await act(async () => view.getByTestId('link-start').click())
    // What a family that can sign while connecting sends with its pairing: a link nonce, the statement naming the account.
    await expect(linkWhileConnecting()?.()).resolves.toEqual({ nonce: 'abcdefgh1234', statement: 'Link this wallet to Sigil account 00000000-0000-4000-8000-000000000001.' })
    waiting = { message: 'the link message signed in one tap', signature: '0xabcd', address: added, chainId: 31337, purpose: 'link' }
    await act(async () => (await view.findByTestId('fake-dialog-connect')).click())
    await waitFor(() => expect(view.getByTestId('wallets-note').textContent).toBe(`Linked ${added}.`))
    expect(fake.signPersonalMessage).not.toHaveBeenCalled()
    expect(fake.fetchLinkNonce).toHaveBeenCalledTimes(1)
    expect(fake.linkWallet).toHaveBeenCalledWith({ message: 'the link message signed in one tap', signature: '0xabcd', family: 'embedded' })
    expect(fake.disconnect).toHaveBeenCalledWith(fake.config, { connector: newConnector })
    expect(fake.config.state.current).toBe(originalConnector.uid)
    expect(onLinkingChange).toHaveBeenLastCalledWith(false)
    expect(linkWhileConnecting()).toBeUndefined()
    unregister()
  })

  it('withdraws the offer when the dialog closes without a wallet', async () => {
    const { linkWhileConnecting } = await import('@sigil/connectors/shared/signInHandOff')
    const view = render(<Panel onLinkingChange={vi.fn()} />)
    await act(async () => view.getByTestId('link-start').click())
    expect(linkWhileConnecting()).toBeDefined()
    view.unmount()
    expect(linkWhileConnecting()).toBeUndefined()
  })
})

describe('LinkedWallets, a link the page did not finish', () => {
  it('ends a wallet left connected beside the session (restored by a reload while linking), and keeps the session’s connection current', async () => {
    const stray: FakeConnector = { uid: 'coinbase', type: 'coinbaseSmartWallet' }
    fake.config.state.connections.set(stray.uid, { connector: stray, accounts: [added], chainId: 84532 })
    render(<Panel onLinkingChange={vi.fn()} />)
    await waitFor(() => expect(fake.disconnect).toHaveBeenCalledWith(fake.config, { connector: stray }))
    expect(fake.disconnect).toHaveBeenCalledTimes(1)
    expect([...fake.config.state.connections.keys()]).toEqual([originalConnector.uid])
    expect(fake.config.state.current).toBe(originalConnector.uid)
  })
})
