import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openPgliteStore } from '@sigil/server/store/pgliteStore'

/**
 * The embedded store's CPU per sign-in (issue 42's split of the verify route): the statements
 * `POST /api/auth/verify` runs, on PGlite opened on a folder in this process, timed with this
 * process's CPU. A first sign-in (`returning` false, the bench's fresh keys) runs two: `beginSignIn`,
 * then `ensureAccount` for the new address. A returning wallet's (`returning`: one of 100 addresses
 * that signed in before, with their family) runs `beginSignIn` alone, which finds its account. The
 * nonce each needs is saved first and not counted, as the route's own is saved by the nonce route.
 */
export async function storeCpuPerSignIn(options: { warmup?: number; signIns?: number; returning?: boolean } = {}): Promise<number> {
  const folder = mkdtempSync(path.join(tmpdir(), 'sigil-bench-store-'))
  const store = await openPgliteStore({ dataDir: folder })
  const client = { key: 'nonce:ip:bench', max: 2_000_000_000, windowMs: 60_000 }
  let spentMs = 0
  const returning = Array.from({ length: 100 }, () => `0x${randomBytes(20).toString('hex')}`)
  const signIn = async (counted: boolean) => {
    const now = new Date()
    const nonce = randomBytes(12).toString('hex')
    const binding = randomBytes(16).toString('base64url')
    await store.putNonce({ nonce, binding, expiresAt: new Date(now.getTime() + 60_000) }, { now, browser: null, client })
    const address = options.returning ? returning[randomBytes(1)[0]! % returning.length]! : `0x${randomBytes(20).toString('hex')}`
    const before = process.cpuUsage()
    const attempt = await store.beginSignIn({
      nonce,
      binding,
      clientKey: 'verify:ip:bench',
      clientWindowMs: 60_000,
      addressKey: `verify:address:${address}:bench`,
      addressWindowMs: 60_000,
      now,
      session: {
        record: {
          idHash: createHash('sha256').update(randomBytes(32)).digest('base64url'),
          address,
          chainId: 1,
          createdAt: now,
          expiresAt: new Date(now.getTime() + 86_400_000),
          device: 'Chrome on Linux',
          place: null,
        },
        clientMax: 2_000_000_000,
        addressMax: 2_000_000_000,
        family: 'injected',
      },
    })
    if (!attempt.sessionSaved) throw new Error('the store did not save the bench sign-in')
    // As the route does (server/siwe/routes.ts): a returning wallet's account was read already.
    if (!attempt.accountKnown) await store.ensureAccount(address, 'injected', now)
    if ((options.returning ?? false) !== attempt.accountKnown) throw new Error(`a ${options.returning ? 'returning' : 'first'} sign-in read its account as ${attempt.accountKnown ? 'there' : 'missing'}`)
    const spent = process.cpuUsage(before)
    if (counted) spentMs += (spent.user + spent.system) / 1000
  }
  try {
    if (options.returning) for (const address of returning) await store.ensureAccount(address, 'injected', new Date())
    const warmup = options.warmup ?? 1000
    const signIns = options.signIns ?? 2000
    for (let index = 0; index < warmup; index++) await signIn(false)
    for (let index = 0; index < signIns; index++) await signIn(true)
    return spentMs / signIns
  } finally {
    await store.close()
    rmSync(folder, { recursive: true, force: true })
  }
}
