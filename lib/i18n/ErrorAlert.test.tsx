// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { shownError } from '@/lib/errors/shownError'
import { ConnectionRejectedError, InAppBrowserBaseNotFoundError } from '@/lib/errors/wallet'
import { HttpError } from '@/lib/errors/HttpError'
import { embeddedErrors } from '@sigil/server/embedded/httpErrors'
import { ErrorAlert } from './ErrorAlert'
import { errors } from './errors'
import { LocaleProvider } from './LocaleProvider'
import { messages as de } from './locales/de'
import { messages as ja } from './locales/ja'
import { plainErrors } from './plainErrors'

describe('ErrorAlert', () => {
  afterEach(cleanup)

  it('says a connector’s error in the page’s language, with the catalogue’s English message and the code as its detail', () => {
    render(
      <LocaleProvider locale="de" messages={de}>
        <ErrorAlert error={shownError(new ConnectionRejectedError())} testId="connect-error" />
      </LocaleProvider>,
    )
    const alert = screen.getByRole('alert')
    expect(alert.dataset.testid).toBe('connect-error')
    expect(alert.dataset.code).toBe('connection_rejected')
    expect(alert.querySelector('p')?.textContent).toBe(de.errors.connection_rejected)
    const detail = screen.getByTestId('connect-error-detail')
    expect(detail.textContent).toBe('Connection rejected. Please try again. connection_rejected')
    expect(detail.querySelector('code')?.textContent).toBe('connection_rejected')
    expect(detail.lang).toBe('en')
    // Folded under the page's own word for "Details", closed until asked for.
    const fold = screen.getByTestId('connect-error-details') as HTMLDetailsElement
    expect(fold.tagName).toBe('DETAILS')
    expect(fold.open).toBe(false)
    expect(fold.querySelector('summary')?.textContent).toBe(de.ui['error.details'])
    expect(fold.contains(detail)).toBe(true)
  })

  it('says a part of the page was lost, not what the code says, when that caused the error; the code and its English stay beneath', () => {
    const lostChunk = Object.assign(new Error('Failed to load chunk /_next/static/chunks/0f3a.js'), { name: 'ChunkLoadError' })
    render(
      <LocaleProvider locale="de" messages={de}>
        <ErrorAlert error={shownError(new ConnectionRejectedError({ cause: lostChunk }))} testId="connect-error" />
      </LocaleProvider>,
    )
    const alert = screen.getByRole('alert')
    expect(alert.dataset.code).toBe('connection_rejected')
    expect(alert.querySelector('p')?.textContent).toBe(de.errors.page_part_lost)
    expect(de.errors.page_part_lost).not.toBe(de.errors.connection_rejected)
    expect(screen.getByTestId('connect-error-detail').textContent).toBe('Connection rejected. Please try again. connection_rejected')
    cleanup()
    // An error without a known code says it too, in English without a provider.
    render(<ErrorAlert error={shownError(new Error('x', { cause: lostChunk }))} testId="sign-error" />)
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe(plainErrors.page_part_lost)
  })

  it('fills the error’s values into the page’s words', () => {
    render(
      <LocaleProvider locale="ja" messages={ja}>
        <ErrorAlert error={shownError(new InAppBrowserBaseNotFoundError('TokenPocket'))} testId="connect-error" />
      </LocaleProvider>,
    )
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe(ja.errors.in_app_browser_base_not_found.replaceAll('{wallet}', 'TokenPocket'))
    expect(screen.getByTestId('connect-error-detail').textContent).toBe(`${errors.in_app_browser_base_not_found.replace('{wallet}', 'TokenPocket')} in_app_browser_base_not_found`)
  })

  it('says an API’s answer by its code, attempts left included, and keeps the API’s English as the detail', () => {
    const answer = new HttpError(embeddedErrors, 'embedded_code_invalid', { status: 400, attemptsLeft: 3 })
    render(
      <LocaleProvider locale="de" messages={de}>
        <ErrorAlert error={shownError(answer)} testId="connect-error" />
      </LocaleProvider>,
    )
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe(de.errors.embedded_code_invalid.replace('{attemptsLeft}', '3'))
    expect(screen.getByTestId('connect-error-detail').textContent).toBe('That code is not right. 3 attempts left. embedded_code_invalid')
  })

  it('speaks English plainly without a provider, the catalogue’s English message beneath', () => {
    render(<ErrorAlert error={{ message: errors.network_switching_only_available_in_wallet, code: 'network_switching_only_available_in_wallet' }} testId="chain-error" />)
    expect(screen.getByRole('alert').querySelector('p')?.textContent).toBe('Switch the network in your wallet app.')
    expect(screen.getByTestId('chain-error-detail').textContent).toContain(errors.network_switching_only_available_in_wallet)
  })

  it('shows the code alone beneath words that are already the message, and the message alone for an error without a known code', () => {
    render(<ErrorAlert error={{ message: plainErrors.embedded_code_expired, code: 'embedded_code_expired' }} testId="a" />)
    expect(screen.getByTestId('a-detail').textContent).toBe('embedded_code_expired')
    cleanup()
    render(<ErrorAlert error={{ message: 'Chunk failed to load.' }} testId="b" />)
    expect(screen.getByRole('alert').textContent).toBe('Chunk failed to load.')
    expect(screen.queryByTestId('b-detail')).toBeNull()
  })
})
