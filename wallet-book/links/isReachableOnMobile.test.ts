import { describe, expect, it } from 'vitest'
import { walletBook } from '../index'
import type { WalletBookEntry } from '../types'
import { isReachableOnMobile } from './isReachableOnMobile'

const entry = (key: string) => walletBook[key] as WalletBookEntry

describe('isReachableOnMobile', () => {
  it('reaches wallets with an in-app browser or a browse link', () => {
    expect(isReachableOnMobile(entry('metamask'), 'ios')).toBe(true)
    expect(isReachableOnMobile(entry('phantom'), 'ios')).toBe(true)
    expect(isReachableOnMobile(entry('coinbase'), 'android')).toBe(true)
  })

  it('reaches WalletConnect wallets that have an app link', () => {
    expect(isReachableOnMobile(entry('zerion'), 'ios')).toBe(true)
  })

  it('does not reach extension-only wallets', () => {
    expect(isReachableOnMobile(entry('rabby'), 'ios')).toBe(false)
    expect(isReachableOnMobile(entry('rabby'), 'android')).toBe(false)
  })

  it('reaches a WalletConnect wallet without links on Android only (the raw wc: URI)', () => {
    const linkless: WalletBookEntry = { name: 'L', shortName: 'L', walletConnect: { sdks: ['sign_v2'] } }
    expect(isReachableOnMobile(linkless, 'android')).toBe(true)
    expect(isReachableOnMobile(linkless, 'ios')).toBe(false)
  })
})
