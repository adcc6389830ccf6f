import { BaseError } from '@sigil/lib/errors/BaseError'
import { fetchPublicHttps, isPublicAddress, PublicFetchRefusedError, type PublicFetchAnswer, type PublicFetchOptions } from '@/server/http/publicHttps'

/**
 * An ENS avatar as bytes the page may show, fetched by the server: the browser only ever loads
 * `/api/ens/<address>/avatar` from this origin, so the avatar's host never learns who looks at
 * whom, and the page's `img-src` needs no `https:` (which would let any injected markup send data
 * anywhere through an image address).
 *
 * What passes: a PNG, JPEG, GIF or WebP (by its first bytes, whatever the server or the data URI
 * claims; never SVG), at most `maxBytes`, from an `https:` address whose host resolves only to
 * public addresses (checked on the address actually connected to, and again for every redirect,
 * at most `maxRedirects`), within `timeoutMs` in all; or a `data:image/…;base64,` record, decoded
 * here and checked the same way.
 */
export type AvatarType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'
export type AvatarImage = { type: AvatarType; body: Uint8Array }

export type AvatarRefusal = 'not_https' | 'private_host' | 'status' | 'redirects' | 'too_big' | 'type' | 'timeout' | 'unreachable'

/** Why an avatar is not shown; the view shows no avatar (the name and address stay). */
export class AvatarRefusedError extends BaseError {
  override name = 'AvatarRefusedError'
  constructor(
    readonly reason: AvatarRefusal,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`avatar refused (${reason}): ${detail}`, options)
  }
}

export const MAX_AVATAR_BYTES = 256 * 1024

/** As for any fetch of a visitor's address (server/http/publicHttps.ts), the size cap defaulting to MAX_AVATAR_BYTES. */
export type FetchAvatarOptions = Pick<PublicFetchOptions, 'allowLoopback' | 'timeoutMs' | 'maxRedirects' | 'lookup' | 'ca'> & { maxBytes?: number }

/** The image type by its first bytes; `null` for anything else (SVG, HTML, text, ICO, AVIF, …). */
export function sniffAvatarType(bytes: Uint8Array): AvatarType | null {
  const starts = (signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return null
}

/** Decodes a `data:image/…;base64,` record (server/ens/avatar.ts admitted its shape) and checks its bytes. */
function decodeDataAvatar(record: string, maxBytes: number): AvatarImage {
  const comma = record.indexOf(',')
  const body = new Uint8Array(Buffer.from(record.slice(comma + 1), 'base64'))
  if (body.byteLength > maxBytes) throw new AvatarRefusedError('too_big', `${body.byteLength} bytes`)
  const type = sniffAvatarType(body)
  if (!type) throw new AvatarRefusedError('type', 'not a PNG, JPEG, GIF or WebP')
  return { type, body }
}

/** Whether an avatar may be fetched from this IP address (server/http/publicHttps.ts). */
export const isAllowedAvatarAddress = isPublicAddress

/** The avatar record's image, or `AvatarRefusedError` saying why not. */
export async function fetchAvatarImage(record: string, options: FetchAvatarOptions = {}): Promise<AvatarImage> {
  const maxBytes = options.maxBytes ?? MAX_AVATAR_BYTES
  if (record.startsWith('data:')) return decodeDataAvatar(record, maxBytes)
  let answer: PublicFetchAnswer
  try {
    answer = await fetchPublicHttps(record, { ...options, maxBytes, headers: { accept: 'image/png,image/jpeg,image/gif,image/webp', 'user-agent': 'Sigil avatar fetch' } })
  } catch (error) {
    if (error instanceof PublicFetchRefusedError) throw new AvatarRefusedError(error.reason, error.detail, { cause: error })
    throw error
  }
  if (!answer.body) throw new AvatarRefusedError('status', `${answer.status} from ${new URL(record).host}`)
  const type = sniffAvatarType(answer.body)
  if (!type) throw new AvatarRefusedError('type', 'not a PNG, JPEG, GIF or WebP')
  return { type, body: answer.body }
}
