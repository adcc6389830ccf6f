import { describe, expect, it } from 'vitest'
import { dedupeAnnouncements } from './dedupeAnnouncements'
import { announcement, fakeProvider } from './testProviders'
import type { EIP6963ProviderDetail } from './types'

describe('dedupeAnnouncements', () => {
  it('keeps the first announcement of each rdns, in order', () => {
    const first = announcement('io.metamask', 'MetaMask')
    const rabby = announcement('io.rabby', 'Rabby')
    const again = announcement('io.metamask', 'MetaMask again')
    expect(dedupeAnnouncements([first, rabby, again])).toEqual([first, rabby])
  })

  it('compares rdns without regard to case', () => {
    const first = announcement('io.metamask', 'MetaMask')
    expect(dedupeAnnouncements([first, announcement('IO.MetaMask', 'Shouty')])).toEqual([first])
  })

  it('drops malformed announcements instead of throwing', () => {
    const good = announcement('io.rabby', 'Rabby')
    const malformed = [
      null,
      {},
      { info: { rdns: '', name: 'x' }, provider: fakeProvider() },
      { info: { rdns: 'a.b' }, provider: fakeProvider() },
      { info: { rdns: 'c.d', name: 'No request' }, provider: {} },
    ] as unknown as EIP6963ProviderDetail[]
    expect(dedupeAnnouncements([...malformed, good])).toEqual([good])
  })

  it('returns an empty list for a missing list', () => {
    expect(dedupeAnnouncements(undefined as unknown as EIP6963ProviderDetail[])).toEqual([])
  })
})
