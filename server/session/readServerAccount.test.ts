import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSession, sessionIdHash, sessionSetCookie } from '@/server/session/session'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@/server/store/types'

// `server-only` throws outside Next's react-server build.
vi.mock('server-only', () => ({}))
const { readServerAccount } = await import('./readServerAccount')

const secret = 'a-test-secret-that-is-long-enough-0123456789'

let store: Store
beforeAll(async () => { store = await openFreshPgliteStore() })
afterAll(async () => { await store?.close() })

async function signedInCookie(address: `0x${string}`, record = true): Promise<string> {
  const now = new Date()
  const { session, id } = createSession({ address, chainId: 31337, now })
  if (record) await store.putSession({ idHash: sessionIdHash(id), address, chainId: 31337, createdAt: now, expiresAt: new Date(session.expiresAt) })
  return (await sessionSetCookie(session, id, { secrets: [secret], secure: false })).split(';')[0]!
}

describe('readServerAccount', () => {
  let dir: string
  let env: Record<string, string | undefined>
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sigil-account-'))
    env = { NODE_ENV: 'test', SESSION_SECRET: secret, DATA_DIR: dir, APP_ORIGIN: 'http://localhost:3000' }
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('gives the account, its linked wallets and the session, as the account route does', async () => {
    const first = privateKeyToAccount(generatePrivateKey()).address
    const second = privateKeyToAccount(generatePrivateKey()).address
    const accountId = await store.ensureAccount(first, 'injected', new Date())
    expect(await store.linkWallet({ accountId, address: second, family: 'walletconnect', now: new Date() })).toBe('linked')
    const account = await readServerAccount(await signedInCookie(second), env, async () => store)
    expect(account).toEqual({
      account: { id: accountId, createdAt: expect.any(String) },
      wallets: [
        { address: first, family: 'injected', linkedAt: expect.any(String), current: false },
        { address: second, family: 'walletconnect', linkedAt: expect.any(String), current: true },
      ],
      session: { address: second, chainId: 31337, issuedAt: expect.any(String), expiresAt: expect.any(String) },
    })
  })

  it('answers signed out without a cookie or for a revoked session, and unknown when the store fails', async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address
    await expect(readServerAccount(null, env, async () => store)).resolves.toBeNull()
    await expect(readServerAccount(await signedInCookie(address, false), env, async () => store)).resolves.toBeNull()
    const cookie = await signedInCookie(address)
    await expect(readServerAccount(cookie, env, () => Promise.reject(new Error('down')))).resolves.toBeUndefined()
  })
})
