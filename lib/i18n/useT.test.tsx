// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { embedded } from './embedded'
import { LocaleProvider, useLocale } from './LocaleProvider'
import { messages as de } from './locales/de'
import { messages as ja } from './locales/ja'
import { useFamilyT, useT } from './useT'

function Probe() {
  const t = useT()
  const tEmbedded = useFamilyT('embedded', embedded.ui)
  return (
    <p data-locale={useLocale()}>
      {t('connect.opening', { wallet: 'MetaMask' })} | {tEmbedded('continue')}
    </p>
  )
}

describe('useT and useFamilyT', () => {
  afterEach(cleanup)

  it('read English when no provider is there (component tests, and English pages)', () => {
    render(<Probe />)
    expect(screen.getByText('Opening MetaMask… | Continue').dataset.locale).toBe('en')
  })

  it('read the strings the server passed for the request’s locale, placeholders filled', () => {
    render(
      <LocaleProvider locale="de" messages={de}>
        <Probe />
      </LocaleProvider>,
    )
    expect(screen.getByText('MetaMask wird geöffnet… | Weiter').dataset.locale).toBe('de')
  })

  it('follow the provider when the locale changes (the switcher re-renders the page in place)', () => {
    const { rerender } = render(
      <LocaleProvider locale="de" messages={de}>
        <Probe />
      </LocaleProvider>,
    )
    rerender(
      <LocaleProvider locale="ja" messages={ja}>
        <Probe />
      </LocaleProvider>,
    )
    expect(screen.getByText('MetaMask を開いています… | 続ける').dataset.locale).toBe('ja')
  })
})
