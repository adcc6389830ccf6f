import { describe, expect, it, vi } from 'vitest'

/**
 * The registry between the runtime's chunk and the views it loads (runtimeViews.ts). A page the
 * server rendered connected loads its account view on its own, before the runtime's chunk arrives
 * when the page is idle: a view asked for in that window (the linking dialog) waits for the runtime's
 * hand-over instead of failing for good (a failed lazy import is cached until a reload).
 */
describe('the runtime’s views', () => {
  it('asked for before the runtime handed them over, arrive once it does', async () => {
    vi.resetModules()
    const views = await import('./runtimeViews')
    const ConnectDialog = () => null
    const ConnectedView = () => null
    let settled = false
    const dialog = views.loadConnectDialogInRuntime().then((module) => {
      settled = true
      return module
    })
    const view = views.preloadConnectedViewInRuntime()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(false)
    views.provideRuntimeViews({ connectDialog: async () => ({ ConnectDialog }), connectedView: async () => ({ ConnectedView }) })
    expect((await dialog).ConnectDialog).toBe(ConnectDialog)
    expect(await view).toBe(true)
  })

  it('a view whose chunk fails to load is asked for again on the next call', async () => {
    vi.resetModules()
    const views = await import('./runtimeViews')
    const ConnectedView = () => null
    let fail = true
    views.provideRuntimeViews({
      connectDialog: () => Promise.reject(new Error('unused')),
      connectedView: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ ConnectedView })),
    })
    expect(await views.preloadConnectedViewInRuntime()).toBe(false)
    fail = false
    expect(await views.preloadConnectedViewInRuntime()).toBe(true)
  })
})
