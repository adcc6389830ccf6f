import { describe, expect, it } from 'vitest'
import { shortenAddress } from './shortenAddress'

describe('shortenAddress', () => {
  it('keeps 0x plus four characters and the last four, checksummed', () => {
    expect(shortenAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe('0xf39F…2266')
  })

  it('accepts an already checksummed address', () => {
    expect(shortenAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('0x7099…79C8')
  })

  it('throws a clear error for something that is not an address', () => {
    expect(() => shortenAddress('0x1234')).toThrow(/invalid/i)
  })
})
