import { describe, expect, it } from 'vitest'
import type { OperatingSystem } from '@sigil/lib/platform/detectPlatform'
import { walletBook } from '../index'
import type { WalletBookEntry } from '../types'
import { WalletLinkInputError } from '../WalletLinkInputError'
import { signingDeepLink } from './signingDeepLink'
import type { DeepLinkPreference } from './walletLinkBase'

const topic = '8b2a8ff5c4a56f4e8e4f3cf4b0a5e7c1d12e0c5e3f4a1b2c3d4e5f60718293a4'

const table: readonly [key: string, os: OperatingSystem, preference: DeepLinkPreference, expected: string | undefined][] = [
  ['metamask', 'ios', 'native', `metamask://wc?sessionTopic=${topic}`],
  ['metamask', 'ios', 'universal', `https://metamask.app.link/wc?sessionTopic=${topic}`],
  // No wc: URI exists for a live session, so Android gets the wallet's own link.
  ['metamask', 'android', 'native', `metamask://wc?sessionTopic=${topic}`],
  ['trust', 'android', 'universal', `https://link.trustwallet.com/wc?sessionTopic=${topic}`],
  ['rainbow', 'ios', 'native', `rainbow://wc?sessionTopic=${topic}`],
  ['ledger', 'linux', 'native', `ledgerlive://wc?sessionTopic=${topic}`],
  ['metamask', 'windows', 'native', undefined],
  ['coinbase', 'ios', 'native', undefined],
]

describe('signingDeepLink', () => {
  it.each(table)('%s on %s preferring %s', (key, os, preference, expected) => {
    expect(signingDeepLink(walletBook[key] as WalletBookEntry, topic, { os, preference })).toBe(expected)
  })

  it('encodes a topic that carries URL-special characters', () => {
    expect(signingDeepLink(walletBook.metamask as WalletBookEntry, 'a&b=c', { os: 'ios' })).toBe('metamask://wc?sessionTopic=a%26b%3Dc')
  })

  it('rejects an empty or missing topic', () => {
    for (const bad of ['', '   ', undefined, 42]) {
      expect(() => signingDeepLink(walletBook.metamask as WalletBookEntry, bad as string, { os: 'ios' })).toThrow(WalletLinkInputError)
    }
  })
})
