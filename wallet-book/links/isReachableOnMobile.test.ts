import { describe, expect, it } from 'vitest'
import { walletBook } from '../index'
import type { WalletBookEntry } from '../types'
import { isReachableOnMobile } from './isReachableOnMobile'

const entry = (key: string) => walletBook[key] as WalletBookEntry

describe('isReachableOnMobile', () => {
  it('reaches wallets with an in-app browser or a browse link', () => {
    expect(isReachableOnMobile(entry('metamask'))).toBe(true)
    expect(isReachableOnMobile(entry('phantom'))).toBe(true)
    expect(isReachableOnMobile(entry('coinbase'))).toBe(true)
  })

  it('reaches WalletConnect wallets that have an app link of their own', () => {
    expect(isReachableOnMobile(entry('zerion'))).toBe(true)
    expect(isReachableOnMobile(entry('tokenpocket'))).toBe(true)
  })

  it('does not reach extension-only wallets', () => {
    expect(isReachableOnMobile(entry('rabby'))).toBe(false)
  })

  it('does not reach a WalletConnect wallet without a link of its own, on any phone (Binance Wallet, Zengo)', () => {
    const linkless: WalletBookEntry = { name: 'L', shortName: 'L', walletConnect: { sdks: ['sign_v2'] } }
    expect(isReachableOnMobile(linkless)).toBe(false)
    expect(isReachableOnMobile(entry('binance'))).toBe(false)
    expect(isReachableOnMobile(entry('zengo'))).toBe(false)
  })
})
