import { describe, expect, it } from 'vitest'
import { recoveryKeyPair } from '@sigil/server/embedded/recoveryKey'
import { UnlockFailedError } from '@/lib/embedded/errors'
import { fromBase64Url, randomBytes } from '@/lib/embedded/crypto/bytes'
import { generateEphemeralKeyPair, isEnvelope, openWithPrivateKey, sealToPublicKey } from '@/lib/embedded/crypto/sealToPublicKey'

describe('sealing to a P-256 public key (ECDH → HKDF-SHA-256 → AES-GCM)', () => {
  it('opens with the recipient key pair and only with it', async () => {
    const server = await recoveryKeyPair(randomBytes(32))
    const other = await recoveryKeyPair(randomBytes(32))
    const secret = randomBytes(32)
    const envelope = await sealToPublicKey(server.publicKey, secret, 'aad-1')
    expect(isEnvelope(envelope)).toBe(true)
    expect(await openWithPrivateKey(server, envelope, 'aad-1')).toEqual(secret)
    await expect(openWithPrivateKey(other, envelope, 'aad-1')).rejects.toBeInstanceOf(UnlockFailedError)
    await expect(openWithPrivateKey(server, envelope, 'aad-2')).rejects.toBeInstanceOf(UnlockFailedError)
  })

  it('round-trips to a browser-style one-time key pair (the recovery answer)', async () => {
    const browser = await generateEphemeralKeyPair()
    expect(browser.privateKey.extractable).toBe(false)
    const envelope = await sealToPublicKey(browser.publicKey, new Uint8Array([1, 2, 3]), 'x')
    expect(await openWithPrivateKey(browser, envelope, 'x')).toEqual(new Uint8Array([1, 2, 3]))
  })

  it('refuses a recipient that is not an uncompressed P-256 point', async () => {
    await expect(sealToPublicKey(randomBytes(33), randomBytes(32), 'x')).rejects.toBeInstanceOf(UnlockFailedError)
  })

  it('derives the same recovery key pair from the same secret, another from another', async () => {
    const secret = randomBytes(32)
    const [a, b, c] = await Promise.all([recoveryKeyPair(secret), recoveryKeyPair(secret), recoveryKeyPair(randomBytes(32))])
    expect(a.publicKeyBase64Url).toBe(b.publicKeyBase64Url)
    expect(a.publicKeyBase64Url).not.toBe(c.publicKeyBase64Url)
    expect(fromBase64Url(a.publicKeyBase64Url)).toHaveLength(65)
    expect(a.privateKey.extractable).toBe(false)
  })
})
