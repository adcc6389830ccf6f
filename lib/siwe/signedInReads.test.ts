import { describe, expect, it } from 'vitest'
import { fetchAccount, listPendingRecoveries, listSessions, revokeSession, signOut } from './client'

/**
 * The page ending its own session while its signed-in reads are on their way (signedInReads.ts),
 * through the client's own functions. The fetch here stands for the browser's: it answers as the
 * API does, records what reached the "server" and when, and honours the abort signal as `fetch`
 * does (a stopped request rejects with an AbortError and is never answered).
 */

type Held = { path: string; answer: (response: Response) => void }

function browser() {
  const events: string[] = []
  const held: Held[] = []
  let logout: (request: { path: string }) => Response | Promise<Response> = () => new Response(null, { status: 204 })
  const fetchFunction = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.localhost')
    const path = url.pathname + url.search
    const method = init?.method ?? 'GET'
    events.push(`${method} ${path}`)
    if (method === 'POST') return logout({ path })
    return new Promise<Response>((resolve, reject) => {
      const signal = init?.signal
      const abort = () => {
        events.push(`stopped ${path}`)
        reject(new DOMException('The operation was aborted.', 'AbortError'))
      }
      if (signal?.aborted) return abort()
      signal?.addEventListener('abort', abort, { once: true })
      held.push({ path, answer: resolve })
    })
  }) as typeof fetch
  return {
    events,
    held,
    options: { fetch: fetchFunction },
    onLogout(answer: typeof logout) {
      logout = answer
    },
  }
}

const sessionRow = { id: 's1', device: 'Chrome on Linux', place: null, chainId: 1, createdAt: '2030-01-01T00:00:00.000Z', lastSeenAt: '2030-01-01T00:00:00.000Z', current: true }
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the page ending its own session', () => {
  it.each([
    ['the sessions list', (options: { fetch: typeof fetch }) => listSessions(options), '/api/auth/sessions'],
    ['the account', (options: { fetch: typeof fetch }) => fetchAccount(options), '/api/auth/account'],
    ['the pending recoveries', (options: { fetch: typeof fetch }) => listPendingRecoveries(options), '/api/auth/recoveries'],
  ])('stops %s on its way before the server is told, and answers it as signed out', async (_name, read, path) => {
    const page = browser()
    const reading = read(page.options)
    await settle()
    expect(page.held.map((entry) => entry.path)).toEqual([path])
    await expect(signOut(page.options)).resolves.toBeUndefined()
    await expect(reading).resolves.toBeNull()
    expect(page.events).toEqual([`GET ${path}`, `stopped ${path}`, 'POST /api/auth/logout'])
  })

  it('answers a read asked while the sign-out is on its way as signed out, without asking', async () => {
    const page = browser()
    let confirm!: (response: Response) => void
    page.onLogout(() => new Promise((resolve) => (confirm = resolve)))
    const ending = signOut({ ...page.options, everywhere: true })
    await settle()
    const reading = listSessions(page.options)
    await settle()
    expect(page.events).toEqual(['POST /api/auth/logout?everywhere=1'])
    confirm(Response.json({ revoked: 3 }))
    await expect(ending).resolves.toBe(3)
    await expect(reading).resolves.toBeNull()
    expect(page.events).toEqual(['POST /api/auth/logout?everywhere=1'])
  })

  it('asks again when the sign-out fails: the session lives, and so does its list', async () => {
    const page = browser()
    page.onLogout(() => Response.json({ code: 'rate_limited', message: 'Too many requests. Try again in a minute.' }, { status: 429 }))
    const reading = listSessions(page.options)
    await settle()
    await expect(signOut(page.options)).rejects.toMatchObject({ status: 429, code: 'rate_limited' })
    await settle()
    expect(page.events).toEqual(['GET /api/auth/sessions', 'stopped /api/auth/sessions', 'POST /api/auth/logout', 'GET /api/auth/sessions'])
    page.held.at(-1)!.answer(Response.json({ sessions: [sessionRow] }))
    await expect(reading).resolves.toEqual([sessionRow])
  })

  it('asks again when the server cannot be reached to sign out', async () => {
    const page = browser()
    page.onLogout(() => Promise.reject(new TypeError('Failed to fetch')))
    const reading = fetchAccount(page.options)
    await settle()
    await expect(signOut(page.options)).rejects.toMatchObject({ status: 0, code: 'network_error' })
    await settle()
    expect(page.held).toHaveLength(2)
    page.held[1]!.answer(new Response(null, { status: 401 }))
    await expect(reading).resolves.toBeNull()
  })

  it("still lets the caller stop its own read: that rejects, as an aborted request does", async () => {
    const page = browser()
    const stop = new AbortController()
    const reading = listSessions({ ...page.options, signal: stop.signal })
    await settle()
    stop.abort()
    await expect(reading).rejects.toMatchObject({ code: 'network_error' })
    const already = listSessions({ ...page.options, signal: stop.signal })
    await expect(already).rejects.toMatchObject({ code: 'network_error' })
    expect(page.events).toEqual(['GET /api/auth/sessions', 'stopped /api/auth/sessions', 'GET /api/auth/sessions', 'stopped /api/auth/sessions'])
  })

  it('ending another browser’s session stops nothing; ending this one’s own row does', async () => {
    const page = browser()
    const reading = listSessions(page.options)
    await settle()
    await revokeSession('other', page.options)
    expect(page.events).toEqual(['GET /api/auth/sessions', 'POST /api/auth/sessions/revoke'])
    await revokeSession('mine', { ...page.options, current: true })
    await expect(reading).resolves.toBeNull()
    expect(page.events.slice(2)).toEqual(['stopped /api/auth/sessions', 'POST /api/auth/sessions/revoke'])
  })

  it('another cookie jar is not touched: its reads go on while this one signs out', async () => {
    const page = browser()
    const other = browser()
    const mine = listSessions(page.options)
    const theirs = listSessions(other.options)
    const atOrigin = listSessions({ ...page.options, baseUrl: 'http://other.localhost' })
    await settle()
    await signOut(page.options)
    await expect(mine).resolves.toBeNull()
    expect(other.events).toEqual(['GET /api/auth/sessions'])
    other.held[0]!.answer(Response.json({ sessions: [sessionRow] }))
    await expect(theirs).resolves.toEqual([sessionRow])
    expect(page.held.map((entry) => entry.path)).toEqual(['/api/auth/sessions', '/api/auth/sessions'])
    page.held[1]!.answer(Response.json({ sessions: [] }))
    await expect(atOrigin).resolves.toEqual([])
  })

  it('after the sign-out, reads ask again (the next sign-in’s)', async () => {
    const page = browser()
    await signOut(page.options)
    const reading = listSessions(page.options)
    await settle()
    page.held[0]!.answer(Response.json({ sessions: [sessionRow] }))
    await expect(reading).resolves.toEqual([sessionRow])
  })
})
