import { describe, expect, it, vi } from 'vitest'
import { endSession } from './endSession'
import { setLogSink } from './logger'
import { createPersistedValues } from './persistedValues'
import { createMemoryStorage } from './storage'

function connectedValues() {
  const storage = createMemoryStorage()
  const persisted = createPersistedValues('metamask', storage)
  persisted.setActiveAccount('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  persisted.setSessionTopic('topic')
  persisted.setSwitchedNetwork(true)
  persisted.setCurrentChain(1)
  return { storage, persisted }
}

describe('endSession', () => {
  it('clears the four persisted values, then disconnects the provider', async () => {
    const { storage, persisted } = connectedValues()
    const disconnectProvider = vi.fn(() => {
      expect(storage.size).toBe(0)
    })
    await endSession({ persisted, disconnectProvider, connectorKey: 'metamask' })
    expect(disconnectProvider).toHaveBeenCalledTimes(1)
    expect(storage.size).toBe(0)
  })

  it('still clears everything when the provider fails to disconnect, and logs it', async () => {
    const { storage, persisted } = connectedValues()
    const logged: string[] = []
    const restore = setLogSink((_level, event) => logged.push(event))
    try {
      await expect(
        endSession({ persisted, disconnectProvider: async () => Promise.reject(new Error('gone')), connectorKey: 'metamask' }),
      ).resolves.toBeUndefined()
    } finally {
      restore()
    }
    expect(storage.size).toBe(0)
    expect(logged).toEqual(['provider_disconnect_failed'])
  })
})
