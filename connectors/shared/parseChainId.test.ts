import { describe, expect, it } from 'vitest'
import { ChainNotSupportedError } from '@sigil/lib/errors/wallet'
import { parseChainId } from './parseChainId'

describe('parseChainId', () => {
  it('converts the EIP-1193 hex quantity to a number', () => {
    expect(parseChainId('0x2105')).toBe(8453)
    expect(parseChainId('0x7a69')).toBe(31337)
  })
  it('accepts decimal strings and numbers that some wallets send', () => {
    expect(parseChainId('8453')).toBe(8453)
    expect(parseChainId(10)).toBe(10)
  })
  it.each([['0x'], ['0x0'], [''], ['base'], [-1], [1.5], [null], [undefined], ['0x' + 'f'.repeat(17)], [{}]])(
    'rejects %j with ChainNotSupportedError',
    (value) => {
      expect(() => parseChainId(value)).toThrow(ChainNotSupportedError)
    },
  )
})
