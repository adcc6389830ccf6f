import { describe, expect, it } from 'vitest'
import { messages as de } from '@/lib/i18n/locales/de'
import { messages as ja } from '@/lib/i18n/locales/ja'
import { ui } from '@/lib/i18n/ui'
import { CANCEL_PAGE_TEXT } from '@sigil/server/i18n/cancelPageLocales'
import { MAIL_TEXT } from '@sigil/server/i18n/mailLocales'
import { englishLeaks } from '@/tests/fixtures/englishLeaks'

const all = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(all) : []

describe('englishLeaks', () => {
  it('finds English grammar around names, whole English strings and untranslated parts of longer ones', () => {
    expect(englishLeaks(['Chrome on Android', 'Sign out', ui['connect.retry'], `Fehler: ${ui['auth.sessions.loading']}`], 'de')).toEqual([
      'Chrome on Android',
      'Sign out',
      ui['connect.retry'],
      `Fehler: ${ui['auth.sessions.loading']}`,
    ])
  })

  it('passes names, data and the page’s own words', () => {
    const texts = ['Coinbase Smart Wallet', 'MetaMask', 'OP Mainnet', 'Chrome auf Android', '0x000000000000000000000000000000000000dEaD', 'ann@example.test', 'https://sigil.test/api/embedded/recovery/cancel?token=abc']
    expect(englishLeaks(texts, 'de')).toEqual([])
  })

  // The static half of the untranslated-string check: every German and Japanese string the page, the
  // vault, the mails and the cancel page can show passes (the e2e reads the screens themselves).
  it.each([
    ['de', [de, MAIL_TEXT.de, CANCEL_PAGE_TEXT.de]],
    ['ja', [ja, MAIL_TEXT.ja, CANCEL_PAGE_TEXT.ja]],
  ] as const)('finds no English in the %s catalogues, mails and cancel page', (locale, catalogues) => {
    expect(englishLeaks(all(catalogues), locale)).toEqual([])
  })
})
