/**
 * `value` and every object and array in it, frozen (the innermost first): plain data that is shared
 * or must not change after it was checked.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}
