import { describe, expect, it } from 'vitest'
import { applyWalletList } from './walletList'
import type { WalletOption } from './walletOptions'

const row = (key: string, installed: boolean): WalletOption => ({ key, name: key, icon: '', installed })
const book = new Set(['metamask', 'rabby', 'rainbow', 'zerion', 'trust', 'phantom'])
const isBookWallet = (key: string) => book.has(key)
// As walletOptions lists them: installed wallets, the families' rows, then wallets to install or open.
const rows = [row('rabby', true), row('metamask', true), row('unknownext', true), row('walletConnect', true), row('embedded', true), row('rainbow', false), row('zerion', false), row('trust', false), row('phantom', false)]
const keys = (options: WalletOption[]) => options.map((option) => option.key)
const none = { exclude: [], order: [], featured: [] }

describe('the wallet list as sigil.config.ts chose it', () => {
  it('without a choice, is the list as it was', () => {
    expect(keys(applyWalletList(rows, undefined, isBookWallet))).toEqual(keys(rows))
    expect(keys(applyWalletList(rows, none, isBookWallet))).toEqual(keys(rows))
  })

  it('puts the featured wallets first of all, in their order, installed or not', () => {
    expect(keys(applyWalletList(rows, { ...none, featured: ['zerion', 'metamask'] }, isBookWallet))).toEqual(['zerion', 'metamask', 'rabby', 'unknownext', 'walletConnect', 'embedded', 'rainbow', 'trust', 'phantom'])
  })

  it('orders the book’s wallets among their own kind: installed ones still before the families’ rows', () => {
    expect(keys(applyWalletList(rows, { ...none, order: ['trust', 'metamask'] }, isBookWallet))).toEqual(['metamask', 'rabby', 'unknownext', 'walletConnect', 'embedded', 'trust', 'rainbow', 'zerion', 'phantom'])
  })

  it('leaves out excluded wallets, or all but the included ones, never the families’ rows or a wallet the book does not know', () => {
    expect(keys(applyWalletList(rows, { ...none, exclude: ['phantom', 'rabby'] }, isBookWallet))).toEqual(['metamask', 'unknownext', 'walletConnect', 'embedded', 'rainbow', 'zerion', 'trust'])
    expect(keys(applyWalletList(rows, { ...none, include: ['metamask', 'zerion'] }, isBookWallet))).toEqual(['metamask', 'unknownext', 'walletConnect', 'embedded', 'zerion'])
  })

  it('skips a featured wallet the page does not list here (not installed and unreachable on this device)', () => {
    expect(keys(applyWalletList(rows.filter((option) => option.key !== 'zerion'), { ...none, featured: ['zerion', 'trust'] }, isBookWallet))[0]).toBe('trust')
  })
})
