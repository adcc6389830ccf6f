// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'

// Each test starts from a page that has asked for nothing yet: the loader keeps what was asked first.
beforeEach(() => {
  vi.resetModules()
  vi.doUnmock('./clientWalletWithDialog')
  vi.doUnmock('./clientWallet')
  vi.doUnmock('./walletGroupHeld')
  vi.doUnmock('@/react/components/runtimeViews')
  vi.doUnmock('@/react/components/ConnectDialog')
})

/**
 * The dialog's module, its runs counted (a run is its module evaluating). `failFirst`: the first run
 * throws, as a chunk that could not be fetched or a module that failed would.
 */
function countDialogRuns({ failFirst = false } = {}) {
  const runs = vi.fn()
  vi.doMock('@/react/components/ConnectDialog', async (importOriginal) => {
    runs()
    if (failFirst && runs.mock.calls.length === 1) throw new Error('the dialog failed to load')
    return importOriginal()
  })
  return runs
}

/**
 * The runtime's own loader of the dialog (what it `import()`s from inside its chunk, the loaders it
 * hands runtimeViews.ts), counted: a call is the runtime reaching the dialog its own way (a second fetch of its chunks
 * where the group did not bring them).
 */
async function countRuntimeDialogLoads() {
  const loads = vi.fn()
  vi.doMock('@/react/components/runtimeViews', async (importOriginal) => {
    const original = await importOriginal<typeof import('@/react/components/runtimeViews')>()
    return {
      ...original,
      provideRuntimeViews: (loaders: Parameters<typeof original.provideRuntimeViews>[0]) =>
        original.provideRuntimeViews({
          ...loaders,
          connectDialog: () => {
            loads()
            return loaders.connectDialog()
          },
        }),
    }
  })
  return loads
}

describe('the wallet runtime, alone or with the connect dialog', () => {
  it('a dialog wanted before the runtime comes with it in one load, run when first asked for; the runtime asked for after is that load, and nothing loads the dialog again', async () => {
    const runtimeDialogLoads = await countRuntimeDialogLoads()
    const dialogRuns = countDialogRuns()
    const { loadWalletRuntime, loadWalletRuntimeWithDialog } = await import('./loadWalletRuntime')
    const { loadedConnectDialog, loadConnectDialogInRuntime } = await import('@/react/components/runtimeViews')
    const { loadConnectDialog } = await import('@/react/components/loadConnectDialog')
    const withDialog = loadWalletRuntimeWithDialog()
    expect(withDialog).toBeDefined()
    expect(loadWalletRuntime()).toBe(withDialog)
    expect(loadWalletRuntimeWithDialog()).toBe(withDialog)
    // The group is here, its dialog not run yet: that waits for the first ask (the idle fetch, a tap).
    const group = await withDialog!
    expect(dialogRuns).not.toHaveBeenCalled()
    expect(loadedConnectDialog()).toBeUndefined()
    const dialog = await group.loadConnectDialogHere()
    expect(dialogRuns).toHaveBeenCalledTimes(1)
    expect(dialog.ConnectDialog).toBeTypeOf('function')
    // Recorded for the views inside the runtime (a linking dialog) and for the idle fetch.
    expect(loadedConnectDialog()).toBe(dialog)
    expect(await loadConnectDialogInRuntime()).toBe(dialog)
    expect(await loadConnectDialog({ chosen: [] })).toBe(dialog)
    expect(runtimeDialogLoads).not.toHaveBeenCalled()
    expect(dialogRuns).toHaveBeenCalledTimes(1)
  }, 60_000)

  it('a dialog in the group that failed to load is asked for afresh by the next ask, which opens it', async () => {
    const dialogRuns = countDialogRuns({ failFirst: true })
    const { loadWalletRuntimeWithDialog } = await import('./loadWalletRuntime')
    const { loadConnectDialog } = await import('@/react/components/loadConnectDialog')
    const group = await loadWalletRuntimeWithDialog()!
    await expect(group.loadConnectDialogHere()).rejects.toThrow()
    const dialog = await loadConnectDialog({ chosen: [] })
    expect(dialog.ConnectDialog).toBeTypeOf('function')
    expect(dialogRuns).toHaveBeenCalledTimes(2)
  }, 60_000)

  it('the dialog the group brought, not run yet, is what the runtime’s own views run, not their own way to it', async () => {
    const runtimeDialogLoads = await countRuntimeDialogLoads()
    const { loadWalletRuntimeWithDialog } = await import('./loadWalletRuntime')
    const { loadedConnectDialog, loadConnectDialogInRuntime } = await import('@/react/components/runtimeViews')
    await loadWalletRuntimeWithDialog()
    expect(loadedConnectDialog()).toBeUndefined()
    // A linking dialog from the account view asks first (the page connected before the idle fetch).
    const dialog = await loadConnectDialogInRuntime()
    expect(dialog.ConnectDialog).toBeTypeOf('function')
    expect(loadedConnectDialog()).toBe(dialog)
    expect(runtimeDialogLoads).not.toHaveBeenCalled()
  }, 60_000)

  it('a runtime asked for alone first leaves the dialog to come from inside it, once', async () => {
    const runtimeDialogLoads = await countRuntimeDialogLoads()
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
    expect(await loadConnectDialog({ chosen: [] })).toBe(dialog)
    expect(runtimeDialogLoads).toHaveBeenCalledTimes(1)
  }, 60_000)

  it('a load that failed is forgotten: the next ask, with the dialog or without, starts afresh', async () => {
    vi.doMock('./clientWalletWithDialog', () => {
      throw new Error('chunk failed')
    })
    const { loadWalletRuntime, loadWalletRuntimeWithDialog } = await import('./loadWalletRuntime')
    const failed = loadWalletRuntimeWithDialog()!
    await expect(failed).rejects.toThrow()
    vi.doUnmock('./clientWalletWithDialog')
    const retried = loadWalletRuntimeWithDialog()
    expect(retried).toBeDefined()
    expect(retried).not.toBe(failed)
    expect((await retried!).loadConnectDialogHere).toBeTypeOf('function')
    expect(loadWalletRuntime()).toBe(retried)
  }, 60_000)

  it('a runtime that failed alone is forgotten too: a dialog asked for next brings its own, and that is the runtime', async () => {
    vi.doMock('./clientWallet', () => {
      throw new Error('chunk failed')
    })
    const { loadWalletRuntime, loadWalletRuntimeWithDialog } = await import('./loadWalletRuntime')
    await expect(loadWalletRuntime()).rejects.toThrow()
    vi.doUnmock('./clientWallet')
    const withDialog = loadWalletRuntimeWithDialog()
    expect(withDialog).toBeDefined()
    expect(loadWalletRuntime()).toBe(withDialog)
    expect((await withDialog!).loadConnectDialogHere).toBeTypeOf('function')
  }, 60_000)
})

/** A module's runs counted (a run is its module evaluating), the module itself unchanged. */
function countRuns(path: './clientWalletWithDialog' | './walletGroupHeld') {
  const runs = vi.fn()
  vi.doMock(path, async (importOriginal) => {
    runs()
    return importOriginal()
  })
  return runs
}

describe('the runtime with the dialog, fetched as the page hydrates and run later', () => {
  it('fetching brings the group and runs none of its modules; the first ask runs it from that one fetch', async () => {
    const heldRuns = countRuns('./walletGroupHeld')
    const groupRuns = countRuns('./clientWalletWithDialog')
    const { fetchWalletRuntimeWithDialog, loadWalletRuntime, loadWalletRuntimeWithDialog } = await import('./loadWalletRuntime')
    fetchWalletRuntimeWithDialog()
    fetchWalletRuntimeWithDialog()
    await vi.waitFor(() => expect(heldRuns).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(groupRuns).not.toHaveBeenCalled()
    // The idle start or a tap: the group runs now, from the chunks already fetched.
    const withDialog = loadWalletRuntimeWithDialog()!
    expect((await withDialog).loadConnectDialogHere).toBeTypeOf('function')
    expect(groupRuns).toHaveBeenCalledTimes(1)
    expect(heldRuns).toHaveBeenCalledTimes(1)
    expect(loadWalletRuntime()).toBe(withDialog)
  }, 60_000)

  it('a fetch that failed is forgotten, and loses nothing: the next ask fetches afresh and runs the group', async () => {
    vi.doMock('./walletGroupHeld', () => {
      throw new Error('chunk failed')
    })
    const { fetchWalletRuntimeWithDialog, loadWalletRuntimeWithDialog } = await import('./loadWalletRuntime')
    fetchWalletRuntimeWithDialog()
    // The failed fetch rejects nothing the page waits on; a tap meeting it gets the failure.
    await expect(loadWalletRuntimeWithDialog()!).rejects.toThrow()
    vi.doUnmock('./walletGroupHeld')
    const retried = loadWalletRuntimeWithDialog()!
    expect((await retried).loadConnectDialogHere).toBeTypeOf('function')
  }, 60_000)

  it('nothing is fetched ahead once the runtime was asked for alone (a stored connection): its dialog comes from inside it', async () => {
    const heldRuns = countRuns('./walletGroupHeld')
    const { fetchWalletRuntimeWithDialog, loadWalletRuntime } = await import('./loadWalletRuntime')
    await loadWalletRuntime()
    fetchWalletRuntimeWithDialog()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(heldRuns).not.toHaveBeenCalled()
  }, 60_000)
})
