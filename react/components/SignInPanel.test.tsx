// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { registerSignInSource, type HandedOffSignIn } from '@sigil/connectors/shared/signInHandOff'

/**
 * The sign-in panel's side of one-tap sign-in over WalletConnect (docs/sign-in.md#one-tap-sign-in-over-walletconnect):
 * a sign-in the wallet signed while connecting is verified as the panel appears, with no signature
 * asked; without one, the panel waits for the tap as before. The API and the wallet are stubs here;
 * the relay test (connectors/walletConnect/oneTapSignIn.relay.test.ts) runs the real ones.
 */
const api = vi.hoisted(() => ({
  verifySignIn: vi.fn(),
  fetchNonce: vi.fn(),
  fetchSession: vi.fn(),
  signOut: vi.fn(),
  listSessions: vi.fn(),
  fetchAccount: vi.fn(),
  signPersonalMessage: vi.fn(),
}))
// The page's wagmi config as the panels read it: one connection, restored (the linked-wallets panel reads its state).
const config = vi.hoisted(() => ({ state: { status: 'connected', current: null, connections: new Map() } }))
vi.mock('wagmi', () => ({ useConfig: () => config, useChains: () => [{ id: 31337, name: 'Anvil' }] }))
// The connection the panel reads its family from: a WalletConnect wallet, as one-tap sign-in has.
vi.mock('@wagmi/core', () => ({ getConnection: () => ({ connector: { type: 'walletConnect' } }) }))
vi.mock('@/react/wagmi/signPersonalMessage', () => ({ signPersonalMessage: api.signPersonalMessage }))
vi.mock('@sigil/lib/siwe/client', async (original) => ({
  ...(await original<typeof import('@sigil/lib/siwe/client')>()),
  verifySignIn: api.verifySignIn,
  fetchNonce: api.fetchNonce,
  fetchSession: api.fetchSession,
  signOut: api.signOut,
  listSessions: api.listSessions,
  fetchAccount: api.fetchAccount,
}))

const { SignInPanel: Panel } = await import('./SignInPanel')
const { SigilAccountProvider } = await import('./SigilAccountProvider')

/** The panel as the connected view mounts it: under the account's query cache. */
function SignInPanel(props: Parameters<typeof Panel>[0]) {
  return (
    <SigilAccountProvider>
      <Panel {...props} />
    </SigilAccountProvider>
  )
}

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const handed: HandedOffSignIn = { message: 'the signed one-tap message', signature: '0xabcdef', address, chainId: 31337, purpose: 'sign-in' }
let waiting: HandedOffSignIn | undefined
let unregister: () => void = () => undefined

beforeEach(() => {
  api.verifySignIn.mockResolvedValue({ address, chainId: 31337 })
  api.fetchNonce.mockResolvedValue('abcdefgh1234')
  api.fetchSession.mockResolvedValue(null)
  api.signOut.mockResolvedValue(undefined)
  api.listSessions.mockResolvedValue([])
  const at = new Date().toISOString()
  api.fetchAccount.mockResolvedValue({
    account: { id: '00000000-0000-4000-8000-000000000001', createdAt: at },
    wallets: [{ address, family: 'walletconnect', linkedAt: at, current: true }],
    session: { address, chainId: 31337, issuedAt: at, expiresAt: at },
  })
  waiting = undefined
  unregister = registerSignInSource(() => {
    const taken = waiting
    waiting = undefined
    return taken
  })
})
afterEach(() => {
  cleanup()
  unregister()
  vi.clearAllMocks()
})

describe('SignInPanel, one-tap sign-in', () => {
  it('verifies the sign-in the wallet signed while connecting, as it appears, once (StrictMode too), asking the wallet nothing', async () => {
    waiting = handed
    const onSessionChange = vi.fn()
    const view = render(
      <StrictMode>
        <SignInPanel address={address} chainId={31337} session={undefined} onSessionChange={onSessionChange} />
      </StrictMode>,
    )
    await waitFor(() => expect(view.getByTestId('auth-status').dataset.state).toBe('signed-in'))
    expect(api.verifySignIn).toHaveBeenCalledTimes(1)
    expect(api.verifySignIn).toHaveBeenCalledWith({ message: handed.message, signature: handed.signature, family: 'walletconnect' })
    expect(api.signPersonalMessage).not.toHaveBeenCalled()
    expect(onSessionChange).toHaveBeenLastCalledWith({ address, chainId: 31337 })
    expect(view.getByTestId('auth-address').textContent).toBe(address)
  })

  it('waits for the tap as before when nothing was handed over, or when it was signed for another account', async () => {
    waiting = { ...handed, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }
    const view = render(<SignInPanel address={address} chainId={31337} session={undefined} onSessionChange={vi.fn()} />)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(view.getByTestId('auth-status').dataset.state).toBe('idle')
    expect(api.verifySignIn).not.toHaveBeenCalled()
    expect(waiting).toBeUndefined()
  })

  it('a refused one-tap sign-in leaves the panel idle with the server’s error, and the button signs in the usual way', async () => {
    waiting = handed
    const { HttpError } = await import('@sigil/lib/errors/HttpError')
    const { authErrors } = await import('@sigil/lib/siwe/catalogue')
    api.verifySignIn.mockRejectedValueOnce(new HttpError(authErrors, 'nonce_invalid', { status: 422 }))
    api.signPersonalMessage.mockResolvedValue('0x1234')
    const view = render(<SignInPanel address={address} chainId={31337} session={undefined} onSessionChange={vi.fn()} />)
    await waitFor(() => expect(view.getByTestId('auth-error')).toBeTruthy())
    expect(view.getByTestId('auth-status').dataset.state).toBe('idle')
    await act(async () => view.getByTestId('sign-in-button').click())
    await waitFor(() => expect(view.getByTestId('auth-status').dataset.state).toBe('signed-in'))
    expect(api.signPersonalMessage).toHaveBeenCalledTimes(1)
    expect(api.verifySignIn).toHaveBeenCalledTimes(2)
  })
})

/**
 * A session belongs to the account (docs/sign-in.md#linked-wallets): a page loaded while connected
 * with a linked wallet that did not sign the session keeps it, whether the server rendered the
 * account's wallets or the panel has to ask.
 */
describe('SignInPanel, a reload connected with a linked wallet', () => {
  const signer = address
  const linked = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const stranger = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  function accountOf(wallets: string[]) {
    const at = new Date().toISOString()
    return {
      account: { id: '00000000-0000-4000-8000-000000000001', createdAt: at },
      wallets: wallets.map((wallet, index) => ({ address: wallet, family: 'injected', linkedAt: at, current: index === 0 })),
      session: { address: signer, chainId: 31337, issuedAt: at, expiresAt: at },
    }
  }

  it('stays signed in when the server rendered the account with the connected wallet linked', async () => {
    api.fetchAccount.mockResolvedValue(accountOf([signer, linked]))
    const onSessionChange = vi.fn()
    const view = render(
      <StrictMode>
        <SignInPanel address={linked} chainId={31337} session={{ address: signer, chainId: 31337, wallets: [signer, linked] }} onSessionChange={onSessionChange} />
      </StrictMode>,
    )
    expect(view.getByTestId('auth-status').dataset.state).toBe('signed-in')
    await waitFor(() => expect(api.fetchAccount).toHaveBeenCalled())
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(view.getByTestId('auth-status').dataset.state).toBe('signed-in')
    expect(view.getByTestId('auth-address').textContent).toBe(signer)
    expect(api.signOut).not.toHaveBeenCalled()
    expect(onSessionChange).not.toHaveBeenCalledWith(null)
  })

  it('asks the server when the render did not know, and keeps the session for a linked wallet', async () => {
    const at = new Date().toISOString()
    api.fetchSession.mockResolvedValue({ address: signer, chainId: 31337, issuedAt: at, expiresAt: at })
    api.fetchAccount.mockResolvedValue(accountOf([signer, linked]))
    const onSessionChange = vi.fn()
    const view = render(<SignInPanel address={linked} chainId={31337} session={undefined} onSessionChange={onSessionChange} />)
    await waitFor(() => expect(view.getByTestId('auth-status').dataset.state).toBe('signed-in'))
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(view.getByTestId('auth-status').dataset.state).toBe('signed-in')
    expect(api.signOut).not.toHaveBeenCalled()
    expect(onSessionChange).toHaveBeenLastCalledWith({ address: signer, chainId: 31337 })
  })

  it('still ends the session for a wallet the account does not have', async () => {
    api.fetchAccount.mockResolvedValue(accountOf([signer, linked]))
    const onSessionChange = vi.fn()
    const view = render(
      <SignInPanel address={stranger} chainId={31337} session={{ address: signer, chainId: 31337, wallets: [signer, linked] }} onSessionChange={onSessionChange} />,
    )
    expect(view.getByTestId('auth-status').dataset.state).toBe('idle')
    await waitFor(() => expect(api.signOut).toHaveBeenCalledTimes(1))
    expect(onSessionChange).toHaveBeenCalledWith(null)
  })
})
