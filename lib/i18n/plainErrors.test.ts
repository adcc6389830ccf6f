import { describe, expect, it } from 'vitest'
import { manifests } from '@/connectors/manifests'
import { SigilError } from '@/lib/errors/SigilError'
import type { ShownErrorReason } from '@/lib/errors/shownError'
import { defaultLocale, locales, type Locale } from './locales'
import type { Messages } from './messages'
import { plainErrors } from './plainErrors'

type Strings = Record<string, string>

function isStrings(value: unknown): value is Strings {
  return typeof value === 'object' && value !== null && Object.values(value).length > 0 && Object.values(value).every((text) => typeof text === 'string')
}

/**
 * Every error code the catalogues hold, found by reading them rather than listed by hand: each module
 * of lib/i18n exports its section, and a section's `errors` (or the shared `errors` export itself)
 * maps codes to the raised English; so does each family's manifest (connectors/manifests.ts) for the
 * sections it declares. A new family's section, or a new code in one, shows up here.
 */
const catalogueModules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts', '!./requestLocale.ts', '!./use*.ts'], { eager: true })
const catalogueCodes = new Set<string>()
for (const exports of Object.values(catalogueModules)) {
  for (const [name, value] of Object.entries(exports)) {
    if (name === 'errors' && isStrings(value)) for (const code of Object.keys(value)) catalogueCodes.add(code)
    const section = typeof value === 'object' && value !== null ? (value as { errors?: unknown }).errors : undefined
    if (isStrings(section)) for (const code of Object.keys(section)) catalogueCodes.add(code)
  }
}
for (const manifest of manifests) {
  for (const section of Object.values(manifest.messages.sections)) for (const code of Object.keys(section.errors ?? {})) catalogueCodes.add(code)
}

/** And every code an error class raises (`static code`), in case one were raised outside the catalogues. */
const errorModules = import.meta.glob<Record<string, unknown>>(['/lib/errors/*.ts', '/lib/**/errors.ts', '/connectors/**/errors.ts', '!**/*.test.ts'], { eager: true })
const raisedCodes = new Set<string>()
for (const exports of Object.values(errorModules)) {
  for (const value of Object.values(exports)) {
    if (typeof value !== 'function' || !(value.prototype instanceof SigilError)) continue
    const code = (value as { code?: unknown }).code
    if (typeof code === 'string') raisedCodes.add(code)
  }
}

/** The causes the page words instead of the code (`ShownError['reason']`). */
const reasons: string[] = ['page_part_lost'] satisfies ShownErrorReason[]

const translated = locales.filter((locale): locale is Exclude<Locale, 'en'> => locale !== defaultLocale)

async function load(locale: Exclude<Locale, 'en'>): Promise<Messages> {
  return ((await import(`./locales/${locale}.ts`)) as { messages: Messages }).messages
}

describe('the page’s words for errors', () => {
  it('finds the catalogues’ codes (the shared wallet errors, the sign-in API’s, each family’s) and the raised ones', () => {
    // A floor, so a glob that stopped matching cannot pass by finding nothing.
    expect(catalogueCodes.size).toBeGreaterThan(80)
    for (const code of ['connection_rejected', 'network_switching_only_available_in_wallet', 'rate_limited', 'walletconnect_pairing_expired', 'embedded_code_invalid']) {
      expect(catalogueCodes, code).toContain(code)
    }
    expect(raisedCodes.size).toBeGreaterThan(20)
  })

  it('has English for every code a user can see, and for no other (the causes worded instead of a code aside)', () => {
    expect(Object.keys(plainErrors).filter((key) => !reasons.includes(key)).sort()).toEqual([...catalogueCodes].sort())
    for (const reason of reasons) expect(catalogueCodes, `${reason} is a cause, not a code`).not.toContain(reason)
    for (const code of raisedCodes) expect(Object.keys(plainErrors), code).toContain(code)
  })

  it.each(translated)('has %s for every code a user can see, and every cause', async (locale) => {
    const { errors } = await load(locale)
    for (const code of [...catalogueCodes, ...reasons]) expect(errors[code as keyof typeof errors], `${locale} ${code}`).toBeTypeOf('string')
  })

  it.each(['en', ...translated] as const)('says each error in %s in words, ending as a sentence, never as its code', async (locale) => {
    const errors: Strings = locale === 'en' ? plainErrors : (await load(locale)).errors
    for (const [code, text] of Object.entries(errors)) {
      expect(text.trim().length, `${locale} ${code}`).toBeGreaterThan(10)
      expect(text, `${locale} ${code}`).not.toBe(code)
      expect(text, `${locale} ${code}`).not.toContain(code)
      expect(text, `${locale} ${code}`).toMatch(/[.。．]$/)
    }
  })

  it('words in English the catalogue messages that read as developer notes, with the next step', () => {
    expect(plainErrors.network_switching_only_available_in_wallet).toBe('Switch the network in your wallet app.')
    expect(plainErrors.provider_not_found).not.toMatch(/provider/i)
    expect(plainErrors.connection_rejected).toMatch(/try again/i)
  })
})
