import { describe, expect, it } from 'vitest'
import { sessionKeptBy } from './knownSession'

const signer = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const linked = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const stranger = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('sessionKeptBy', () => {
  it('keeps the session for the wallet that signed in, in any letter case', () => {
    expect(sessionKeptBy({ address: signer }, signer)).toBe(true)
    expect(sessionKeptBy({ address: signer }, signer.toLowerCase() as `0x${string}`)).toBe(true)
  })

  it("keeps it for a wallet the server listed as linked to the session's account", () => {
    expect(sessionKeptBy({ address: signer, wallets: [signer, linked] }, linked)).toBe(true)
    expect(sessionKeptBy({ address: signer, wallets: [signer, linked.toLowerCase() as `0x${string}`] }, linked)).toBe(true)
  })

  it('does not for any other wallet, nor for a linked one when the server did not say', () => {
    expect(sessionKeptBy({ address: signer, wallets: [signer, linked] }, stranger)).toBe(false)
    expect(sessionKeptBy({ address: signer }, linked)).toBe(false)
    expect(sessionKeptBy({ address: signer, wallets: [] }, linked)).toBe(false)
  })
})
