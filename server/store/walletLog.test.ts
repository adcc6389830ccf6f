import { describe, expect, it } from 'vitest'
import { GENESIS_HASH, nextWalletEvent, verifyWalletLog, walletEventHash, type WalletEvent } from './walletLog'

function chain(walletId = 'w1'): WalletEvent[] {
  const events: WalletEvent[] = []
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 12, minute))
  for (const [minute, kind, detail] of [
    [0, 'created', { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }],
    [5, 'recovery_key_released', {}],
    [6, 'recovery_completed', { credentialId: 'abc' }],
    [9, 'recovery_cancelled', { credentialRemoved: true }],
  ] as const) events.push(nextWalletEvent(events.at(-1), { walletId, kind, at: at(minute), detail }))
  return events
}

describe('wallet log', () => {
  it('chains entries from the genesis hash, each hash over its fields and the previous hash', () => {
    const events = chain()
    expect(events[0]).toMatchObject({ seq: 1, prevHash: GENESIS_HASH })
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4])
    for (const [index, event] of events.entries()) {
      expect(event.hash).toMatch(/^[0-9a-f]{64}$/)
      if (index > 0) expect(event.prevHash).toBe(events[index - 1]!.hash)
    }
    expect(verifyWalletLog('w1', events)).toEqual({ ok: true, entries: 4, head: events[3]!.hash })
    expect(verifyWalletLog('w1', [])).toEqual({ ok: true, entries: 0, head: GENESIS_HASH })
  })

  it('does not depend on the order of the detail keys', () => {
    const [first] = chain()
    const reordered = { ...first!, detail: Object.fromEntries(Object.entries({ b: 1, a: 2 })) }
    const sorted = { ...first!, detail: { a: 2, b: 1 } }
    expect(walletEventHash(reordered)).toBe(walletEventHash(sorted))
  })

  it('breaks where a row was edited, removed, inserted, reordered or moved from another wallet', () => {
    const edited = chain()
    edited[1] = { ...edited[1]!, at: new Date(edited[1]!.at.getTime() + 1) }
    expect(verifyWalletLog('w1', edited)).toEqual({ ok: false, brokenAt: 2, reason: 'hash' })

    const detail = chain()
    detail[3] = { ...detail[3]!, detail: { credentialRemoved: false } }
    expect(verifyWalletLog('w1', detail)).toEqual({ ok: false, brokenAt: 4, reason: 'hash' })

    // Edited and re-hashed: the next entry's link no longer matches.
    const rehashed = chain()
    const changed = { ...rehashed[1]!, kind: 'settings_changed' as const }
    rehashed[1] = { ...changed, hash: walletEventHash(changed) }
    expect(verifyWalletLog('w1', rehashed)).toEqual({ ok: false, brokenAt: 3, reason: 'link' })

    const removed = chain()
    removed.splice(1, 1)
    expect(verifyWalletLog('w1', removed)).toEqual({ ok: false, brokenAt: 3, reason: 'sequence' })

    const truncatedHead = chain().slice(1)
    expect(verifyWalletLog('w1', truncatedHead)).toEqual({ ok: false, brokenAt: 2, reason: 'sequence' })

    const swapped = chain()
    ;[swapped[1], swapped[2]] = [swapped[2]!, swapped[1]!]
    expect(verifyWalletLog('w1', swapped).ok).toBe(false)

    const foreign = chain('w2')
    expect(verifyWalletLog('w1', foreign)).toEqual({ ok: false, brokenAt: 1, reason: 'wallet' })
  })
})
