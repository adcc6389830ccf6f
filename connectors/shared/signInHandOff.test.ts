import { describe, expect, it } from 'vitest'
import { linkWhileConnecting, offerLinkWhileConnecting, registerSignInSource, takeHandedOffSignIn, type HandedOffSignIn, type HandOffPurpose } from './signInHandOff'

const signed: HandedOffSignIn = { message: 'm', signature: '0x01', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 1, purpose: 'sign-in' }

/** A family's source as the WalletConnect client keeps it: one waiting message, taken only for its purpose. */
function oneWaiting(first: HandedOffSignIn | undefined) {
  let waiting = first
  const unregister = registerSignInSource((purpose: HandOffPurpose) => {
    if (waiting?.purpose !== purpose) return undefined
    const taken = waiting
    waiting = undefined
    return taken
  })
  return { set: (next: HandedOffSignIn | undefined) => (waiting = next), unregister }
}

describe('signInHandOff', () => {
  it('hands a signed sign-in to the panel once, for its own address only', () => {
    const source = oneWaiting(signed)
    expect(takeHandedOffSignIn('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(signed)
    expect(takeHandedOffSignIn(signed.address)).toBeUndefined()
    source.set(signed)
    expect(takeHandedOffSignIn('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBeUndefined()
    expect(takeHandedOffSignIn(signed.address)).toBeUndefined()
    source.unregister()
  })

  it('a signed link is the linked-wallets panel’s: the sign-in panel never takes it, and it is not lost to it', () => {
    const link: HandedOffSignIn = { ...signed, message: 'link', purpose: 'link' }
    const source = oneWaiting(link)
    expect(takeHandedOffSignIn(signed.address)).toBeUndefined()
    expect(takeHandedOffSignIn(signed.address, 'link')).toBe(link)
    expect(takeHandedOffSignIn(signed.address, 'link')).toBeUndefined()
    source.unregister()
  })

  it('asks for the link while the linking panel offers it, and for the sign-in once it stops', async () => {
    expect(linkWhileConnecting()).toBeUndefined()
    const stop = offerLinkWhileConnecting(async () => ({ nonce: 'abcdefgh1234', statement: 'Link this wallet' }))
    await expect(linkWhileConnecting()?.()).resolves.toEqual({ nonce: 'abcdefgh1234', statement: 'Link this wallet' })
    // A later offer replaces it; the earlier one's undo then leaves the later one in place.
    const later = offerLinkWhileConnecting(async () => ({ nonce: 'zzzzzzzz9999', statement: 'Link this wallet' }))
    stop()
    await expect(linkWhileConnecting()?.()).resolves.toMatchObject({ nonce: 'zzzzzzzz9999' })
    later()
    expect(linkWhileConnecting()).toBeUndefined()
  })
})
