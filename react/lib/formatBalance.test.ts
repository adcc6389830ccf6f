import { parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatBalance } from './formatBalance'

describe('formatBalance', () => {
  it('groups thousands and keeps up to four decimals, cut rather than rounded up', () => {
    expect(formatBalance(parseEther('10000'), 18, 'ETH')).toBe('10,000 ETH')
    expect(formatBalance(parseEther('9999.99999'), 18, 'ETH')).toBe('9,999.9999 ETH')
    expect(formatBalance(parseEther('1.5'), 18, 'ETH')).toBe('1.5 ETH')
  })

  it('says zero for nothing and "< 0.0001" for dust', () => {
    expect(formatBalance(0n, 18, 'ETH')).toBe('0 ETH')
    expect(formatBalance(1n, 18, 'POL')).toBe('< 0.0001 POL')
  })

  it('follows the currency’s decimals', () => {
    expect(formatBalance(1_234_567n, 6, 'USDC')).toBe('1.2345 USDC')
  })

  it('writes the grouping and the decimal mark as the page’s language does', () => {
    expect(formatBalance(parseEther('12345.678'), 18, 'ETH', 4, 'de')).toBe('12.345,678 ETH')
    expect(formatBalance(parseEther('12345.678'), 18, 'ETH', 4, 'fr')).toBe('12\u202f345,678 ETH')
    expect(formatBalance(parseEther('12345.678'), 18, 'ETH', 4, 'ja')).toBe('12,345.678 ETH')
    expect(formatBalance(parseEther('1234.5'), 18, 'ETH', 4, 'pt-BR')).toBe('1.234,5 ETH')
    expect(formatBalance(1n, 18, 'ETH', 4, 'de')).toBe('< 0,0001 ETH')
  })
})
