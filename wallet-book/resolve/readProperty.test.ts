import { describe, expect, it } from 'vitest'
import { readPath, readProperty } from './readProperty'

describe('readProperty', () => {
  it('reads a property of an object or function', () => {
    expect(readProperty({ a: 1 }, 'a')).toBe(1)
    expect(readProperty(Object.assign(() => 0, { b: 2 }), 'b')).toBe(2)
  })

  it('returns undefined for primitives, null and throwing getters', () => {
    expect(readProperty(null, 'a')).toBeUndefined()
    expect(readProperty('text', 'length')).toBeUndefined()
    const object = Object.defineProperty({}, 'a', {
      get() {
        throw new Error('no')
      },
    })
    expect(readProperty(object, 'a')).toBeUndefined()
  })
})

describe('readPath', () => {
  it('follows a dotted path', () => {
    expect(readPath({ phantom: { ethereum: 'p' } }, 'phantom.ethereum')).toBe('p')
  })

  it('returns undefined when a step is missing', () => {
    expect(readPath({ phantom: null }, 'phantom.ethereum')).toBeUndefined()
    expect(readPath(undefined, 'ethereum')).toBeUndefined()
  })
})
