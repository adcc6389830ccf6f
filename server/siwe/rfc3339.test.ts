import { describe, expect, it } from 'vitest'
import { parseRfc3339 } from './rfc3339'

describe('parseRfc3339', () => {
  it('reads the forms other clients write: with or without a fraction, Z or an offset, T and Z in either case', () => {
    const instant = '2026-11-26T11:45:00.000Z'
    for (const value of ['2026-11-26T11:45:00Z', '2026-11-26T11:45:00.000Z', '2026-11-26T13:45:00+02:00', '2026-11-26T06:15:00-05:30', '2026-11-26t11:45:00z', '2026-11-26T11:45:00+00:00', '2026-11-26T11:45:00-00:00']) {
      expect(parseRfc3339(value)?.toISOString(), value).toBe(instant)
    }
    expect(parseRfc3339('2026-11-26T11:45:00.5Z')?.toISOString()).toBe('2026-11-26T11:45:00.500Z')
    expect(parseRfc3339('2026-11-26T11:45:00.123456789Z')?.toISOString()).toBe('2026-11-26T11:45:00.123Z')
    expect(parseRfc3339('2028-02-29T00:00:00Z')?.toISOString()).toBe('2028-02-29T00:00:00.000Z')
    expect(parseRfc3339('2000-02-29T00:00:00Z')).toBeDefined()
  })

  it('refuses what Date would roll over or guess at', () => {
    for (const value of [
      '2026-02-29T00:00:00Z', // not a leap year
      '1900-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-00-10T00:00:00Z',
      '2026-01-00T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T23:60:00Z',
      '2026-12-31T23:59:60Z', // a leap second
      '2026-01-01T00:00:00+24:00',
      '2026-01-01T00:00:00+02:60',
      '2026-01-01T00:00:00+0200',
      '2026-01-01T00:00:00',
      '2026-01-01 00:00:00Z',
      '2026-01-01T00:00Z',
      '2026-01-01T00:00:00.Z',
      '2026-01-01T00:00:00.1234567890Z',
      '2026-01-01',
      '+2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00Z ',
      '２026-01-01T00:00:00Z',
      '',
    ]) expect(parseRfc3339(value), value).toBeUndefined()
  })
})
