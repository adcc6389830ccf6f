import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openPgliteStore } from '@sigil/server/store/pgliteStore'

/**
 * The embedded store's CPU per sign-in (issue 42's split of the verify route): the two statements a
 * first sign-in runs in `POST /api/auth/verify` (`beginSignIn`, then `ensureAccount` for a new
 * address, as the bench's fresh keys are), on PGlite opened on a folder in this process, timed with
 * this process's CPU. The nonce each needs is saved first and not counted, as the route's own is
 * saved by the nonce route.
 */
export async function storeCpuPerSignIn(options: { warmup?: number; signIns?: number } = {}): Promise<number> {
  const folder = mkdtempSync(path.join(tmpdir(), 'sigil-bench-store-'))
  const store = await openPgliteStore({ dataDir: folder })
  const client = { key: 'nonce:ip:bench', max: 2_000_000_000, windowMs: 60_000 }
  let spentMs = 0
  const signIn = async (counted: boolean) => {
    const now = new Date()
    const nonce = randomBytes(12).toString('hex')
    const binding = randomBytes(16).toString('base64url')
    await store.putNonce({ nonce, binding, expiresAt: new Date(now.getTime() + 60_000) }, { now, browser: null, client })
    const address = `0x${randomBytes(20).toString('hex')}`
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
      },
    })
    if (!attempt.sessionSaved) throw new Error('the store did not save the bench sign-in')
    await store.ensureAccount(address, null, now)
    const spent = process.cpuUsage(before)
    if (counted) spentMs += (spent.user + spent.system) / 1000
  }
  try {
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
