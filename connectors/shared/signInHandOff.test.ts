import { describe, expect, it } from 'vitest'
import { registerSignInSource, takeHandedOffSignIn, type HandedOffSignIn } from './signInHandOff'

const signed: HandedOffSignIn = { message: 'm', signature: '0x01', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 1 }

describe('signInHandOff', () => {
  it('hands a signed sign-in to the panel once, for its own address only', () => {
    let waiting: HandedOffSignIn | undefined = signed
    const unregister = registerSignInSource(() => {
      const taken = waiting
      waiting = undefined
      return taken
    })
    expect(takeHandedOffSignIn('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(signed)
    expect(takeHandedOffSignIn(signed.address)).toBeUndefined()
    waiting = signed
    expect(takeHandedOffSignIn('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBeUndefined()
    expect(takeHandedOffSignIn(signed.address)).toBeUndefined()
    unregister()
  })
})
