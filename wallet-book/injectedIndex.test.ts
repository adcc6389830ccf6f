import { describe, expect, it } from 'vitest'
import { walletBook } from './index'
import { injectedIndex } from './injectedIndex'
import { injectedIndexOf } from './injectedIndexOf'

describe('the injected index', () => {
  it('is what injectedIndexOf derives from the book (after changing an entry: npm run wallet-book:index)', () => {
    expect(injectedIndex).toEqual(injectedIndexOf(walletBook))
    expect(Object.keys(injectedIndex)).toEqual(Object.keys(walletBook))
  })

  it('keeps what detection and the connector read, and none of the links', () => {
    const metamask = injectedIndexOf(walletBook).metamask
    expect(metamask).toMatchObject({
      name: 'MetaMask',
      brand: { icon: walletBook.metamask?.brand?.icon },
      eip6963Config: { rdns: ['io.metamask'] },
      injectedConfig: walletBook.metamask?.injectedConfig,
      walletConnect: walletBook.metamask?.walletConnect,
    })
    expect(metamask).not.toHaveProperty('mobile')
    expect(metamask).not.toHaveProperty('desktop')
    expect(metamask).not.toHaveProperty('sources')
  })

  it('carries the monograms only: the logos load with the connect dialog, never with the first load', () => {
    for (const [key, entry] of Object.entries(injectedIndexOf(walletBook))) {
      expect(entry.brand ?? {}, key).not.toHaveProperty('logo')
    }
    expect(walletBook.metamask?.brand?.logo).toBe('metamask')
  })
})
