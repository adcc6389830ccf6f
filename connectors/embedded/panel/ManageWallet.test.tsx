// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PublicConfig } from '@sigil/lib/config/public'
import type { PendingRecovery } from '@sigil/lib/siwe/client'
import { ManageWallet } from './ManageWallet'

/**
 * "Manage wallet" in an embedded wallet's account view, and the notice of an email recovery under way
 * (`GET /api/auth/recoveries`, asked once signed in). The API is the network edge, answered here by
 * msw; the client that reads it (`listPendingRecoveries`) is the real one. Each answer is held until
 * the test lets it go, so a test can change the signed-in address, or close the view, while one is
 * on its way.
 */

const vaultOrigin = 'https://wallet.example.test'
const publicConfig = { vaultOrigin } as PublicConfig
const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

type Asked = { signal: AbortSignal; answer: (response: Response) => void }
const asked: Asked[] = []

const server = setupServer(
  http.get('/api/auth/recoveries', ({ request }) => new Promise<Response>((answer) => asked.push({ signal: request.signal, answer }))),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  asked.length = 0
})
afterAll(() => server.close())

function recovery(overrides: Partial<PendingRecovery> = {}): PendingRecovery {
  return { startedAt: '2026-11-20T09:30:00.000Z', releaseAt: '2026-11-22T09:30:00.000Z', browser: 'Firefox on Linux', place: 'Lisbon, Portugal', ...overrides }
}

/** The request the view made (the `index`th since the test began), once it has made it. */
async function request(index = 0): Promise<Asked> {
  await waitFor(() => expect(asked.length).toBeGreaterThan(index))
  return asked[index]!
}

describe('ManageWallet', () => {
  it('signed in, shows the newest recovery under way, with Review and Manage wallet opening the vault in the page’s language in a tab of its own', async () => {
    render(<ManageWallet publicConfig={publicConfig} locale="de" signedInAddress={alice} />)
    const manage = screen.getByTestId('account-manage-wallet')
    expect(manage.getAttribute('href')).toBe(`${vaultOrigin}/?lang=de`)
    expect(manage.getAttribute('target')).toBe('_blank')
    expect(manage.getAttribute('rel')).toContain('noopener')

    const newest = recovery({ startedAt: '2026-11-21T18:05:00.000Z', releaseAt: '2026-11-23T18:05:00.000Z', browser: 'Safari on iPhone', place: null })
    ;(await request()).answer(HttpResponse.json({ recoveries: [recovery(), newest] }))
    const notice = await screen.findByTestId('account-recovery-pending')
    expect(notice.getAttribute('role')).toBe('alert')
    expect(notice.getAttribute('data-release-at')).toBe(newest.releaseAt)
    // The newest one's browser (no place known), not the older one's.
    expect(notice.textContent).toContain('from Safari on iPhone.')
    expect(notice.textContent).not.toContain('Lisbon')
    const review = screen.getByTestId('account-recovery-review')
    expect(review.getAttribute('href')).toBe(`${vaultOrigin}/?lang=de`)
    expect(review.getAttribute('rel')).toContain('noopener')
    expect(asked).toHaveLength(1)
  })

  it('says where a recovery started when the server knows the place', async () => {
    render(<ManageWallet publicConfig={publicConfig} locale="en-US" signedInAddress={alice} />)
    ;(await request()).answer(HttpResponse.json({ recoveries: [recovery()] }))
    expect((await screen.findByTestId('account-recovery-pending')).textContent).toContain('from Firefox on Linux, Lisbon, Portugal.')
  })

  it('signed out, asks nothing and shows only Manage wallet', async () => {
    render(<ManageWallet publicConfig={publicConfig} locale="en-US" signedInAddress={undefined} />)
    expect(screen.getByTestId('account-manage-wallet').textContent).toBe('Manage wallet')
    // Long enough for an effect's request to have reached the network edge.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(asked).toHaveLength(0)
    expect(screen.queryByTestId('account-recovery-pending')).toBeNull()
  })

  it.each([
    ['a session that ended (401)', () => HttpResponse.json({ code: 'not_signed_in', message: 'Sign in first.' }, { status: 401 })],
    ['a server error (500)', () => HttpResponse.json({ code: 'internal_error', message: 'Something went wrong.' }, { status: 500 })],
    ['a body that is not JSON', () => new HttpResponse('<html>proxy error</html>', { status: 200, headers: { 'content-type': 'text/html' } })],
    ['a row that is not a recovery', () => HttpResponse.json({ recoveries: [{ startedAt: 'yesterday' }] })],
  ])('with %s, shows no notice and keeps Manage wallet, where the vault says it after the unlock', async (_, answer) => {
    render(<ManageWallet publicConfig={publicConfig} locale="en-US" signedInAddress={alice} />)
    const { answer: reply } = await request()
    reply(answer())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByTestId('account-recovery-pending')).toBeNull()
    expect(screen.getByTestId('account-manage-wallet')).toBeTruthy()
  })

  it('another sign-in while the answer is on its way stops that request, and the next address never shows the last one’s recovery', async () => {
    const { rerender } = render(<ManageWallet publicConfig={publicConfig} locale="en-US" signedInAddress={alice} />)
    const first = await request(0)
    rerender(<ManageWallet publicConfig={publicConfig} locale="en-US" signedInAddress={bob} />)
    const second = await request(1)
    expect(first.signal.aborted).toBe(true)
    expect(second.signal.aborted).toBe(false)
    // Alice's answer arrives late (a server that did not see the abort): nothing of it shows for Bob.
    first.answer(HttpResponse.json({ recoveries: [recovery()] }))
    second.answer(HttpResponse.json({ recoveries: [] }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByTestId('account-recovery-pending')).toBeNull()

    // Signed out: Bob's notice (had there been one) goes with him, and nothing is asked.
    rerender(<ManageWallet publicConfig={publicConfig} locale="en-US" signedInAddress={undefined} />)
    expect(asked).toHaveLength(2)
  })

  it('another sign-in takes the last address’s notice away at once, before the new answer comes', async () => {
    const { rerender } = render(<ManageWallet publicConfig={publicConfig} locale="en-US" signedInAddress={alice} />)
    ;(await request(0)).answer(HttpResponse.json({ recoveries: [recovery()] }))
    await screen.findByTestId('account-recovery-pending')
    rerender(<ManageWallet publicConfig={publicConfig} locale="en-US" signedInAddress={bob} />)
    expect(screen.queryByTestId('account-recovery-pending')).toBeNull()
    const second = await request(1)
    second.answer(HttpResponse.json({ recoveries: [recovery({ browser: 'Chrome on Android', place: null })] }))
    expect((await screen.findByTestId('account-recovery-pending')).textContent).toContain('from Chrome on Android.')
  })

  it('closed while the answer is on its way, stops the request, and its late answer changes nothing', async () => {
    const errors = vi.spyOn(console, 'error')
    const { unmount } = render(<ManageWallet publicConfig={publicConfig} locale="en-US" signedInAddress={alice} />)
    const pending = await request()
    unmount()
    expect(pending.signal.aborted).toBe(true)
    pending.answer(HttpResponse.json({ recoveries: [recovery()] }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(errors).not.toHaveBeenCalled()
  })

  it('renders nothing when the deployment has no vault', () => {
    const { container } = render(<ManageWallet publicConfig={{} as PublicConfig} locale="en-US" signedInAddress={alice} />)
    expect(container.innerHTML).toBe('')
  })
})
