// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ConnectedViewProps } from './viewProps'

/**
 * After a connection in the page (no server HTML to match), the account view is rendered directly
 * once its chunk is here, never through a suspending wrapper: React holds a Suspense boundary's
 * content back for up to 300 ms after its fallback showed, which is what a click with no hover
 * before it (the chunk still on the wire) paid.
 */
const chunk = await vi.hoisted(async () => (await import('@/tests/fixtures/lateChunk')).lateChunk())
const { mounts } = chunk

vi.mock('./ConnectedView', async () => {
  await chunk.arrived
  return { ConnectedView: ({ address }: ConnectedViewProps) => <chunk.Probe text={address} /> }
})

// The runtime's chunk (wagmi and the families) is what imports the view in the page; here only its
// hand-over of the view's loader is kept (react/components/runtimeViews.ts).
vi.mock('@/react/wagmi/clientWallet', async () => {
  const { provideRuntimeViews } = await import('./runtimeViews')
  provideRuntimeViews({ connectedView: () => import('./ConnectedView'), connectDialog: () => import('./ConnectDialog') })
  return {}
})

const { ConnectedSlot } = await import('./ConnectedSlot')
const { loadedConnectedView } = await import('./runtimeViews')

const props = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 31337 } as unknown as ConnectedViewProps

describe('ConnectedSlot', () => {
  afterEach(cleanup)

  it('keeps what it is given while the chunk is on its way (the page’s card, inert), then the view in the next commit, mounted once', async () => {
    const view = render(<ConnectedSlot {...props} whileLoading={<p data-testid="card">Connect wallet</p>} />)
    expect(view.getByTestId('card').textContent).toBe('Connect wallet')
    expect(loadedConnectedView()).toBeUndefined()
    await act(async () => {
      chunk.release()
      await chunk.arrived
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(view.getByTestId('probe').textContent).toBe(props.address)
    expect(view.queryByTestId('card')).toBeNull()
    expect(loadedConnectedView()).toBeDefined()
    expect(mounts).toEqual({ count: 1, unmounts: 0 })
    view.rerender(<ConnectedSlot {...props} chainId={1} />)
    expect(mounts).toEqual({ count: 1, unmounts: 0 })
  })

  it('renders a loaded view in the same commit as the connection', () => {
    const view = render(<ConnectedSlot {...props} />)
    expect(view.getByTestId('probe').textContent).toBe(props.address)
  })
})
