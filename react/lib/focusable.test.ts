import { describe, expect, it } from 'vitest'
import { wrapFocusTarget } from './focusable'

describe('wrapFocusTarget', () => {
  const items = ['close', 'metamask', 'rabby']

  it('wraps Tab on the last element to the first', () => {
    expect(wrapFocusTarget(items, 'rabby', false)).toBe('close')
  })

  it('wraps Shift+Tab on the first element to the last', () => {
    expect(wrapFocusTarget(items, 'close', true)).toBe('rabby')
  })

  it('lets the browser move focus between inner elements', () => {
    expect(wrapFocusTarget(items, 'metamask', false)).toBeNull()
    expect(wrapFocusTarget(items, 'metamask', true)).toBeNull()
  })

  it('pulls focus back in when it is outside the dialog', () => {
    expect(wrapFocusTarget(items, 'elsewhere', false)).toBe('close')
    expect(wrapFocusTarget(items, null, true)).toBe('rabby')
  })

  it('does nothing when there is nothing to focus', () => {
    expect(wrapFocusTarget([], null, false)).toBeNull()
  })
})
