// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WagmiProvider } from 'wagmi'
import { createSigilConfig } from '@/react/wagmi/createSigilConfig'
import type { PublicConfig } from '@sigil/lib/config/public'
import type { AuthErrorCode } from '@sigil/lib/siwe/catalogue'
import { SigilAccountProvider } from './SigilAccountProvider'
import { useLinkedWallets } from './useLinkedWallets'

/**
 * The headless linked wallets: another app's list, drawn from `useLinkedWallets` alone (no Sigil
 * markup, no account passed in: the hook reads it), shows the account's wallets as the server sends
 * them and unlinks one. The server is a stand-in at the network edge (`fetch`): the auth client,
 * the account query and its cache are the real ones.
 */
const publicConfig: PublicConfig = { chainIds: [1, 8453], rpcUrls: {}, walletConnectProjectId: '', appOrigins: ['http://localhost:3000'] }
const session = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const third = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

function TheirWallets({ onSignedOut }: { onSignedOut: () => void }) {
  const wallets = useLinkedWallets({ address: session, chainId: 1, onSignedOut })
  const { listing, busy, note, failure } = wallets
  return (
    <section aria-label="Their wallets">
      {listing.kind === 'loading' && <p role="status">Reading your wallets…</p>}
      {listing.kind === 'failed' && <p role="alert">Could not read them: {listing.error.code}</p>}
      {listing.kind !== 'loading' && (
        <ul>
          {listing.wallets.map((wallet) => (
            <li key={wallet.address}>
              <span>{`${wallet.address} (${wallet.family ?? 'unknown'})`}</span>
              <button type="button" disabled={busy !== null} onClick={() => void wallets.unlink(wallet)}>
                Remove {wallet.address}
              </button>
            </li>
          ))}
        </ul>
      )}
      {note?.kind === 'unlinked' && <p role="status">Removed {note.address}</p>}
      {failure && (
        <p role="alert">
          {failure.code}: {failure.message}
        </p>
      )}
    </section>
  )
}

/** The server's side: the account's wallets, and what the next unlink answers when it refuses. */
const server = {
  wallets: [] as string[],
  accountAnswer: null as { status: number; code: AuthErrorCode } | null,
  unlinkRefusal: null as { status: number; code: AuthErrorCode } | null,
  calls: [] as string[],
}

function accountBody() {
  const at = new Date().toISOString()
  return {
    account: { id: '00000000-0000-4000-8000-000000000001', createdAt: at },
    wallets: server.wallets.map((address) => ({ address, family: address === session ? 'injected' : 'embedded', linkedAt: at, current: address === session })),
    session: { address: session, chainId: 1, issuedAt: at, expiresAt: at },
  }
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = String(input)
  server.calls.push(`${init?.method ?? 'GET'} ${path}`)
  if (path === '/api/auth/account') {
    const answer = server.accountAnswer
    return answer ? json({ code: answer.code }, answer.status) : json(accountBody())
  }
  if (path === '/api/auth/unlink' && init?.method === 'POST') {
    const { address } = JSON.parse(String(init.body)) as { address: string }
    const refusal = server.unlinkRefusal
    if (refusal) return json({ code: refusal.code }, refusal.status)
    server.wallets = server.wallets.filter((wallet) => wallet !== address)
    return address === session ? json({ signedOut: true }) : json(accountBody())
  }
  return json({ code: 'internal_error' }, 404)
}

beforeEach(() => {
  server.wallets = [session, other, third]
  server.accountAnswer = null
  server.unlinkRefusal = null
  server.calls = []
  vi.stubGlobal('fetch', vi.fn(fakeFetch))
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderTheirs(onSignedOut = vi.fn()) {
  const config = createSigilConfig(publicConfig)
  render(
    <WagmiProvider config={config} reconnectOnMount={false}>
      <SigilAccountProvider>
        <TheirWallets onSignedOut={onSignedOut} />
      </SigilAccountProvider>
    </WagmiProvider>,
  )
  return onSignedOut
}

const rows = () => screen.getAllByRole('listitem').map((row) => row.querySelector('span')?.textContent)

describe('linked wallets of another app, built on useLinkedWallets alone', () => {
  it('lists the account’s wallets read from the server, and unlinks one: its row goes and the note names it', async () => {
    renderTheirs()
    expect(screen.getByRole('status').textContent).toBe('Reading your wallets…')
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3))
    expect(rows()).toEqual([`${session} (injected)`, `${other} (embedded)`, `${third} (embedded)`])

    fireEvent.click(screen.getByRole('button', { name: `Remove ${other}` }))
    // Busy meanwhile: no second unlink starts.
    expect(screen.getByRole('button', { name: `Remove ${third}` }).hasAttribute('disabled')).toBe(true)
    expect((await screen.findByRole('status')).textContent).toBe(`Removed ${other}`)
    expect(rows()).toEqual([`${session} (injected)`, `${third} (embedded)`])
    expect(screen.getByRole('button', { name: `Remove ${third}` }).hasAttribute('disabled')).toBe(false)
    expect(server.calls.filter((call) => call.startsWith('POST'))).toEqual(['POST /api/auth/unlink'])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the server’s refusal in the catalogue’s words and keeps the wallet listed', async () => {
    server.unlinkRefusal = { status: 409, code: 'last_wallet' }
    renderTheirs()
    fireEvent.click(await screen.findByRole('button', { name: `Remove ${other}` }))
    expect((await screen.findByRole('alert')).textContent).toBe('last_wallet: This is the only wallet of your account; it cannot be unlinked.')
    expect(rows()).toEqual([`${session} (injected)`, `${other} (embedded)`, `${third} (embedded)`])
    expect(screen.queryByText(/Removed/)).toBeNull()
  })

  it('reads the list again when the wallet was unlinked elsewhere meanwhile', async () => {
    renderTheirs()
    const button = await screen.findByRole('button', { name: `Remove ${other}` })
    // Another tab unlinked it after this list was read.
    server.wallets = [session, third]
    server.unlinkRefusal = { status: 404, code: 'unknown_wallet' }
    fireEvent.click(button)
    expect((await screen.findByRole('alert')).textContent).toBe('unknown_wallet: That wallet is not linked to your account.')
    await waitFor(() => expect(rows()).toEqual([`${session} (injected)`, `${third} (embedded)`]))
  })

  it('reports the session ended when the wallet it signed in with is unlinked', async () => {
    const onSignedOut = renderTheirs()
    fireEvent.click(await screen.findByRole('button', { name: `Remove ${session}` }))
    await waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows why the wallets could not be read', async () => {
    server.accountAnswer = { status: 500, code: 'internal_error' }
    renderTheirs()
    expect((await screen.findByRole('alert')).textContent).toBe('Could not read them: internal_error')
    expect(within(screen.getByRole('region', { name: 'Their wallets' })).queryAllByRole('listitem')).toHaveLength(0)
  })
})
