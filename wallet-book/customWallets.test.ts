import { afterEach, describe, expect, it } from 'vitest'
import { customWallets, deploymentInjectedIndex, setCustomWallets } from './customWallets'
import { deploymentBook, walletBook } from './index'
import { injectedIndex } from './injectedIndex'
import { listWallets } from './resolve/listWallets'
import { announcement } from './resolve/testProviders'
import type { WalletBookEntry } from './types'
import { validateWalletBookEntry } from './validateWalletBookEntry'

/**
 * A deployment's own wallet (sigil.config.ts `wallets.custom`) joins the book: detection finds it by
 * its rdns under its own key, the dialog's list shows its name and icon, and it never takes a book
 * wallet's place.
 */
const acme: WalletBookEntry = {
  name: 'Acme Wallet',
  shortName: 'Acme',
  brand: { icon: 'data:image/svg+xml,%3Csvg%2F%3E' },
  eip6963Config: { rdns: ['com.acme.wallet'] },
  desktop: { extensionUrl: 'https://acme.example/wallet' },
}

describe('custom wallets', () => {
  afterEach(() => setCustomWallets(undefined))

  it('is a valid entry by the book’s own rules, which ask an operator’s own wallet for no sources', () => {
    expect(validateWalletBookEntry('acme', acme, { operatorOwn: true })).toEqual([])
    expect(validateWalletBookEntry('acme', acme)).toEqual(['acme: sources must list the public docs the data was checked against'])
    expect(validateWalletBookEntry('acme', { ...acme, sources: ['http://acme.example'] }, { operatorOwn: true })).toHaveLength(1)
  })

  it('joins the injected index and the book after the book’s wallets, and leaves both as they were when unset', () => {
    expect(deploymentInjectedIndex()).toBe(injectedIndex)
    expect(deploymentBook()).toBe(walletBook)
    setCustomWallets({ acme })
    expect(Object.keys(deploymentInjectedIndex()).at(-1)).toBe('acme')
    expect(deploymentInjectedIndex().acme).toEqual({ name: 'Acme Wallet', shortName: 'Acme', brand: { icon: acme.brand!.icon }, eip6963Config: { rdns: ['com.acme.wallet'] } })
    expect(deploymentBook().acme).toBe(acme)
    expect(Object.keys(deploymentBook()).slice(0, -1)).toEqual(Object.keys(walletBook))
    setCustomWallets({})
    expect(deploymentInjectedIndex()).toBe(injectedIndex)
    expect(deploymentBook()).toBe(walletBook)
  })

  it('never replaces a book wallet', () => {
    setCustomWallets({ metamask: { ...acme, name: 'Not MetaMask' }, acme })
    expect(customWallets()).toEqual({ acme })
    expect(deploymentBook().metamask?.name).toBe('MetaMask')
    expect(deploymentInjectedIndex().metamask?.name).toBe('MetaMask')
  })

  it('is found installed by its rdns under its own key, and listed with its install page when it is not', () => {
    setCustomWallets({ acme })
    const desktop = { os: 'macos', isMobile: false, browser: 'chrome' } as const
    const installed = listWallets({ announced: [announcement('com.acme.wallet', 'Acme (extension)')], book: deploymentBook(), platform: desktop })
    expect(installed.find((listing) => listing.key === 'acme')).toMatchObject({ installed: true, entry: acme })
    const missing = listWallets({ announced: [], book: deploymentBook(), platform: desktop })
    expect(missing.find((listing) => listing.key === 'acme')).toMatchObject({ installed: false, name: 'Acme Wallet', icon: acme.brand!.icon, installUrl: 'https://acme.example/wallet' })
  })
})
