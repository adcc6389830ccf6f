import { describe, expect, it } from 'vitest'
import type { Platform } from '@sigil/lib/platform/detectPlatform'
import { walletBook } from '../index'
import type { WalletBookEntry } from '../types'
import { installUrl } from './installUrl'

const desktop = (browser: Platform['browser']): Platform => ({ os: 'windows', isMobile: false, browser })
const ios: Platform = { os: 'ios', isMobile: true, browser: 'safari' }
const android: Platform = { os: 'android', isMobile: true, browser: 'chrome' }

const table: readonly [key: string, platform: Platform, expected: string | undefined][] = [
  ['metamask', desktop('chrome'), 'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn'],
  ['metamask', desktop('firefox'), 'https://addons.mozilla.org/firefox/addon/ether-metamask/'],
  ['metamask', desktop('edge'), 'https://microsoftedge.microsoft.com/addons/detail/ejbalbakoplchlghecdalmeeeajnimhm'],
  ['metamask', desktop('opera'), 'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn'],
  ['metamask', desktop('safari'), 'https://metamask.io/download'],
  ['metamask', ios, 'https://apps.apple.com/app/id1438144202'],
  ['metamask', android, 'https://play.google.com/store/apps/details?id=io.metamask'],
  // No Edge listing: Edge installs from the Chrome Web Store.
  ['rabby', desktop('edge'), 'https://chromewebstore.google.com/detail/acmacodkjbdgmoleebolmdjonilkdbch'],
  // No Firefox listing: the wallet's own page.
  ['rabby', desktop('firefox'), 'https://rabby.io'],
  ['rabby', ios, undefined],
  ['coinbase', android, 'https://play.google.com/store/apps/details?id=org.toshi'],
  ['uniswap', android, undefined],
  ['uniswap', desktop('chrome'), undefined],
  ['brave', desktop('chrome'), undefined],
  // No extension, a desktop app: its download page.
  ['ledger', desktop('chrome'), 'https://www.ledger.com/ledger-live'],
  ['phantom', desktop('firefox'), 'https://addons.mozilla.org/firefox/addon/phantom-app/'],
  ['metamask', { os: 'other', isMobile: true, browser: 'other' }, undefined],
]

describe('installUrl', () => {
  it.each(table)('%s on %o', (key, platform, expected) => {
    expect(installUrl(walletBook[key] as WalletBookEntry, platform)).toBe(expected)
  })
})
