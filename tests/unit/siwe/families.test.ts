import { describe, expect, it } from 'vitest'
import { families } from '@/connectors/families'
import { familyOfConnectorType, isWalletFamilyId, WALLET_FAMILY_IDS } from '@/lib/siwe/families'

describe('wallet family ids', () => {
  it('are exactly the families the app declares', () => {
    expect([...WALLET_FAMILY_IDS].sort()).toEqual(families.map((family) => family.id).sort())
  })

  it('map each connector type to its family and refuse anything else', () => {
    expect(familyOfConnectorType('walletConnect')).toBe('walletconnect')
    expect(familyOfConnectorType('injected')).toBe('injected')
    expect(familyOfConnectorType('toString')).toBeUndefined()
    expect(familyOfConnectorType(undefined)).toBeUndefined()
    expect(isWalletFamilyId('injected')).toBe(true)
    expect(isWalletFamilyId('Injected')).toBe(false)
    expect(isWalletFamilyId(1)).toBe(false)
  })
})
