// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { loadedConnectedView } from './loadConnectedView'

describe("the connect dialog's chunk", () => {
  it('carries the account view: once the dialog is here, a connection shows the account with no further request', async () => {
    expect(loadedConnectedView()).toBeUndefined()
    const { loadConnectDialog } = await import('./loadConnectDialog')
    await loadConnectDialog()
    expect(loadedConnectedView()?.ConnectedView).toBeTypeOf('function')
  })
})
