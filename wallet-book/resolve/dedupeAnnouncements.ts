import type { EIP6963ProviderDetail } from './types'
import { isProviderLike } from './isProviderLike'
import { readProperty } from './readProperty'

/**
 * EIP-6963 announcements, one per rdns: the first announcement wins and later ones with the same
 * rdns (a wallet answering every `eip6963:requestProvider` again, or a second extension claiming
 * the same id) are ignored. Malformed announcements (no info, no rdns, no `request`) are dropped.
 */
export function dedupeAnnouncements<TDetail extends EIP6963ProviderDetail<unknown>>(list: readonly TDetail[]): TDetail[] {
  const seen = new Set<string>()
  const result: TDetail[] = []
  for (const detail of Array.isArray(list) ? list : []) {
    const info = readProperty(detail, 'info')
    const rdns = readProperty(info, 'rdns')
    const name = readProperty(info, 'name')
    if (typeof rdns !== 'string' || rdns === '' || typeof name !== 'string') continue
    if (!isProviderLike(readProperty(detail, 'provider'))) continue
    const id = rdns.toLowerCase()
    if (seen.has(id)) continue
    seen.add(id)
    result.push(detail)
  }
  return result
}
