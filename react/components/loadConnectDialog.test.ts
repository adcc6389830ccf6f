// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { loadedConnectedView } from './runtimeViews'

describe("the connect dialog's chunk", () => {
  it('does not carry the account view: the dialog opens without it, and it loads on its own when asked', async () => {
    expect(loadedConnectedView()).toBeUndefined()
    const { loadConnectDialog } = await import('./loadConnectDialog')
    expect((await loadConnectDialog()).ConnectDialog).toBeTypeOf('function')
    expect(loadedConnectedView()).toBeUndefined()
    const { preloadConnectedView } = await import('./loadConnectedView')
    expect(await preloadConnectedView()).toBe(true)
    expect(loadedConnectedView()?.ConnectedView).toBeTypeOf('function')
  }, 60_000)
})
