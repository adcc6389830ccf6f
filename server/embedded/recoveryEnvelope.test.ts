import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes, toBase64Url } from '@sigil/lib/embedded/crypto/bytes'
import { additionalData } from '@sigil/lib/embedded/crypto/keyWrapping'
import { generateEphemeralKeyPair, openWithPrivateKey } from '@sigil/lib/embedded/crypto/sealToPublicKey'
import { openPgliteStore } from '@/server/store/pgliteStore'
import { openPostgresStore } from '@/server/store/postgresStore'
import type { Store } from '@/server/store/types'
import { answer, browser, openInspectablePglite, openInspectablePostgres, routeHarness, seedWallet, type InspectableStore } from '@/tests/fixtures/embeddedRoutes'
import { repoRoot } from '@/tests/fixtures/nextServer'
import { startPostgres, type Postgres } from '@/tests/fixtures/postgres'
import { freshPgliteFolder, removePgliteFolders } from '@/tests/fixtures/pgliteFolders'
import { openRecoveryEnvelope, parseStoredEnvelope, RecoveryKeyMissingError } from './recoveryEnvelope'
import { recoveryKeyring, type RecoveryKeyring } from './recoveryKey'
import { hashEmail, sealEmail } from './emailAtRest'
import { runReseal } from './reseal'

/**
 * Rotating `EMBEDDED_RECOVERY_KEY` (issue 12, part 7): each envelope names its key; the app opens
 * wallets under any configured key (current first, then `EMBEDDED_RECOVERY_KEYS_PREVIOUS`); the
 * re-seal procedure moves every wallet to the current key, after which the old key can go.
 */

const OLD = randomBytes(32)
const NEW = randomBytes(32)
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
let oldRing: RecoveryKeyring
let rotated: RecoveryKeyring
let newOnly: RecoveryKeyring
let postgres: Postgres

beforeAll(async () => {
  oldRing = await recoveryKeyring(OLD)
  rotated = await recoveryKeyring(NEW, [OLD])
  newOnly = await recoveryKeyring(NEW)
  postgres = await startPostgres()
})
afterAll(() => {
  postgres?.stop()
  removePgliteFolders()
})

/** Wallets of a store made before the rotation: two sealed under the old key with its id, one from before key ids. */
async function walletsUnderOldKey(store: Store) {
  return [
    await seedWallet(store, oldRing.current, 'a@example.test'),
    await seedWallet(store, oldRing.current, 'b@example.test'),
    await seedWallet(store, oldRing.current, 'legacy@example.test', { kid: false }),
  ]
}

/** Every wallet's envelope: which key it names, and whether `ring` opens it to the right data key. */
async function envelopesOf(store: Store, wallets: { walletId: string; dataKey: Uint8Array }[], ring: RecoveryKeyring) {
  return Promise.all(
    wallets.map(async ({ walletId, dataKey }) => {
      const envelope = parseStoredEnvelope((await store.getEmbeddedWallet(walletId))!.recoveryEnvelope)
      const opened = await openRecoveryEnvelope(ring, envelope, walletId).then(
        ({ raw }) => Buffer.from(raw).equals(Buffer.from(dataKey)),
        (error: unknown) => error,
      )
      return { kid: envelope.kid, opened }
    }),
  )
}

describe('key ids and a rotated key ring in the app', () => {
  let db: InspectableStore
  beforeAll(async () => {
    db = await openInspectablePglite()
  })
  afterAll(() => db?.close())

  /** A recovery session for `email` through `ring`, a recovery of `walletId` (no delay), then its key release: its answer. */
  async function release(ring: RecoveryKeyring, email: string, walletId: string) {
    const harness = routeHarness(db.store, ring)
    const api = harness.routes({ recoveryDelaySeconds: 0 })
    const user = browser()
    const asked = await answer(user.keep(await api.recoveryCode(user.request({ email }))))
    await harness.settled()
    const verified = user.keep(await api.recoveryVerify(user.request({ requestId: asked.body.requestId, code: harness.codeIn(email, 'Your Sigil recovery code') })))
    expect(verified.status).toBe(200)
    expect(user.keep(await api.recoveryStart(user.request({ walletId }))).status).toBe(201)
    const key = await generateEphemeralKeyPair()
    const released = await answer(await api.recoveryKey(user.request({ walletId, publicKey: toBase64Url(key.publicKey) })))
    return { released, key, logged: harness.logged }
  }

  it('recovers wallets sealed under the previous key, with its id or from before key ids, through a rotated key ring', async () => {
    const [tagged, , legacy] = await walletsUnderOldKey(db.store)
    for (const [wallet, email] of [[tagged!, 'a@example.test'], [legacy!, 'legacy@example.test']] as const) {
      const { released, key } = await release(rotated, email, wallet.walletId)
      expect(released.status).toBe(200)
      expect(await openWithPrivateKey(key, released.body.wrappedKey as never, additionalData.recovery(wallet.walletId))).toEqual(wallet.dataKey)
    }
  })

  it('answers 503 and logs which key is missing when a wallet’s key was dropped before the re-seal (never a 500)', async () => {
    const wallet = await seedWallet(db.store, oldRing.current, 'dropped@example.test')
    // Its email moved to the new key (server/embedded/emailAtRest.ts), its envelope not: the envelope is what fails.
    const row = (await db.store.getEmbeddedWallet(wallet.walletId))!
    await db.store.sealWalletEmail(wallet.walletId, { sealed: row.emailSealed! }, { emailHash: hashEmail(newOnly.current, 'dropped@example.test'), emailSealed: sealEmail(newOnly.current, 'dropped@example.test', { wallet: wallet.walletId }) })
    const { released, logged } = await release(newOnly, 'dropped@example.test', wallet.walletId)
    expect(released).toMatchObject({ status: 503, body: { code: 'embedded_unavailable' } })
    expect(logged.at(-1)).toContain(`recovery key ${oldRing.current.kid}, which is not configured`)
  })

  it('refuses to guess for a legacy envelope no configured key opens', async () => {
    const legacy = await seedWallet(db.store, oldRing.current, 'legacy2@example.test', { kid: false })
    const envelope = parseStoredEnvelope((await db.store.getEmbeddedWallet(legacy.walletId))!.recoveryEnvelope)
    expect(envelope.kid).toBeUndefined()
    await expect(openRecoveryEnvelope(newOnly, envelope, legacy.walletId)).rejects.toBeInstanceOf(RecoveryKeyMissingError)
  })
})

describe.each(['PGlite', 'Postgres'] as const)('the re-seal procedure on %s', (name) => {
  /** The store's settings as the app reads them, and a way to open the store in this process. */
  async function storeSettings(): Promise<{ env: Record<string, string>; open: () => Promise<Store> }> {
    if (name === 'PGlite') {
      const folder = await freshPgliteFolder()
      return { env: { DATA_DIR: folder }, open: () => openPgliteStore({ dataDir: folder }) }
    }
    const db = await openInspectablePostgres(postgres)
    await db.close()
    const url = db.url!
    return { env: { DATABASE_URL: url }, open: () => openPostgresStore({ connectionString: url }) }
  }

  it('moves every wallet sealed under the old key to the new one, after which the old key can be dropped', async () => {
    const { env, open } = await storeSettings()
    let store = await open()
    const wallets = [...(await walletsUnderOldKey(store)), await seedWallet(store, newOnly.current, 'fresh@example.test')]
    // Before: the new key alone opens only the wallet made after the rotation.
    const before = await envelopesOf(store, wallets, newOnly)
    expect(before.map((entry) => entry.opened === true)).toEqual([false, false, false, true])
    await store.close()

    const lines: string[] = []
    const rotation = { ...env, EMBEDDED_RECOVERY_KEY: b64(NEW), EMBEDDED_RECOVERY_KEYS_PREVIOUS: b64(OLD) }
    expect(await runReseal(rotation, (line) => lines.push(line))).toBe(0)
    expect(lines.at(-2)).toBe('[sigil] re-seal: 4 wallets checked, 3 re-sealed, 1 already current, 0 changed meanwhile, 0 failed')
    expect(lines.at(-1)).toBe('[sigil] re-seal: emails: 0 sealed from plain, 3 moved to the current key, 1 already current, 0 failed')

    store = await open()
    try {
      const after = await envelopesOf(store, wallets, newOnly)
      expect(after).toEqual(wallets.map(() => ({ kid: newOnly.current.kid, opened: true })))
    } finally {
      await store.close()
    }
    // Idempotent: a second run has nothing to do.
    lines.length = 0
    expect(await runReseal(rotation, (line) => lines.push(line))).toBe(0)
    expect(lines.at(-2)).toBe('[sigil] re-seal: 4 wallets checked, 0 re-sealed, 4 already current, 0 changed meanwhile, 0 failed')
    expect(lines.at(-1)).toBe('[sigil] re-seal: emails: 0 sealed from plain, 0 moved to the current key, 4 already current, 0 failed')
  })

  it('names the wallets it cannot move, and answers 1, when the old key is not given', async () => {
    const { env, open } = await storeSettings()
    const store = await open()
    const [wallet] = await walletsUnderOldKey(store)
    await store.close()
    const lines: string[] = []
    expect(await runReseal({ ...env, EMBEDDED_RECOVERY_KEY: b64(NEW) }, (line) => lines.push(line))).toBe(1)
    expect(lines).toContain(`[sigil] re-seal: wallet ${wallet!.walletId} not moved: a wallet is sealed under recovery key ${oldRing.current.kid}, which is not configured: put the retired secret back in EMBEDDED_RECOVERY_KEYS_PREVIOUS and run npm run embedded:reseal`)
    expect(lines).toContain('[sigil] re-seal: 3 wallets checked, 0 re-sealed, 0 already current, 0 changed meanwhile, 3 failed')
    expect(lines).toContain(`[sigil] re-seal: email of wallet ${wallet!.walletId} not moved: the sealed email names a key that is not configured (${oldRing.current.kid})`)
  })
})

describe('npm run embedded:reseal', () => {
  it('runs the procedure as documented, from the command line, on the PGlite folder of a stopped app', async () => {
    const folder = await freshPgliteFolder()
    const store = await openPgliteStore({ dataDir: folder })
    const wallets = await walletsUnderOldKey(store)
    await store.close()
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'embedded:reseal'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: folder, DATABASE_URL: '', NODE_ENV: 'production', EMBEDDED_RECOVERY_KEY: b64(NEW), EMBEDDED_RECOVERY_KEYS_PREVIOUS: b64(OLD) },
    })
    expect(stdout).toContain(`[sigil] re-seal: current recovery key ${newOnly.current.kid}; previous: ${oldRing.current.kid}`)
    expect(stdout).toContain('[sigil] re-seal: 3 wallets checked, 3 re-sealed, 0 already current, 0 changed meanwhile, 0 failed')
    const reopened = await openPgliteStore({ dataDir: folder })
    try {
      expect((await envelopesOf(reopened, wallets, newOnly)).every((entry) => entry.opened === true)).toBe(true)
    } finally {
      await reopened.close()
    }
  }, 120_000)
})
