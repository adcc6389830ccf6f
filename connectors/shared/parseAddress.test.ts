import { describe, expect, it } from 'vitest'
import { InvalidAddressError } from '@sigil/lib/errors/wallet'
import { parseAddress, tryParseAddress } from './parseAddress'

const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('parseAddress', () => {
  it('returns the EIP-55 checksummed form of a lowercase address', () => {
    expect(parseAddress(CHECKSUMMED.toLowerCase())).toBe(CHECKSUMMED)
  })
  it('accepts an all-uppercase hex body (no checksum to check)', () => {
    expect(parseAddress(`0x${CHECKSUMMED.slice(2).toUpperCase()}`)).toBe(CHECKSUMMED)
  })
  it('accepts a correctly checksummed address unchanged', () => {
    expect(parseAddress(CHECKSUMMED)).toBe(CHECKSUMMED)
  })
  it.each([
    ['39 hex characters', CHECKSUMMED.slice(0, -1)],
    ['41 hex characters', `${CHECKSUMMED.toLowerCase()}0`],
    ['no 0x prefix', CHECKSUMMED.slice(2)],
    ['a non-hex character', `0x${'g'.repeat(40)}`],
    ['surrounding whitespace', ` ${CHECKSUMMED}`],
    ['a CAIP-10 account id', `eip155:1:${CHECKSUMMED}`],
    ['a number', 42],
    ['null', null],
    ['an object', { address: CHECKSUMMED }],
    ['a mixed-case address with a wrong checksum', '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  ])('rejects %s with InvalidAddressError', (_label, value) => {
    expect(() => parseAddress(value)).toThrow(InvalidAddressError)
    expect(() => parseAddress(value)).toThrow('That is not a valid address.')
  })
  it('states the rule and the offending value in metaMessages', () => {
    try {
      parseAddress('0x123')
      expect.unreachable()
    } catch (error) {
      expect((error as InvalidAddressError).metaMessages).toEqual([
        'An address is 0x followed by 40 hexadecimal characters.',
        'Got: 0x123',
      ])
    }
  })
  it('tryParseAddress returns undefined instead of throwing', () => {
    expect(tryParseAddress('nope')).toBeUndefined()
    expect(tryParseAddress(CHECKSUMMED.toLowerCase())).toBe(CHECKSUMMED)
  })
})
