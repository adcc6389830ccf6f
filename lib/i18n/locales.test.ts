import { describe, expect, it } from 'vitest'
import { manifests } from '@/connectors/manifests'
import { localeCookie } from './localeCookie'
import { defaultLocale, locales, type Locale } from './locales'
import type { Messages } from './messages'
import { plainErrors } from './plainErrors'
import { ui } from './ui'

/** The families' view strings, by section, as their manifests declare them (connectors/manifests.ts). */
const families = Object.fromEntries(manifests.flatMap((manifest) => Object.entries(manifest.messages.sections).flatMap(([name, section]) => (section.ui ? [[name, section.ui]] : []))))

/** English, the source every locale translates, by section. */
const english = { ui, ...families, errors: plainErrors } as unknown as Record<keyof Messages, Readonly<Record<string, string>>>

const translated = locales.filter((locale): locale is Exclude<Locale, 'en'> => locale !== defaultLocale)

async function load(locale: Exclude<Locale, 'en'>): Promise<Messages> {
  return ((await import(`./locales/${locale}.ts`)) as { messages: Messages }).messages
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort()
}

describe.each(translated)('the %s catalogue', (locale) => {
  it('has every key of every English section it translates, and no other', async () => {
    const messages = await load(locale)
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort())
    for (const section of Object.keys(english) as (keyof Messages)[]) {
      expect(Object.keys(messages[section]).sort(), section).toEqual(Object.keys(english[section]).sort())
    }
  })

  it('names different actions differently: Disconnect (the wallet) is not Unlink (a linked wallet)', async () => {
    const messages = await load(locale)
    expect(messages.ui['disconnect.button']).not.toBe(messages.ui['auth.wallets.unlink'])
  })

  it('keeps each string’s {placeholders}', async () => {
    const messages = await load(locale)
    for (const [section, strings] of Object.entries(messages) as [keyof Messages, Record<string, string>][]) {
      for (const [key, text] of Object.entries(strings)) {
        expect(placeholders(text), `${section} ${key}`).toEqual(placeholders(english[section][key]!))
      }
    }
  })

  it('has no empty strings, stray whitespace or untranslated copies of long English strings', async () => {
    const messages = await load(locale)
    for (const [section, strings] of Object.entries(messages) as [keyof Messages, Record<string, string>][]) {
      for (const [key, text] of Object.entries(strings)) {
        expect(text.length, `${section} ${key}`).toBeGreaterThan(0)
        expect(text.trim(), `${section} ${key}`).toBe(text)
        // Short ones may rightly match ("Sigil", "Message" in French); sentences may not.
        if (text.length > 24) expect(text, `${section} ${key}`).not.toBe(english[section][key])
      }
    }
  })

  it('translates what the page shows for each error, never the raised messages: the sign-in API’s catalogue stays English', async () => {
    const messages = await load(locale)
    expect(Object.keys(messages.errors).sort()).toEqual(Object.keys(plainErrors).sort())
    expect(messages).not.toHaveProperty('auth')
  })
})

describe('localeCookie', () => {
  it('remembers the choice for a year, site-wide, SameSite=Lax, Secure on HTTPS', () => {
    expect(localeCookie('de', true)).toBe('sigil.locale=de; Max-Age=31536000; Path=/; Secure; SameSite=Lax')
    expect(localeCookie('zh-CN', false)).toBe('sigil.locale=zh-CN; Max-Age=31536000; Path=/; SameSite=Lax')
  })
})
