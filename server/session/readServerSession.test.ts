import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createSession, sessionIdHash, sessionSetCookie } from '@/server/session/session'
import { sessionCookieName } from '@sigil/lib/storageNames'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@/server/store/types'
import { readServerSession as readWithStore } from './readServerSession'

const secret = 'a-test-secret-that-is-long-enough-0123456789'
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let store: Store
beforeAll(async () => { store = await openFreshPgliteStore() })
afterAll(async () => { await store?.close() })
const readServerSession = (cookie: string | null, env: Record<string, string | undefined>) => readWithStore(cookie, env, async () => store)

/** A session cookie, its session recorded in the store as a sign-in would. */
async function cookieFor(options: { secret: string; now?: Date; record?: boolean; recordAs?: { address: string; chainId: number } }): Promise<string> {
  const now = options.now ?? new Date()
  const { session, id } = createSession({ address, chainId: 31337, now })
  const owner = options.recordAs ?? { address, chainId: 31337 }
  if (options.record !== false) await store.putSession({ idHash: sessionIdHash(id), ...owner, createdAt: now, expiresAt: new Date(session.expiresAt) })
  const setCookie = await sessionSetCookie(session, id, { secrets: [options.secret], secure: false })
  return setCookie.split(';')[0]!
}

describe('readServerSession', () => {
  let dir: string
  let env: Record<string, string | undefined>
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sigil-session-'))
    env = { NODE_ENV: 'test', SESSION_SECRET: secret, DATA_DIR: dir, APP_ORIGIN: 'http://localhost:3000' }
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('reads the signed-in address and chain from a valid session cookie among others', async () => {
    const cookie = `sigil.store=%7B%7D; ${await cookieFor({ secret })}; other=1`
    await expect(readServerSession(cookie, env)).resolves.toEqual({ address, chainId: 31337, wallets: [address] })
  })

  it("lists the wallets linked to the session's account, so a reload connected with any of them keeps the session", async () => {
    const linked = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const cookie = await cookieFor({ secret })
    const accountId = await store.ensureAccount(address.toLowerCase(), 'injected', new Date())
    await expect(store.linkWallet({ accountId, address: linked.toLowerCase(), family: 'embedded', now: new Date() })).resolves.toBe('linked')
    await expect(readServerSession(cookie, env)).resolves.toEqual({ address, chainId: 31337, wallets: [address, linked] })
    await store.unlinkWallet({ accountId, address: linked.toLowerCase() })
  })

  it('answers signed out without cookies, or without a session cookie', async () => {
    await expect(readServerSession(null, env)).resolves.toBeNull()
    await expect(readServerSession('sigil.store=%7B%7D', env)).resolves.toBeNull()
  })

  it('answers signed out for a cookie sealed with another secret or tampered with', async () => {
    const foreign = await cookieFor({ secret: 'another-secret-that-is-long-enough-9876543210' })
    await expect(readServerSession(foreign, env)).resolves.toBeNull()
    await expect(readServerSession(`${sessionCookieName(false)}=Fe26.2**garbage`, env)).resolves.toBeNull()
  })

  it('answers signed out for an expired session', async () => {
    const old = await cookieFor({ secret, now: new Date(Date.now() - 25 * 60 * 60 * 1000) })
    await expect(readServerSession(old, env)).resolves.toBeNull()
  })

  it('answers signed out for a session the store does not hold (revoked)', async () => {
    await expect(readServerSession(await cookieFor({ secret, record: false }), env)).resolves.toBeNull()
  })

  it("answers signed out when the store's row is another address's or chain's (a re-sealed cookie)", async () => {
    await expect(readServerSession(await cookieFor({ secret, recordAs: { address: '0x0000000000000000000000000000000000000001', chainId: 31337 } }), env)).resolves.toBeNull()
    await expect(readServerSession(await cookieFor({ secret, recordAs: { address, chainId: 1 } }), env)).resolves.toBeNull()
  })

  it('answers unknown, without throwing, when the store cannot be reached', async () => {
    const cookie = await cookieFor({ secret })
    await expect(readWithStore(cookie, env, () => Promise.reject(new Error('down')))).resolves.toBeUndefined()
  })

  it('answers unknown, without throwing, when the server is misconfigured', async () => {
    const cookie = await cookieFor({ secret })
    await expect(readServerSession(cookie, { ...env, NODE_ENV: 'production', SESSION_SECRET: undefined })).resolves.toBeUndefined()
  })
})
