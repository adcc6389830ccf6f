// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ListedSession } from '@sigil/lib/siwe/client'

/**
 * Ending another browser's session from the list takes its row, and the "Sign out" button the
 * keyboard was on, away: focus lands on the list's heading, not on the page, so a screen reader
 * keeps its place. The API is a stand-in here; tests/e2e runs the real one.
 */
const api = vi.hoisted(() => ({ listSessions: vi.fn(), revokeSession: vi.fn() }))
vi.mock('@sigil/lib/siwe/client', async (original) => ({ ...(await original<typeof import('@sigil/lib/siwe/client')>()), ...api }))

const { SessionsList } = await import('./SessionsList')

const at = new Date().toISOString()
const row = (id: string, current: boolean): ListedSession => ({ id, device: 'Firefox on Linux', place: null, chainId: 1, createdAt: at, lastSeenAt: at, current })

describe('SessionsList', () => {
  afterEach(() => {
    cleanup()
    vi.clearAllMocks()
  })

  it('after signing another browser out, the keyboard is on the list\'s heading, and the note says it', async () => {
    api.listSessions.mockResolvedValue([row('mine', true), row('other', false)])
    api.revokeSession.mockResolvedValue(undefined)
    const view = render(<SessionsList onSignedOut={() => undefined} />)
    await waitFor(() => expect(view.getAllByTestId('session-revoke')).toHaveLength(2))
    const other = view.getAllByTestId('session-revoke')[1]!
    other.focus()
    await act(async () => other.click())
    await waitFor(() => expect(view.getAllByTestId('session-row')).toHaveLength(1))
    expect(view.getByTestId('sessions-note')).toBeTruthy()
    expect(document.activeElement).toBe(view.getByRole('heading', { level: 3 }))
  })

  it('a refused sign-out leaves the row, and the keyboard on its button', async () => {
    api.listSessions.mockResolvedValue([row('mine', true), row('other', false)])
    api.revokeSession.mockRejectedValue(new Error('offline'))
    const view = render(<SessionsList onSignedOut={() => undefined} />)
    await waitFor(() => expect(view.getAllByTestId('session-revoke')).toHaveLength(2))
    const other = view.getAllByTestId('session-revoke')[1]!
    other.focus()
    await act(async () => other.click())
    await waitFor(() => expect(view.getByTestId('sessions-error')).toBeTruthy())
    expect(document.activeElement).toBe(other)
  })
})
