import { sealData, unsealData } from 'iron-session'
import { describe, expect, it } from 'vitest'
import { ironSeal } from './ironSeal'

const secret = 's'.repeat(32) + '-a session secret of a deployment'
const data = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: 8453, sid: 'abc' }

describe('ironSeal', () => {
  it('makes a seal iron-session opens, with the password of its id', async () => {
    const seal = ironSeal(data, { id: '42', secret }, { ttlMs: 60_000 })
    await expect(unsealData(seal, { password: { 41: 'x'.repeat(32), 42: secret }, ttl: 60 })).resolves.toEqual(data)
  })

  it('has the shape of iron-session’s own seal', async () => {
    const ours = ironSeal(data, { id: '42', secret }, { ttlMs: 60_000 })
    const theirs = await sealData(data, { password: { 42: secret }, ttl: 60 })
    const shape = (seal: string) => seal.split('*').map((part) => part.length)
    expect(ours.split('*')).toHaveLength(8)
    expect(shape(ours).slice(0, 3)).toEqual(shape(theirs).slice(0, 3))
    expect(ours.endsWith('~2')).toBe(true)
    expect(ours.split('*')[5]!.length).toBe(theirs.split('*')[5]!.length)
  })

  it('opens to nothing with another secret, once expired, or once changed', async () => {
    const seal = ironSeal(data, { id: '42', secret }, { ttlMs: 60_000 })
    await expect(unsealData(seal, { password: { 42: 'o'.repeat(40) }, ttl: 60 })).resolves.toEqual({})
    const old = ironSeal(data, { id: '42', secret }, { ttlMs: 60_000, now: Date.now() - 120_000 })
    await expect(unsealData(old, { password: { 42: secret }, ttl: 60 })).resolves.toEqual({})
    const parts = seal.split('*')
    parts[4] = parts[4]!.slice(0, -2) + (parts[4]!.endsWith('AA') ? 'BB' : 'AA')
    await expect(unsealData(parts.join('*'), { password: { 42: secret }, ttl: 60 })).resolves.toEqual({})
  })

  it('never seals the same data twice alike (fresh salts and IV)', () => {
    const a = ironSeal(data, { id: '42', secret }, { ttlMs: 60_000, now: 1 })
    const b = ironSeal(data, { id: '42', secret }, { ttlMs: 60_000, now: 1 })
    expect(a).not.toBe(b)
  })

  it('refuses a short password or an id iron cannot carry', () => {
    expect(() => ironSeal(data, { id: '42', secret: 'short' }, { ttlMs: 1 })).toThrow('too short')
    expect(() => ironSeal(data, { id: '4*2', secret }, { ttlMs: 1 })).toThrow('Invalid password id')
  })
})
