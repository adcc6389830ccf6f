import { describe, expect, it } from 'vitest'
import { walletBook } from '../index'
import type { WalletBookEntry } from '../types'
import { findInjectedProvider } from './findInjectedProvider'
import { announcement, fakeProvider } from './testProviders'

const entry = (key: string) => walletBook[key] as WalletBookEntry

describe('findInjectedProvider', () => {
  it('takes the EIP-6963 announcement with the entry\u2019s rdns first', () => {
    const announced = fakeProvider({ isMetaMask: true })
    const onWindow = fakeProvider({ isMetaMask: true })
    const detail = announcement('io.metamask', 'MetaMask', announced)
    const match = findInjectedProvider(entry('metamask'), { announced: [announcement('io.rabby', 'Rabby'), detail], win: { ethereum: onWindow } })
    expect(match).toEqual({ provider: announced, via: 'eip6963', info: detail.info })
  })

  it('falls back to window.ethereum when every locator holds', () => {
    const ethereum = fakeProvider({ isMetaMask: true })
    expect(findInjectedProvider(entry('metamask'), { announced: [], win: { ethereum } })).toEqual({ provider: ethereum, via: 'window' })
  })

  it('does not take a Rabby provider that claims isMetaMask for MetaMask, but does for Rabby', () => {
    const rabby = fakeProvider({ isMetaMask: true, isRabby: true })
    expect(findInjectedProvider(entry('metamask'), { win: { ethereum: rabby } })).toBeUndefined()
    expect(findInjectedProvider(entry('rabby'), { win: { ethereum: rabby } })).toEqual({ provider: rabby, via: 'window' })
  })

  it('finds the real MetaMask in window.ethereum.providers behind an impersonator', () => {
    const metamask = fakeProvider({ isMetaMask: true })
    const coinbase = fakeProvider({ isMetaMask: true, isCoinbaseWallet: true })
    const win = { ethereum: Object.assign(coinbase, { providers: [coinbase, metamask] }) }
    expect(findInjectedProvider(entry('metamask'), { win })?.provider).toBe(metamask)
    expect(findInjectedProvider(entry('coinbase'), { win })?.provider).toBe(coinbase)
  })

  it('looks at the entry\u2019s own window location (Phantom at window.phantom.ethereum)', () => {
    const phantomEvm = fakeProvider({ isPhantom: true })
    const win = { phantom: { ethereum: phantomEvm, solana: fakeProvider({ isPhantom: true }) }, ethereum: fakeProvider({ isMetaMask: true }) }
    expect(findInjectedProvider(entry('phantom'), { win })).toEqual({ provider: phantomEvm, via: 'window' })
  })

  it('checks the entry\u2019s window location before window.ethereum', () => {
    const own = fakeProvider({ isOkxWallet: true })
    const onEthereum = fakeProvider({ isOkxWallet: true, isMetaMask: true })
    expect(findInjectedProvider(entry('okx'), { win: { okxwallet: own, ethereum: onEthereum } })?.provider).toBe(own)
  })

  it('accepts any one of the entry\u2019s configs (Trust\u2019s app and extension flags)', () => {
    const extension = fakeProvider({ isTrustWallet: true })
    expect(findInjectedProvider(entry('trust'), { win: { ethereum: extension } })?.provider).toBe(extension)
    const app = fakeProvider({ isTrust: true })
    expect(findInjectedProvider(entry('trust'), { win: { trustwallet: app } })?.provider).toBe(app)
  })

  it('ignores objects that are not EIP-1193 providers', () => {
    expect(findInjectedProvider(entry('metamask'), { win: { ethereum: { isMetaMask: true } } })).toBeUndefined()
  })

  it('returns undefined on the server (no window) and for a wallet with no injected config', () => {
    expect(findInjectedProvider(entry('metamask'), {})).toBeUndefined()
    expect(findInjectedProvider(entry('metamask'))).toBeUndefined()
    expect(findInjectedProvider(entry('uniswap'), { win: { ethereum: fakeProvider({ isMetaMask: true }) } })).toBeUndefined()
  })

  it('does not crash on a hostile window', () => {
    const win = new Proxy(
      {},
      {
        get: () => {
          throw new Error('blocked')
        },
      },
    )
    expect(findInjectedProvider(entry('phantom'), { win })).toBeUndefined()
  })
})
