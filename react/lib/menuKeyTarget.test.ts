import { describe, expect, it } from 'vitest'
import { menuKeyTarget } from './menuKeyTarget'

describe('menuKeyTarget', () => {
  it('moves down and up one item', () => {
    expect(menuKeyTarget('ArrowDown', 1, 4)).toBe(2)
    expect(menuKeyTarget('ArrowUp', 1, 4)).toBe(0)
  })

  it('wraps from the last item to the first and back', () => {
    expect(menuKeyTarget('ArrowDown', 3, 4)).toBe(0)
    expect(menuKeyTarget('ArrowUp', 0, 4)).toBe(3)
  })

  it('jumps to the ends with Home and End', () => {
    expect(menuKeyTarget('Home', 2, 4)).toBe(0)
    expect(menuKeyTarget('End', 0, 4)).toBe(3)
  })

  it('ignores other keys and empty menus', () => {
    expect(menuKeyTarget('a', 0, 4)).toBeNull()
    expect(menuKeyTarget('Enter', 0, 4)).toBeNull()
    expect(menuKeyTarget('ArrowDown', 0, 0)).toBeNull()
  })
})
