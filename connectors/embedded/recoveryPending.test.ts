import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { mapProviderError } from '@/connectors/shared/providerErrors'
import { fromVaultError } from './vaultClient'
import { recoveryPendingUntil } from './recoveryPending'

describe('recoveryPendingUntil', () => {
  it('finds the release time of a wallet closed on a recovery’s wait, through viem’s error and Sigil’s mapping', () => {
    const answer = fromVaultError({ code: 4001, message: 'The user closed the wallet during a recovery.', data: { reason: 'recovery_pending', releaseAt: '2030-01-03T00:00:00.000Z' } })
    expect(answer).toBeInstanceOf(UserRejectedRequestError)
    expect(recoveryPendingUntil(answer)).toBe('2030-01-03T00:00:00.000Z')
    const mapped = mapProviderError(answer, 'connect')
    expect(mapped.code).toBe('connection_rejected')
    expect(recoveryPendingUntil(mapped)).toBe('2030-01-03T00:00:00.000Z')
  })

  it('is undefined for a plain rejection, another reason, or a time that is none', () => {
    expect(recoveryPendingUntil(fromVaultError({ code: 4001, message: 'The user closed the wallet.' }))).toBeUndefined()
    expect(recoveryPendingUntil(fromVaultError({ code: 4001, message: 'x', data: { reason: 'other', releaseAt: '2030-01-03T00:00:00.000Z' } }))).toBeUndefined()
    expect(recoveryPendingUntil({ reason: 'recovery_pending', releaseAt: 'soon' })).toBeUndefined()
    expect(recoveryPendingUntil(undefined)).toBeUndefined()
    const loop: { cause?: unknown } = {}
    loop.cause = loop
    expect(recoveryPendingUntil(loop)).toBeUndefined()
  })
})
