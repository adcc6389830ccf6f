import { describe, expect, it } from 'vitest'
import { lastUsedOption, orderWalletOptions } from './orderWalletOptions'

const keys = (options: readonly { key: string }[]) => options.map((option) => option.key)

describe('orderWalletOptions', () => {
  it('puts installed wallets before the others', () => {
    const ordered = orderWalletOptions([
      { key: 'rainbow', installed: false },
      { key: 'rabby', installed: true },
      { key: 'trust', installed: false },
      { key: 'metamask', installed: true },
    ])
    expect(keys(ordered)).toEqual(['rabby', 'metamask', 'rainbow', 'trust'])
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
    expect(orderWalletOptions([], 'metamask')).toEqual([])
  })
})

describe('orderWalletOptions with a last-used wallet', () => {
  const connector = {}
  const options = [
    { key: 'sigiltestwallet', installed: true, connector },
    { key: 'secondtestwallet', installed: true, connector },
    { key: 'walletconnect', installed: true, connector },
    { key: 'embedded', installed: true, connector },
    { key: 'rainbow', installed: false, connector },
    { key: 'metamask', installed: false },
    { key: 'trust', installed: false },
  ]

  it('lists the last-used installed wallet first and the rest as before', () => {
    expect(keys(orderWalletOptions(options, 'secondtestwallet'))).toEqual([
      'secondtestwallet',
      'sigiltestwallet',
      'walletconnect',
      'embedded',
      'rainbow',
      'metamask',
      'trust',
    ])
    expect(keys(orderWalletOptions(options, 'embedded'))[0]).toBe('embedded')
  })

  it('lists first a wallet used over WalletConnect that is not installed here, ahead of the installed ones', () => {
    expect(keys(orderWalletOptions(options, 'rainbow'))).toEqual([
      'rainbow',
      'sigiltestwallet',
      'secondtestwallet',
      'walletconnect',
      'embedded',
      'metamask',
      'trust',
    ])
  })

  it('leaves the order alone when the remembered wallet is gone or cannot connect here', () => {
    const normal = keys(orderWalletOptions(options))
    // An extension removed since: no row, or a row with only an install link.
    expect(keys(orderWalletOptions(options, 'removedwallet'))).toEqual(normal)
    expect(keys(orderWalletOptions(options, 'metamask'))).toEqual(normal)
    expect(keys(orderWalletOptions(options, undefined))).toEqual(normal)
  })

  it('never lists a row twice', () => {
    const ordered = orderWalletOptions(options, 'walletconnect')
    expect(ordered).toHaveLength(options.length)
    expect(new Set(keys(ordered)).size).toBe(options.length)
  })
})

describe('lastUsedOption', () => {
  it('is the remembered row when it can connect here and now', () => {
    const row = { key: 'rabby', installed: true }
    expect(lastUsedOption([row], 'rabby')).toBe(row)
    expect(lastUsedOption([{ key: 'rainbow', installed: false, connector: {} }], 'rainbow')?.key).toBe('rainbow')
  })

  it('is nothing for no memory, an unknown key, or a row that cannot connect here', () => {
    expect(lastUsedOption([{ key: 'rabby', installed: true }], undefined)).toBeUndefined()
    expect(lastUsedOption([{ key: 'rabby', installed: true }], 'metamask')).toBeUndefined()
    expect(lastUsedOption([{ key: 'metamask', installed: false }], 'metamask')).toBeUndefined()
  })
})
