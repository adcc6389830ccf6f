import { describe, expect, it } from 'vitest'
import { createAvatarCache } from './avatarCache'
import type { AvatarImage } from './avatarImage'

const image = (bytes: number): AvatarImage => ({ type: 'image/png', body: new Uint8Array(bytes) })

describe('createAvatarCache', () => {
  it('fetches a record once while fresh (concurrent requests share it), again after its lifetime', async () => {
    let time = 0
    const fetched: string[] = []
    const cache = createAvatarCache({ fetchImage: async (record) => (fetched.push(record), image(10)), ttlMs: 100, now: () => time })
    await Promise.all([cache.get('a'), cache.get('a'), cache.get('a')])
    expect(fetched).toEqual(['a'])
    time = 101
    await cache.get('a')
    expect(fetched).toEqual(['a', 'a'])
  })

  it('remembers a refusal for its shorter lifetime', async () => {
    let time = 0
    let calls = 0
    const cache = createAvatarCache({ fetchImage: async () => (calls++, Promise.reject(new Error('refused'))), failureTtlMs: 50, now: () => time })
    await expect(cache.get('bad')).rejects.toThrow('refused')
    await expect(cache.get('bad')).rejects.toThrow('refused')
    expect(calls).toBe(1)
    time = 51
    await expect(cache.get('bad')).rejects.toThrow('refused')
    expect(calls).toBe(2)
  })

  it('stays within its count and byte bounds, dropping the oldest', async () => {
    const cache = createAvatarCache({ fetchImage: async () => image(400), maxEntries: 3, maxTotalBytes: 1000 })
    for (const record of ['a', 'b', 'c', 'd', 'e']) await cache.get(record)
    expect(cache.size).toBeLessThanOrEqual(3)
    // 400 bytes each, 1,000 at most: never more than two images kept once their bytes are known.
    expect(cache.size).toBeLessThanOrEqual(2)
  })
})
