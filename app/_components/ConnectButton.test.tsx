// @vitest-environment jsdom
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

/**
 * The click on "Connect wallet" fetches the account view as well as opening the dialog: the dialog's
 * logos then take the browser's connections, and a wallet picked at once would wait for them.
 */
const dialog = vi.hoisted(() => ({ preloads: 0 }))
vi.mock('./loadConnectDialog', () => ({ preloadConnectDialog: () => void (dialog.preloads += 1) }))
vi.mock('./ConnectedView', () => ({ ConnectedView: () => null }))

const { ConnectButton } = await import('./ConnectButton')
const { loadedConnectedView } = await import('./loadConnectedView')

describe('ConnectButton', () => {
  afterEach(cleanup)

  it('loads the dialog on hover, and the account view with the click that opens it', async () => {
    const onOpen = vi.fn()
    const view = render(<ConnectButton label="Connect wallet" onOpen={onOpen} />)
    const button = view.getByRole('button', { name: 'Connect wallet' })
    fireEvent.pointerEnter(button)
    expect(dialog.preloads).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(loadedConnectedView()).toBeUndefined()

    fireEvent.click(button)
    expect(onOpen).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(loadedConnectedView()).toBeDefined())
  })
})
