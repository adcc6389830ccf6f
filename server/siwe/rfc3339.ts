/**
 * RFC 3339 `date-time` (section 5.6), the grammar EIP-4361 names for its times, read strictly:
 * `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, `T` and `Z` in either case (the RFC's note on ABNF),
 * every field in its range (a 30th of February or an hour 24 is refused, where `Date` would roll it
 * over), at most 9 fraction digits. The instant is returned in milliseconds (finer digits dropped),
 * so messages that write one instant differently compare equal.
 *
 * A leap second (`:60`) is refused: a JavaScript `Date` cannot hold one, and no wallet writes it.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/** The instant `value` names, or undefined when it is not an RFC 3339 date-time. */
export function parseRfc3339(value: string): Date | undefined {
  const match = DATE_TIME.exec(value)
  if (!match) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  const fraction = match[7] ?? ''
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  if (hour > 23 || minute > 59 || second > 59) return undefined
  let offsetMinutes = 0
  if (!match[8]) {
    const offsetHours = Number(match[10])
    const offsetRest = Number(match[11])
    if (offsetHours > 23 || offsetRest > 59) return undefined
    offsetMinutes = (match[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetRest)
  }
  const milliseconds = Number(fraction.padEnd(3, '0').slice(0, 3))
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, milliseconds) - offsetMinutes * 60_000
  const date = new Date(utc)
  return Number.isNaN(date.getTime()) ? undefined : date
}
