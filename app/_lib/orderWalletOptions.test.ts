import { describe, expect, it } from 'vitest'
import { orderWalletOptions } from './orderWalletOptions'

describe('orderWalletOptions', () => {
  it('puts installed wallets before the others', () => {
    const ordered = orderWalletOptions([
      { key: 'rainbow', installed: false },
      { key: 'rabby', installed: true },
      { key: 'trust', installed: false },
      { key: 'metamask', installed: true },
    ])
    expect(ordered.map((option) => option.key)).toEqual(['rabby', 'metamask', 'rainbow', 'trust'])
  })

  it('keeps the given order within each group and does not change its input', () => {
    const input = [
      { key: 'a', installed: false },
      { key: 'b', installed: false },
    ]
    expect(orderWalletOptions(input)).toEqual(input)
    expect(orderWalletOptions(input)).not.toBe(input)
  })

  it('returns an empty list for no wallets', () => {
    expect(orderWalletOptions([])).toEqual([])
  })
})
