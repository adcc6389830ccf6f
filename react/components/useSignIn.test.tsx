// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { connect, createConfig, injected, type Config } from '@wagmi/core'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { custom, verifyMessage, type Address } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { WagmiProvider } from 'wagmi'
import { base } from '@sigil/lib/chains'
import { createFakeProvider, fakeWalletAccount, providerError, type FakeProvider } from '@/tests/fixtures/connectors/fakeProvider'
import { SigilAccountProvider } from './SigilAccountProvider'
import { useSignIn } from './useSignIn'

/**
 * The headless sign-in (issue "headless hooks, with the dialog built only on them"): another app's
 * sign-in, drawn from `useSignIn` alone (its own words and buttons, no Sigil markup), signs in
 * through the real path — the nonce from the server, the EIP-4361 message, `personal_sign` through a
 * real wagmi connector over an in-memory wallet whose signatures are real, the signature posted to
 * the server — and shows a refused signature and a refusing server in its own way. The network edge
 * (`/api/auth/*`) is a small in-memory server (msw) that checks what a real one checks first: the
 * nonce is one it issued and unused, the message names this page, and the signature is the address's.
 */

function TheirSignIn({ address, onSessionChange }: { address: Address; onSessionChange: (session: { address: Address; chainId: number } | null) => void }) {
  const auth = useSignIn({ address, chainId: base.id, session: undefined, onSessionChange })
  const { state } = auth
  if (state.status === 'signed-in') {
    return (
      <section aria-label="Their sign-in">
        <p role="status">
          Welcome {state.session.address} ({state.chain?.name ?? 'an unknown chain'})
        </p>
        <button type="button" onClick={() => void auth.signOut()}>
          Leave
        </button>
        {state.error && <p role="alert">{state.error.message}</p>}
      </section>
    )
  }
  return (
    <section aria-label="Their sign-in">
      <button type="button" disabled={auth.busy} onClick={() => void auth.signIn()}>
        Prove it
      </button>
      {auth.busy && (
        <>
          <p role="status">Working: {state.status}</p>
          <button type="button" onClick={auth.cancel}>
            Stop
          </button>
        </>
      )}
      {state.status === 'idle' && state.note === 'auth.cancelled' && <p>You said no to the signature.</p>}
      {state.status === 'idle' && state.error && <p role="alert">{state.error.message}</p>}
    </section>
  )
}

/** The sign-in API as the page reaches it: nonces, verify, the session, sign out, the account. */
const api = {
  issued: new Set<string>(),
  session: null as { address: Address; chainId: number } | null,
  verified: [] as { message: string; signature: string; family: unknown }[],
  /** The verify route's next answer, instead of checking (a refusing server). */
  refuseNext: null as { status: number; code: string; message: string } | null,
}
let nonces = 0

const server = setupServer(
  http.get('/api/auth/nonce', () => {
    const nonce = `TheirNonce${String(++nonces).padStart(6, '0')}`
    api.issued.add(nonce)
    return HttpResponse.json({ nonce })
  }),
  http.post('/api/auth/verify', async ({ request }) => {
    const body = (await request.json()) as { message: string; signature: `0x${string}`; family: unknown }
    api.verified.push(body)
    if (api.refuseNext) {
      const { status, code, message } = api.refuseNext
      api.refuseNext = null
      return HttpResponse.json({ code, message }, { status })
    }
    const fields = parseSiweMessage(body.message)
    if (!fields.nonce || !api.issued.delete(fields.nonce)) return HttpResponse.json({ code: 'nonce_invalid' }, { status: 422 })
    if (fields.domain !== window.location.host || fields.uri !== window.location.origin) return HttpResponse.json({ code: 'domain_mismatch' }, { status: 422 })
    if (!fields.address || !(await verifyMessage({ address: fields.address, message: body.message, signature: body.signature }))) {
      return HttpResponse.json({ code: 'invalid_signature' }, { status: 401 })
    }
    api.session = { address: fields.address, chainId: fields.chainId! }
    return HttpResponse.json(api.session)
  }),
  http.get('/api/auth/session', () => {
    if (!api.session) return new HttpResponse(null, { status: 401 })
    const at = new Date().toISOString()
    return HttpResponse.json({ ...api.session, issuedAt: at, expiresAt: at })
  }),
  http.get('/api/auth/account', () => {
    if (!api.session) return new HttpResponse(null, { status: 401 })
    const at = new Date().toISOString()
    return HttpResponse.json({
      account: { id: '00000000-0000-4000-8000-000000000001', createdAt: at },
      wallets: [{ address: api.session.address, family: 'injected', linkedAt: at, current: true }],
      session: { ...api.session, issuedAt: at, expiresAt: at },
    })
  }),
  http.post('/api/auth/logout', () => {
    api.session = null
    return new HttpResponse(null, { status: 204 })
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

let provider: FakeProvider
let config: Config

/** The page's wagmi config with the in-memory wallet connected (an injected connector, as an extension is). */
async function connected(handlers?: Record<string, (params: unknown) => unknown>) {
  provider = createFakeProvider({ chainId: base.id, ...(handlers ? { handlers } : {}) })
  config = createConfig({
    chains: [base],
    connectors: [injected({ target: () => ({ id: 'their-wallet', name: 'Their Wallet', provider: provider as never }) })],
    transports: { [base.id]: custom(provider) },
    storage: null,
  })
  await connect(config, { connector: config.connectors[0]! })
}

function renderTheirs() {
  const onSessionChange = vi.fn()
  render(
    <WagmiProvider config={config} reconnectOnMount={false}>
      <SigilAccountProvider>
        <TheirSignIn address={fakeWalletAccount.address} onSessionChange={onSessionChange} />
      </SigilAccountProvider>
    </WagmiProvider>,
  )
  return { onSessionChange }
}

/** Their view shows the session the server signed in (the address and the chain's name, as their config knows it). */
function signedInShown() {
  return waitFor(() => expect(screen.getByRole('status').textContent).toBe(`Welcome ${fakeWalletAccount.address} (Base)`))
}

beforeEach(() => {
  api.issued.clear()
  api.session = null
  api.verified = []
  api.refuseNext = null
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
})

describe('a sign-in of another app, built on useSignIn alone', () => {
  it('signs in with the wallet’s signature over the server’s nonce, shows the session, and Leave signs out', async () => {
    await connected()
    const { onSessionChange } = renderTheirs()
    fireEvent.click(await screen.findByRole('button', { name: 'Prove it' }))
    await signedInShown()
    // The wallet was asked once, and the server verified the message it signed (this page's, this chain's).
    expect(provider.callsOf('personal_sign')).toHaveLength(1)
    expect(api.verified).toHaveLength(1)
    expect(parseSiweMessage(api.verified[0]!.message)).toMatchObject({ address: fakeWalletAccount.address, chainId: base.id, domain: window.location.host })
    expect(api.verified[0]!.family).toBe('injected')
    expect(api.session).toEqual({ address: fakeWalletAccount.address, chainId: base.id })
    expect(onSessionChange).toHaveBeenLastCalledWith({ address: fakeWalletAccount.address, chainId: base.id })

    fireEvent.click(screen.getByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('button', { name: 'Prove it' })).toBeTruthy()
    expect(api.session).toBeNull()
    expect(onSessionChange).toHaveBeenLastCalledWith(null)
  })

  it('a refused signature: back to the button with its note, nothing sent to the server, no error', async () => {
    await connected({ personal_sign: () => Promise.reject(providerError(4001, 'User rejected the request.')) })
    const { onSessionChange } = renderTheirs()
    fireEvent.click(await screen.findByRole('button', { name: 'Prove it' }))
    expect(await screen.findByText('You said no to the signature.')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect((screen.getByRole('button', { name: 'Prove it' }) as HTMLButtonElement).disabled).toBe(false)
    expect(provider.callsOf('personal_sign')).toHaveLength(1)
    expect(api.verified).toHaveLength(0)
    expect(onSessionChange).not.toHaveBeenCalledWith(expect.objectContaining({ address: fakeWalletAccount.address }))
  })

  it('a refusing server: its error is shown, nobody is signed in, and the next tap signs in', async () => {
    await connected()
    api.refuseNext = { status: 422, code: 'nonce_invalid', message: 'This sign-in request is not valid any more. Please sign in again.' }
    const { onSessionChange } = renderTheirs()
    fireEvent.click(await screen.findByRole('button', { name: 'Prove it' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-in request is not valid any more. Please sign in again.')
    expect(api.session).toBeNull()
    expect(onSessionChange).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Prove it' }))
    await signedInShown()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(provider.callsOf('personal_sign')).toHaveLength(2)
  })

  it('a sign-out the server does not answer keeps the session and says why; the next Leave signs out', async () => {
    await connected()
    api.session = { address: fakeWalletAccount.address, chainId: base.id }
    const { onSessionChange } = renderTheirs()
    await signedInShown()
    server.use(http.post('/api/auth/logout', () => HttpResponse.error()))
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }))
    expect((await screen.findByRole('alert')).textContent).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe(`Welcome ${fakeWalletAccount.address} (Base)`)
    expect(api.session).not.toBeNull()
    expect(onSessionChange).not.toHaveBeenCalledWith(null)

    server.resetHandlers()
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('button', { name: 'Prove it' })).toBeTruthy()
    expect(api.session).toBeNull()
    expect(onSessionChange).toHaveBeenLastCalledWith(null)
  })

  it('a session the server already has is shown as it appears, asking the wallet nothing', async () => {
    await connected()
    api.session = { address: fakeWalletAccount.address, chainId: base.id }
    const { onSessionChange } = renderTheirs()
    await signedInShown()
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(provider.callsOf('personal_sign')).toHaveLength(0)
    expect(api.verified).toHaveLength(0)
    expect(onSessionChange).toHaveBeenCalledWith({ address: fakeWalletAccount.address, chainId: base.id })
  })
})

describe('an attempt under way, as the hook reports it', () => {
  it('shows the wallet step while the signature is awaited; Stop drops it, and the late signature signs nobody in', async () => {
    // The wallet answers only when told to: a real signature, late.
    let answer: () => void = () => undefined
    const signing = async (params: unknown) => {
      await new Promise<void>((resolve) => (answer = resolve))
      return fakeWalletAccount.signMessage({ message: { raw: (params as [`0x${string}`])[0] } })
    }
    await connected({ personal_sign: signing })
    const { onSessionChange } = renderTheirs()
    fireEvent.click(await screen.findByRole('button', { name: 'Prove it' }))
    // The wallet is asked (the nonce may still have been on its way: `preparing` first).
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Working: signing'))
    await waitFor(() => expect(provider.callsOf('personal_sign')).toHaveLength(1))
    expect((screen.getByRole('button', { name: 'Prove it' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    expect(await screen.findByText('You said no to the signature.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Prove it' }) as HTMLButtonElement).disabled).toBe(false)
    await act(async () => {
      answer()
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(screen.queryByRole('status')).toBeNull()
    expect(api.verified).toHaveLength(0)
    expect(api.session).toBeNull()
    expect(onSessionChange).not.toHaveBeenCalled()
  })
})
