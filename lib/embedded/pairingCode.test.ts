import { describe, expect, it } from 'vitest'
import { formatPairingCode, generatePairingCode, normalisePairingCode, PAIRING_CODE_ALPHABET, PAIRING_CODE_BITS, PAIRING_CODE_LENGTH, pairingFingerprint } from './pairingCode'

describe('pairing codes', () => {
  it('are 10 characters of a 32-letter alphabet without I, L, O or U: 50 bits', () => {
    expect(PAIRING_CODE_ALPHABET).toHaveLength(32)
    expect(new Set(PAIRING_CODE_ALPHABET).size).toBe(32)
    expect(PAIRING_CODE_ALPHABET).not.toMatch(/[ILOU]/)
    expect(PAIRING_CODE_BITS).toBe(Math.log2(PAIRING_CODE_ALPHABET.length) * PAIRING_CODE_LENGTH)
    for (let index = 0; index < 200; index++) expect(generatePairingCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/)
  })

  it('use every character about equally (each from five bits of one random byte)', () => {
    const counts = new Map<string, number>()
    for (let index = 0; index < 3200; index++) for (const character of generatePairingCode()) counts.set(character, (counts.get(character) ?? 0) + 1)
    expect(counts.size).toBe(32)
    // 32 000 draws, 1000 expected each: far outside ±250 only with a biased generator.
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(250)
  })

  it('map bytes to characters by their low five bits', () => {
    expect(generatePairingCode(() => new Uint8Array([0, 1, 31, 32, 33, 255, 10, 18, 26, 27]))).toBe('01Z01ZAJTV')
  })

  it('are read back from what people type: case, spaces, dashes, O for 0, I and L for 1', () => {
    expect(normalisePairingCode('abcde-fghjk')).toBe('ABCDEFGHJK')
    expect(normalisePairingCode(' 0O1IL 23456 ')).toBe('0011123456')
    expect(normalisePairingCode(formatPairingCode('ABCDE12345'))).toBe('ABCDE12345')
    expect(formatPairingCode('ABCDE12345')).toBe('ABCDE-12345')
  })

  it('refuse what cannot be a code', () => {
    for (const input of ['', 'ABCDE', 'ABCDE-FGHJKM', 'ABCDE-FGHJU', 'ABCDE-FGH!K', 42, null, undefined, 'A'.repeat(41)]) expect(normalisePairingCode(input)).toBeNull()
  })
})

describe('the pairing fingerprint', () => {
  const key = 'BP' + 'x'.repeat(85)
  it('is 8 digits in two groups, the same for the same pairing and key', async () => {
    const fingerprint = await pairingFingerprint('p'.repeat(22), key)
    expect(fingerprint).toMatch(/^\d{4} \d{4}$/)
    expect(await pairingFingerprint('p'.repeat(22), key)).toBe(fingerprint)
  })

  it('changes with the key and with the pairing', async () => {
    const fingerprint = await pairingFingerprint('p'.repeat(22), key)
    expect(await pairingFingerprint('p'.repeat(22), 'BP' + 'y'.repeat(85))).not.toBe(fingerprint)
    expect(await pairingFingerprint('q'.repeat(22), key)).not.toBe(fingerprint)
  })
})
