import { describe, expect, it } from 'vitest'
import { UnlockFailedError } from '@/lib/embedded/errors'
import { randomBytes, utf8 } from '@/lib/embedded/crypto/bytes'
import { additionalData, deriveWrappingKey, generateDataKeyBytes, importDataKey, isSealed, open, seal } from '@/lib/embedded/crypto/keyWrapping'

const WALLET = 'AAAAAAAAAAAAAAAAAAAAAA'
const MNEMONIC = 'test test test test test test test test test test test junk'

async function wrapped(prf: Uint8Array) {
  const raw = generateDataKeyBytes()
  const wrappingKey = await deriveWrappingKey(prf, WALLET)
  const dataKey = await importDataKey(raw)
  return {
    raw,
    wrappedKey: await seal(wrappingKey, raw, additionalData.dataKey(WALLET)),
    mnemonic: await seal(dataKey, utf8(MNEMONIC), additionalData.mnemonic(WALLET)),
  }
}

describe('key wrapping (PRF → HKDF-SHA-256 → AES-GCM → data key → mnemonic)', () => {
  it('unwraps the data key and decrypts the mnemonic with the same PRF output', async () => {
    const prf = randomBytes(32)
    const { raw, wrappedKey, mnemonic } = await wrapped(prf)
    const unwrapped = await open(await deriveWrappingKey(prf, WALLET), wrappedKey, additionalData.dataKey(WALLET))
    expect(unwrapped).toEqual(raw)
    const plain = await open(await importDataKey(unwrapped), mnemonic, additionalData.mnemonic(WALLET))
    expect(new TextDecoder().decode(plain)).toBe(MNEMONIC)
  })

  it('fails with UnlockFailedError for another passkey (another PRF output)', async () => {
    const { wrappedKey } = await wrapped(randomBytes(32))
    await expect(open(await deriveWrappingKey(randomBytes(32), WALLET), wrappedKey, additionalData.dataKey(WALLET))).rejects.toBeInstanceOf(UnlockFailedError)
  })

  it('fails for the same PRF output under another wallet id (HKDF salt and additional data bind the wallet)', async () => {
    const prf = randomBytes(32)
    const { wrappedKey } = await wrapped(prf)
    await expect(open(await deriveWrappingKey(prf, 'BBBBBBBBBBBBBBBBBBBBBB'), wrappedKey, additionalData.dataKey(WALLET))).rejects.toBeInstanceOf(UnlockFailedError)
    await expect(open(await deriveWrappingKey(prf, WALLET), wrappedKey, additionalData.mnemonic(WALLET))).rejects.toBeInstanceOf(UnlockFailedError)
  })

  it('fails when a single ciphertext character is changed', async () => {
    const prf = randomBytes(32)
    const { wrappedKey } = await wrapped(prf)
    const flipped = { ...wrappedKey, ct: (wrappedKey.ct[0] === 'A' ? 'B' : 'A') + wrappedKey.ct.slice(1) }
    await expect(open(await deriveWrappingKey(prf, WALLET), flipped, additionalData.dataKey(WALLET))).rejects.toBeInstanceOf(UnlockFailedError)
  })

  it('keeps the data key non-extractable once imported', async () => {
    const key = await importDataKey(generateDataKeyBytes())
    expect(key.extractable).toBe(false)
    await expect(globalThis.crypto.subtle.exportKey('raw', key)).rejects.toThrow()
  })

  it('refuses a PRF output shorter than 32 bytes and a data key of the wrong size', async () => {
    await expect(deriveWrappingKey(randomBytes(16), WALLET)).rejects.toBeInstanceOf(UnlockFailedError)
    expect(() => importDataKey(randomBytes(16))).toThrow(UnlockFailedError)
  })

  it('recognises sealed values by shape only', async () => {
    const { wrappedKey } = await wrapped(randomBytes(32))
    expect(isSealed(wrappedKey)).toBe(true)
    expect(isSealed({ iv: 'short', ct: wrappedKey.ct })).toBe(false)
    expect(isSealed({ iv: wrappedKey.iv })).toBe(false)
    expect(isSealed('x')).toBe(false)
  })
})
