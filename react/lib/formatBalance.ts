import { formatUnits } from 'viem'

/**
 * A native balance as people read it in `locale`: thousands grouped and the decimal mark as that
 * language writes them, at most `fractionDigits` decimals (cut, never rounded up: a wallet must not
 * look richer than it is), trailing zeros dropped, and a tiny non-zero balance shown as "< 0.0001"
 * rather than a misleading 0. Digits are cut on the exact decimal string, never through a float.
 */
export function formatBalance(value: bigint, decimals: number, symbol: string, fractionDigits = 4, locale = 'en-US'): string {
  const [whole = '0', fraction = ''] = formatUnits(value, decimals).split('.')
  const grouped = BigInt(whole).toLocaleString(locale)
  const mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  const kept = fraction.slice(0, fractionDigits).replace(/0+$/, '')
  if (value > 0n && whole === '0' && !kept) return `< 0${mark}${'0'.repeat(fractionDigits - 1)}1 ${symbol}`
  return `${grouped}${kept ? `${mark}${kept}` : ''} ${symbol}`
}
