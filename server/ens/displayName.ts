import { normalize } from 'viem/ens'

/**
 * Whether a primary ENS name may be shown as a name. A verified name (forward and back) proves that
 * its owner controls the address, not that the name is honest about it: anyone can register a name
 * that looks like someone else's address or someone else's name. A name that fails any rule below is
 * not shown at all; the view falls back to the shortened address, which is always beside it anyway.
 *
 * - **Normalised:** the name must be exactly what ENSIP-15 normalisation (viem's `normalize`) makes
 *   of it. That refuses invisible characters, most confusables and most script mixtures on its own.
 * - **Not shaped like an address:** no label starting with `0x` and a hex digit (`0x7099c8.eth` next
 *   to `0x7099…79C`), and no run of 10+ hex characters mixing digits and letters a–f (a bare address).
 * - **One direction:** a name with both right-to-left letters (Hebrew, Arabic, …) and left-to-right
 *   letters is refused: the bidi algorithm reorders its parts, so what is read is not what resolves.
 *   Every name under `.eth` is left-to-right at its end, so this refuses right-to-left labels there.
 * - **One script per label:** letters of one script, apart from the combinations a language writes
 *   together (Han with Hiragana/Katakana, Hangul or Bopomofo). Mixed labels are the look-alike trick.
 *
 * Our own rules run first, so each refusal has its own reason; normalisation runs last.
 */
type EnsNameRefusal = 'empty' | 'address_shaped' | 'mixed_direction' | 'mixed_script' | 'not_normalized'

export type EnsNameVerdict = { ok: true; name: string } | { ok: false; reason: EnsNameRefusal }

const ADDRESS_PREFIX = /^0x[0-9a-f]/i
const HEX_RUN = /[0-9a-f]{10,}/gi

// Strong right-to-left scripts of Unicode (Bidi_Class R or AL).
const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Mende_Kikakui}\p{Script=Yezidi}]/u
const LETTER = /\p{L}/u

/** The scripts tested by name (every script with letters ENSIP-15 admits in practice). */
const SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Nko', 'Devanagari', 'Bengali',
  'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan',
  'Myanmar', 'Georgian', 'Hangul', 'Ethiopic', 'Cherokee', 'Khmer', 'Mongolian', 'Hiragana', 'Katakana', 'Bopomofo',
  'Han', 'Canadian_Aboriginal', 'Runic', 'Ogham', 'Tifinagh', 'Adlam', 'Coptic', 'Glagolitic', 'Vai', 'Bamum',
] as const
const SCRIPT_TESTS = SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const)

/** Scripts a single language writes in one word (Japanese, Korean, Chinese with zhuyin). */
const COMPATIBLE: readonly (readonly string[])[] = [
  ['Han', 'Hiragana', 'Katakana'],
  ['Han', 'Hangul'],
  ['Han', 'Bopomofo'],
]

function scriptOf(character: string): string {
  for (const [script, test] of SCRIPT_TESTS) if (test.test(character)) return script
  return 'Other'
}

function scriptsOf(label: string): Set<string> {
  const scripts = new Set<string>()
  for (const character of label) if (LETTER.test(character)) scripts.add(scriptOf(character))
  return scripts
}

function isAddressShaped(label: string): boolean {
  if (ADDRESS_PREFIX.test(label)) return true
  for (const [run] of label.matchAll(HEX_RUN)) if (/[0-9]/.test(run) && /[a-f]/i.test(run)) return true
  return false
}

function mixesDirections(name: string): boolean {
  let rtl = false
  let ltr = false
  for (const character of name) {
    if (RTL.test(character)) rtl = true
    else if (LETTER.test(character)) ltr = true
  }
  return rtl && ltr
}

function mixesScripts(label: string): boolean {
  const scripts = scriptsOf(label)
  if (scripts.size <= 1) return false
  return !COMPATIBLE.some((group) => [...scripts].every((script) => group.includes(script)))
}

export function checkEnsDisplayName(name: string): EnsNameVerdict {
  if (!name || name.split('.').some((label) => label === '')) return { ok: false, reason: 'empty' }
  const labels = name.split('.')
  if (labels.some(isAddressShaped)) return { ok: false, reason: 'address_shaped' }
  if (mixesDirections(name)) return { ok: false, reason: 'mixed_direction' }
  if (labels.some(mixesScripts)) return { ok: false, reason: 'mixed_script' }
  let normalized: string
  try {
    normalized = normalize(name)
  } catch {
    return { ok: false, reason: 'not_normalized' }
  }
  if (normalized !== name) return { ok: false, reason: 'not_normalized' }
  return { ok: true, name }
}
