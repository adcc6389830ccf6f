import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseRecoverySecret, RECOVERY_KEY_FILE, RecoveryKeyError, recoveryKeyPair, recoveryKeyring, resolvePreviousRecoverySecrets, resolveRecoverySecret } from './recoveryKey'

const folders: string[] = []
const folder = () => {
  const created = mkdtempSync(path.join(tmpdir(), 'sigil-recovery-key-'))
  folders.push(created)
  return created
}
afterAll(() => folders.forEach((created) => rmSync(created, { recursive: true, force: true })))

describe('EMBEDDED_RECOVERY_KEY', () => {
  it('accepts 32 bytes as base64, base64url or hex', () => {
    const bytes = Buffer.alloc(32, 0xfb)
    for (const text of [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex')]) expect(Buffer.from(parseRecoverySecret(text))).toEqual(bytes)
  })

  it('rejects anything else with a message that says how to make one', () => {
    for (const text of ['short', Buffer.alloc(16).toString('base64'), 'z'.repeat(64)]) {
      expect(() => parseRecoverySecret(text)).toThrow(RecoveryKeyError)
    }
    expect(() => parseRecoverySecret('short')).toThrow(/openssl rand -base64 32/)
  })

  it('is required in production', () => {
    expect(() => resolveRecoverySecret({ env: { NODE_ENV: 'production' }, dataDir: folder() })).toThrow(/EMBEDDED_RECOVERY_KEY is required in production/)
  })

  it('is generated once in development and kept in the data folder (0600)', () => {
    const dataDir = folder()
    const first = resolveRecoverySecret({ env: { NODE_ENV: 'development' }, dataDir })
    expect(resolveRecoverySecret({ env: { NODE_ENV: 'development' }, dataDir })).toEqual(first)
    expect(Buffer.from(parseRecoverySecret(readFileSync(path.join(dataDir, RECOVERY_KEY_FILE), 'utf8')))).toEqual(Buffer.from(first))
    const configured = Buffer.alloc(32, 1).toString('base64')
    expect(Buffer.from(resolveRecoverySecret({ env: { NODE_ENV: 'development', EMBEDDED_RECOVERY_KEY: configured }, dataDir }))).toEqual(Buffer.alloc(32, 1))
  })
})

describe('the recovery key ring', () => {
  const a = new Uint8Array(32).fill(1)
  const b = new Uint8Array(32).fill(2)

  it('puts the current key first, then the previous ones, each with a short id of its public key', async () => {
    const ring = await recoveryKeyring(b, [a, b])
    expect(ring.keys.map((key) => key.kid)).toEqual([ring.current.kid, (await recoveryKeyring(a)).current.kid])
    expect(ring.current.publicKey).toEqual((await recoveryKeyPair(b)).publicKey)
    expect(ring.current.kid).toMatch(/^[\w-]{11}$/)
    expect(ring.byKid(ring.keys[1]!.kid)?.publicKey).toEqual((await recoveryKeyPair(a)).publicKey)
    expect(ring.byKid('unknown')).toBeUndefined()
  })

  it('derives the code HMAC key apart from the P-256 key, never exportable as the secret itself', async () => {
    const ring = await recoveryKeyring(a)
    const exported = ring.current.codeKey.export()
    expect(exported).toHaveLength(32)
    expect(Buffer.from(exported).equals(Buffer.from(a))).toBe(false)
  })

  it('reads EMBEDDED_RECOVERY_KEYS_PREVIOUS as a comma-separated list, and names a bad entry without printing it', () => {
    const previous = [Buffer.alloc(32, 3).toString('base64'), Buffer.alloc(32, 4).toString('hex')]
    expect(resolvePreviousRecoverySecrets({ EMBEDDED_RECOVERY_KEYS_PREVIOUS: ` ${previous.join(' , ')} ,` }).map((secret) => Buffer.from(secret))).toEqual([Buffer.alloc(32, 3), Buffer.alloc(32, 4)])
    expect(resolvePreviousRecoverySecrets({})).toEqual([])
    expect(() => resolvePreviousRecoverySecrets({ EMBEDDED_RECOVERY_KEYS_PREVIOUS: `${previous[0]},secret-but-short` })).toThrow(/entry 2 is not 32 bytes/)
    expect(() => resolvePreviousRecoverySecrets({ EMBEDDED_RECOVERY_KEYS_PREVIOUS: 'secret-but-short' })).not.toThrow(/secret-but-short/)
  })
})
