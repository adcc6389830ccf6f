// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { createLoadedModule } from './loadedModule'

describe('createLoadedModule', () => {
  it('is empty until marked, then keeps the module and tells each subscriber once per new module', () => {
    const cell = createLoadedModule<{ name: string }>()
    const listener = vi.fn()
    const unsubscribe = cell.subscribe(listener)
    expect(cell.get()).toBeUndefined()
    const first = { name: 'first' }
    expect(cell.mark(first)).toBe(first)
    expect(cell.mark(first)).toBe(first)
    expect(cell.get()).toBe(first)
    expect(listener).toHaveBeenCalledTimes(1)
    unsubscribe()
    cell.mark({ name: 'second' })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(cell.get()?.name).toBe('second')
  })
})
