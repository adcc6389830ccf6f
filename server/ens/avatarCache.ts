import type { AvatarImage } from './avatarImage'

export type AvatarCacheOptions = {
  fetchImage: (record: string) => Promise<AvatarImage>
  /** How long an image is kept. Default 10 minutes (the ENS answer's own lifetime). */
  ttlMs?: number
  /** How long a refusal or failure is remembered, so a bad avatar is not fetched per view. Default 60 s. */
  failureTtlMs?: number
  /** Images kept at most, and their bytes at most (oldest dropped first). Defaults 256 and 16 MB. */
  maxEntries?: number
  maxTotalBytes?: number
  now?: () => number
}

type Entry = { expires: number; bytes: number; value: Promise<AvatarImage> }

/**
 * The server's memory of avatar images by record (an https address or a data URI), bounded in
 * count and bytes: one fetch per record while it is fresh, shared by concurrent requests.
 */
export function createAvatarCache(options: AvatarCacheOptions) {
  const ttlMs = options.ttlMs ?? 10 * 60_000
  const failureTtlMs = options.failureTtlMs ?? 60_000
  const maxEntries = options.maxEntries ?? 256
  const maxTotalBytes = options.maxTotalBytes ?? 16 * 1024 * 1024
  const now = options.now ?? Date.now
  const cache = new Map<string, Entry>()
  let totalBytes = 0

  function drop(key: string) {
    const entry = cache.get(key)
    if (!entry) return
    totalBytes -= entry.bytes
    cache.delete(key)
  }

  function makeRoom() {
    while (cache.size > 0 && (cache.size >= maxEntries || totalBytes > maxTotalBytes)) drop(cache.keys().next().value!)
  }

  return {
    get(record: string): Promise<AvatarImage> {
      const time = now()
      const cached = cache.get(record)
      if (cached && cached.expires > time) return cached.value
      if (cached) drop(record)
      makeRoom()
      const entry: Entry = { expires: time + ttlMs, bytes: 0, value: options.fetchImage(record) }
      cache.set(record, entry)
      entry.value.then(
        (image) => {
          if (cache.get(record) !== entry) return
          entry.bytes = image.body.byteLength
          totalBytes += entry.bytes
          if (totalBytes > maxTotalBytes) makeRoom()
        },
        () => {
          if (cache.get(record) === entry) entry.expires = now() + failureTtlMs
        },
      )
      return entry.value
    },
    get size() {
      return cache.size
    },
  }
}
