/**
 * The WAI-ARIA menu pattern's keys (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/): the
 * index of the item a key moves to, wrapping at both ends, or `null` for keys the menu ignores.
 */
export function menuKeyTarget(key: string, current: number, count: number): number | null {
  if (count <= 0) return null
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count
    case 'ArrowUp':
      return (current - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}
