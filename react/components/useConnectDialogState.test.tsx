// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useConnectDialogState } from './useConnectDialogState'

describe('useConnectDialogState', () => {
  afterEach(cleanup)

  it('reads the last-used wallet once, for the first state', () => {
    let reads = 0
    const { result, rerender } = renderHook(() =>
      useConnectDialogState(() => {
        reads += 1
        return 'metamask'
      }),
    )
    rerender()
    expect(result.current[0].lastUsedKey).toBe('metamask')
    expect(reads).toBe(1)
  })

  it('has the state after an action before any render: a kept tap taken by one caller is gone for the next', () => {
    const { result } = renderHook(() => useConnectDialogState(() => undefined))
    const [, send, latest] = result.current
    act(() => send({ type: 'tapKept', key: 'rainbow' }))
    expect(result.current[0].pendingKey).toBe('rainbow')
    const seen: (string | undefined)[] = []
    act(() => {
      // A click on another row drops the kept tap; the effect that would act on it runs before the
      // render and must see it gone.
      send({ type: 'tapDropped' })
      seen.push(latest.current.pendingKey, result.current[0].pendingKey)
    })
    expect(seen).toEqual([undefined, 'rainbow'])
    expect(result.current[0]).toEqual(latest.current)
  })

  it('renders the same state as `latest` after a series of actions, and nothing for an action that changes nothing', () => {
    let renders = 0
    const { result } = renderHook(() => {
      renders += 1
      return useConnectDialogState(() => undefined)
    })
    const [, send, latest] = result.current
    const before = renders
    act(() => send({ type: 'tapDropped' }))
    expect(renders).toBe(before)
    act(() => {
      send({ type: 'familyReady' })
      send({ type: 'closed' })
      send({ type: 'familyReady' })
    })
    expect(result.current[0]).toEqual(latest.current)
    expect(result.current[0]).toMatchObject({ readiness: 1, closed: true, attempt: 1 })
  })
})
