/**
 * Which ENS avatar records the page shows. An `avatar` text record is whatever its owner wrote; the
 * page shows only what an `<img>` can load without a gateway of ours or of someone else:
 * - an `https:` address (at most 2,048 characters; no credentials), loaded by the browser itself;
 * - a `data:image/png|jpeg|gif|webp;base64,…` image of at most 64 kB.
 * Everything else — `ipfs://`, `eip155:` NFT references, `http:`, SVG (which can carry script
 * outside `<img>`), junk — is no avatar, and the view shows its monogram.
 */
const MAX_AVATAR_URL_LENGTH = 2048
const MAX_AVATAR_DATA_URI_LENGTH = 64 * 1024

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/

export function safeAvatarUrl(record: string | null | undefined): string | null {
  const value = record?.trim()
  if (!value) return null
  if (value.startsWith('data:')) return value.length <= MAX_AVATAR_DATA_URI_LENGTH && DATA_IMAGE.test(value) ? value : null
  if (value.length > MAX_AVATAR_URL_LENGTH) return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null
  return url.href
}
