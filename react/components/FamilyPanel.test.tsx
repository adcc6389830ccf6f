// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WalletOption } from '@/react/wagmi/useWalletOptions'
import { LocaleProvider } from '@sigil/lib/i18n/LocaleProvider'
import { messages as de } from '@sigil/lib/i18n/locales/de'

/**
 * The family view starts a connection when it mounts and undoes it when it unmounts (a pairing, a
 * passkey ceremony). A view that mounted behind `lazy` must stay mounted when the dialog re-renders
 * after its chunk arrived: remounting it cancelled the WalletConnect pairing under way ("Connection
 * rejected" on a slow machine, where the warm-up finishing re-rendered the dialog just after).
 */
const chunk = await vi.hoisted(async () => (await import('@/tests/fixtures/lateChunk')).lateChunk())
const { mounts } = chunk

vi.mock('@sigil/connectors/walletConnect/panel/WalletConnectPanel', async () => {
  await chunk.arrived
  return { WalletConnectPanel: () => <chunk.Probe text="view" /> }
})
vi.mock('@sigil/connectors/embedded/panel/EmbeddedPanel', () => ({ EmbeddedPanel: () => null }))

const { FamilyPanel } = await import('./FamilyPanel')

const props = { option: { key: 'walletconnect' } as WalletOption, isMobile: false, onConnected: () => {}, onBack: () => {} }

describe('FamilyPanel', () => {
  afterEach(cleanup)

  it('a view that mounted while its chunk was loading is not remounted by the next render', async () => {
    const view = render(<FamilyPanel panel="walletconnect" {...props} />)
    expect(view.queryByTestId('probe')).toBeNull()
    await act(async () => {
      chunk.release()
      await chunk.arrived
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    await vi.waitFor(() => expect(view.getByTestId('probe')).toBeTruthy())
    expect(mounts).toEqual({ count: 1, unmounts: 0 })
    // The dialog re-renders (a row became ready, the warm-up finished): same view, same connection.
    view.rerender(<FamilyPanel panel="walletconnect" {...props} onBack={() => {}} />)
    view.rerender(<FamilyPanel panel="walletconnect" {...props} onConnected={() => {}} />)
    expect(mounts).toEqual({ count: 1, unmounts: 0 })
  })

  it('while the view’s chunk is on its way, a status says so in the page’s language', async () => {
    const view = render(
      <LocaleProvider locale="de" messages={de}>
        <FamilyPanel panel="embedded" {...props} />
      </LocaleProvider>,
    )
    const status = view.getByRole('status')
    expect(status.textContent).toBe(de.ui['connect.preparing'])
    expect(status.getAttribute('aria-label')).toBeNull()
  })
})
