// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { mainnet } from 'viem/chains'
import { afterEach, describe, expect, it } from 'vitest'
import { en } from '@sigil/lib/i18n/en'
import { plainErrors } from '@sigil/lib/i18n/plainErrors'
import { WrongNetworkBanner } from './WrongNetworkBanner'

/**
 * The wrong-network banner's failed switch says it as every other error on the page does: the plain
 * words, then the catalogue's message and code folded under "Details", readable on a phone and by a
 * screen reader (not only as a tooltip), and inside the banner's one alert.
 */
describe('WrongNetworkBanner', () => {
  afterEach(cleanup)

  it('a failed switch shows the plain words, with the catalogue message and its code under Details', () => {
    render(
      <WrongNetworkBanner
        target={mainnet}
        pending={false}
        error={{ message: 'Network switching is not available at this time. The user should manually switch network in their wallet', code: 'network_switching_only_available_in_wallet' }}
        onSwitch={() => undefined}
      />,
    )
    const error = screen.getByTestId('chain-error')
    expect(error.querySelector('p')?.textContent).toBe(plainErrors.network_switching_only_available_in_wallet)
    const detail = screen.getByTestId('chain-error-detail')
    expect(detail.textContent).toBe('Network switching is not available at this time. The user should manually switch network in their wallet network_switching_only_available_in_wallet')
    expect(screen.getByTestId('chain-error-details').querySelector('summary')?.textContent).toBe(en.ui['error.details'])
    expect(error.getAttribute('data-code')).toBe('network_switching_only_available_in_wallet')
    // One alert: the banner's.
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })
})
