import { describe, expect, it } from 'vitest'
import { checkEnsDisplayName } from './displayName'

describe('checkEnsDisplayName', () => {
  it('shows ordinary normalised names, in any one script', () => {
    for (const name of ['alice.eth', 'vitalik.eth', 'sub.alice.eth', '1234.eth', 'café.eth', '日本語ひらがな.eth', '한국어.eth', '🦊🦊.eth', 'cafe.eth']) {
      expect(checkEnsDisplayName(name), name).toEqual({ ok: true, name })
    }
  })

  it('refuses labels shaped like an address: a 0x prefix with hex, or a long run of hex digits and letters', () => {
    for (const name of ['0x7099c8.eth', '0x70997970c51812dc3a010c7d01b50e20d17dc79c.eth', '0xabc.eth', 'pay.0x7099.eth', '70997970c51812dc3a01.eth', 'deadbeef1234567890.eth']) {
      expect(checkEnsDisplayName(name), name).toEqual({ ok: false, reason: 'address_shaped' })
    }
    // An ellipsis in it is no excuse (and is not valid ENS anyway).
    expect(checkEnsDisplayName('0x7099…c8.eth')).toEqual({ ok: false, reason: 'address_shaped' })
    // Words that merely contain hex letters are names.
    expect(checkEnsDisplayName('0xygen.eth').ok).toBe(true)
    expect(checkEnsDisplayName('facade.eth').ok).toBe(true)
  })

  it('refuses names mixing right-to-left and left-to-right letters', () => {
    for (const name of ['مرحبا.eth', 'abcمرحبا.eth', 'שלום.eth', 'alice.שלום.eth']) {
      expect(checkEnsDisplayName(name), name).toEqual({ ok: false, reason: 'mixed_direction' })
    }
  })

  it('refuses labels mixing scripts (the look-alike trick), but not the mixtures a language writes', () => {
    for (const name of ['pаypal.eth' /* Cyrillic а */, 'gοogle.eth' /* Greek ο */, 'abcдеф.eth']) {
      expect(checkEnsDisplayName(name), name).toEqual({ ok: false, reason: 'mixed_script' })
    }
    expect(checkEnsDisplayName('漢字かな.eth').ok).toBe(true)
  })

  it('refuses what ENSIP-15 normalisation rejects or changes', () => {
    for (const name of ['Alice.eth', 'аррӏе.eth' /* whole-script confusable */, 'ali\u200bce.eth', 'a..eth', '']) {
      expect(checkEnsDisplayName(name).ok, JSON.stringify(name)).toBe(false)
    }
    expect(checkEnsDisplayName('Alice.eth')).toEqual({ ok: false, reason: 'not_normalized' })
    expect(checkEnsDisplayName('аррӏе.eth')).toEqual({ ok: false, reason: 'not_normalized' })
  })
})
