// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'

// Each test starts from a page that has asked for nothing yet: the loader keeps what was asked first.
beforeEach(() => {
  vi.resetModules()
})

describe('the wallet runtime, alone or with the connect dialog', () => {
  it('a dialog wanted before the runtime comes with it in one load, and the runtime asked for after is that load', async () => {
    const { loadWalletRuntime, loadWalletRuntimeWithDialog } = await import('./loadWalletRuntime')
    const { loadedConnectDialog } = await import('@/react/components/runtimeViews')
    const withDialog = loadWalletRuntimeWithDialog()
    expect(withDialog).toBeDefined()
    expect(loadWalletRuntime()).toBe(withDialog)
    expect(loadWalletRuntimeWithDialog()).toBe(withDialog)
    const runtime = await withDialog!
    const dialog = await runtime.loadConnectDialogHere()
    expect(dialog.ConnectDialog).toBeTypeOf('function')
    // Recorded for the views inside the runtime (a linking dialog), which then fetch nothing more.
    expect(loadedConnectDialog()).toBe(dialog)
    const { loadConnectDialogInRuntime } = await import('@/react/components/runtimeViews')
    expect(await loadConnectDialogInRuntime()).toBe(dialog)
    // The idle prefetch through the same runtime gets the same dialog, not a second load.
    const { loadConnectDialog } = await import('@/react/components/loadConnectDialog')
    expect(await loadConnectDialog({ chosen: undefined })).toBe(dialog)
  }, 60_000)

  it('a runtime asked for alone first leaves the dialog to come from inside it', async () => {
    const { loadWalletRuntime, loadWalletRuntimeWithDialog } = await import('./loadWalletRuntime')
    const runtime = loadWalletRuntime()
    expect(loadWalletRuntimeWithDialog()).toBeUndefined()
    const { loadConnectDialog } = await import('@/react/components/loadConnectDialog')
    const { loadedConnectDialog } = await import('@/react/components/runtimeViews')
    // The runtime alone brings no dialog: it comes from inside the runtime when asked for.
    await runtime
    expect(loadedConnectDialog()).toBeUndefined()
    const dialog = await loadConnectDialog()
    expect(dialog.ConnectDialog).toBeTypeOf('function')
    expect(loadedConnectDialog()).toBe(dialog)
  }, 60_000)

  it('a load that failed is forgotten: the next ask tries again', async () => {
    vi.doMock('./clientWalletWithDialog', () => {
      throw new Error('chunk failed')
    })
    const { loadWalletRuntime, loadWalletRuntimeWithDialog } = await import('./loadWalletRuntime')
    await expect(loadWalletRuntimeWithDialog()!).rejects.toThrow()
    vi.doUnmock('./clientWalletWithDialog')
    const runtime = loadWalletRuntime()
    expect(typeof (await runtime).startPageWallet).toBe('function')
  }, 60_000)
})
