import { formatUnits } from 'viem'

/**
 * A native balance as people read it: thousands grouped, at most `fractionDigits` decimals (cut,
 * never rounded up: a wallet must not look richer than it is), trailing zeros dropped, and a tiny
 * non-zero balance shown as "< 0.0001" rather than a misleading 0.
 */
export function formatBalance(value: bigint, decimals: number, symbol: string, fractionDigits = 4): string {
  const [whole = '0', fraction = ''] = formatUnits(value, decimals).split('.')
  const grouped = BigInt(whole).toLocaleString('en-US')
  const kept = fraction.slice(0, fractionDigits).replace(/0+$/, '')
  if (value > 0n && whole === '0' && !kept) return `< 0.${'0'.repeat(fractionDigits - 1)}1 ${symbol}`
  return `${grouped}${kept ? `.${kept}` : ''} ${symbol}`
}
