// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { localChain } from '@sigil/lib/chains'
import { installTestHandle } from './testHandles'

const MAINNET = 1

describe('test handles: one gate, the local chain', () => {
  afterEach(() => {
    delete window.__sigilTest
  })

  it('installs nothing in a build without the local chain (every deployment)', () => {
    const remove = installTestHandle([MAINNET, 8453], 'switchChain', async () => undefined)
    expect(window.__sigilTest).toBeUndefined()
    remove()
    expect(window.__sigilTest).toBeUndefined()
  })

  it('installs the handle where the local chain is offered, and removes it again', async () => {
    const asked: number[] = []
    const remove = installTestHandle([MAINNET, localChain.id], 'switchChain', async (chainId) => void asked.push(chainId))
    await window.__sigilTest?.switchChain?.(424242)
    expect(asked).toEqual([424242])
    remove()
    expect(window.__sigilTest?.switchChain).toBeUndefined()
  })

  it('a removal leaves a newer handle alone (StrictMode mounts twice, a remount replaces)', () => {
    const first = async () => undefined
    const second = async () => undefined
    const removeFirst = installTestHandle([localChain.id], 'switchChain', first)
    installTestHandle([localChain.id], 'switchChain', second)
    removeFirst()
    expect(window.__sigilTest?.switchChain).toBe(second)
  })

  it('handles live side by side under one name', () => {
    const provider = { request: async () => null }
    installTestHandle([localChain.id], 'embeddedProvider', provider)
    installTestHandle([localChain.id], 'switchChain', async () => undefined)
    expect(window.__sigilTest?.embeddedProvider).toBe(provider)
    expect(typeof window.__sigilTest?.switchChain).toBe('function')
  })
})
