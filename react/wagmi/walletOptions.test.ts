import { describe, expect, it, vi } from 'vitest'
import { createFakeProvider } from '@/tests/fixtures/connectors/fakeProvider'
import type { PublicConfig } from '@sigil/lib/config/public'
import { walletBook } from '@sigil/wallet-book/index'
import { openInWalletUrl } from '@sigil/wallet-book/links/openInWalletUrl'
import { phoneRoute } from '@sigil/wallet-book/links/phoneRoute'
import type { Platform } from '@sigil/lib/platform/detectPlatform'
import type { EIP6963ProviderDetail } from '@sigil/wallet-book/resolve/types'
import { createSigilConfig } from '@/react/wagmi/createSigilConfig'
import { getFamilyReach, loadFamilyReach } from '@/react/wagmi/familyReach'
import { walletOptions, type WalletOptionsParameters } from '@/react/wagmi/walletOptions'
import { familiesWithDiscovery } from '@/tests/fixtures/connectors/familiesWithDiscovery'

const publicConfig: PublicConfig = { chainIds: [1], rpcUrls: {}, walletConnectProjectId: 'test', appOrigins: ['http://localhost:3000'] }
const withoutProjectId: PublicConfig = { ...publicConfig, walletConnectProjectId: '' }
const android: Platform = { os: 'android', isMobile: true, browser: 'chrome' }
const WC_URI = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'
const desktop: Platform = { os: 'macos', isMobile: false, browser: 'chrome' }
const iphone: Platform = { os: 'ios', isMobile: true, browser: 'safari' }
const PAGE = 'https://sigil.example/'

// What the connect dialog loads with itself: each family's way to reach a wallet that is not installed.
await loadFamilyReach()
const reaches = getFamilyReach()

function announcement(name: string, rdns: string): EIP6963ProviderDetail {
  return { info: { uuid: crypto.randomUUID(), name, icon: 'data:image/svg+xml,<svg/>', rdns }, provider: createFakeProvider() as never }
}

function options(overrides: Partial<WalletOptionsParameters>, deployment: PublicConfig = publicConfig) {
  const target = new EventTarget()
  const announced = overrides.announced ?? []
  const watching = familiesWithDiscovery(target)
  for (const detail of announced) target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  const config = createSigilConfig(deployment, { families: watching })
  return walletOptions({ announced, win: {}, platform: desktop, connectors: config.connectors, getHref: () => PAGE, reaches, ...overrides })
}

describe('walletOptions', () => {
  it('lists installed wallets first, each with its connector, then the book\'s others with install links', () => {
    const list = options({ announced: [announcement('Spike Test Wallet', 'dev.test.wallet'), announcement('Rabby', 'io.rabby')] })
    expect(list.slice(0, 2).map((option) => [option.key, option.installed, option.connector?.id])).toEqual([
      ['spiketestwallet', true, 'spiketestwallet'],
      ['rabby', true, 'rabby'],
    ])
    const metamask = list.find((option) => option.key === 'metamask')
    expect(metamask?.installed).toBe(false)
    expect(metamask?.installUrl).toMatch(/^https:\/\//)
    // Not installed on desktop, reachable over WalletConnect: its QR view, install link kept.
    expect(metamask?.connector?.id).toBe('walletConnect.metamask')
    expect(metamask?.panel).toBe('walletconnect')
    // No WalletConnect (Coinbase Wallet): only the install link.
    const coinbase = list.find((option) => option.key === 'coinbase')
    expect(coinbase?.connector).toBeUndefined()
    expect(coinbase?.panel).toBeUndefined()
    // Detected wallets, then the listed families (WalletConnect's QR row…), then the book's others.
    const firstOther = list.findIndex((option) => !option.installed)
    expect(list.slice(2, firstOther).map((option) => option.key)).toContain('walletconnect')
    expect(list.slice(firstOther).every((option) => !option.installed)).toBe(true)
  })

  it('lists a window.ethereum that no wallet claims as the generic browser wallet', () => {
    const list = options({ win: { ethereum: createFakeProvider() } })
    expect(list[0]).toMatchObject({ key: 'browserwallet', name: 'Browser wallet', installed: true })
    expect(list[0]?.connector?.id).toBe('browserwallet')
  })

  it('on a phone, opens a not-installed wallet in its in-app browser from the tap', () => {
    const navigate = vi.fn()
    const list = options({ platform: iphone, navigate })
    const metamask = list.find((option) => option.key === 'metamask')
    expect(metamask?.installUrl).toBeUndefined()
    metamask?.openInApp?.()
    expect(navigate).toHaveBeenCalledWith(`https://metamask.app.link/dapp/${PAGE}`)
  })

  it.each([
    ['an iPhone', iphone],
    ['an Android phone', android],
  ] as const)('on %s, every book wallet listed opens in its browser or pairs with its app; none is a dead end', (_, platform) => {
    for (const deployment of [publicConfig, withoutProjectId]) {
      const walletConnect = deployment.walletConnectProjectId !== ''
      const opened: string[] = []
      const list = options({ platform, navigate: (url) => opened.push(url) }, deployment).filter(
        (option) => !option.installed && Object.hasOwn(walletBook, option.key),
      )
      expect(list.length).toBeGreaterThan(5)
      // Exactly the wallets the rule gives a route, in book order.
      const routed = Object.entries(walletBook).filter(([, entry]) => !entry.showOnlyIfInstalled && phoneRoute(entry, { walletConnect }) !== undefined)
      expect(list.map((option) => option.key)).toEqual(routed.map(([key]) => key))
      for (const option of list) {
        const entry = walletBook[option.key]!
        expect(option.openInApp, option.key).toBeTypeOf('function')
        if (phoneRoute(entry, { walletConnect }) === 'wallet-app') {
          expect(option, option.key).toMatchObject({ panel: 'walletconnect', opens: 'wallet-app' })
          expect(option.connector?.id).toBe(`walletConnect.${option.key}`)
        } else {
          expect(option.opens, option.key).toBe('wallet-browser')
          expect(option.panel, option.key).toBeUndefined()
          opened.length = 0
          option.openInApp?.()
          expect(opened, option.key).toEqual([openInWalletUrl(entry, PAGE, platform)])
        }
      }
    }
  })

  it('on a phone, does not list a wallet that could only answer "No inAppBrowserBase found for …"', () => {
    const book = {
      plain: { name: 'Plain Wallet', shortName: 'Plain Wallet', walletConnect: { sdks: ['sign_v2'] } },
      linked: { name: 'Linked Wallet', shortName: 'Linked Wallet', walletConnect: { sdks: ['sign_v2'] }, mobile: { native: 'linked://wc' } },
    }
    for (const platform of [iphone, android]) {
      expect(options({ platform, book }).filter((option) => !option.installed && option.key in book).map((option) => option.key)).toEqual([])
      expect(options({ platform, book }, withoutProjectId).filter((option) => !option.installed).map((option) => option.key)).toEqual([])
    }
    // The thirteen wallets that used to end there on Android.
    const keys = options({ platform: android }).map((option) => option.key)
    for (const key of ['binance', 'safe', 'onekey', 'core', 'cryptocom', 'zengo', 'coin98', 'ronin', 'subwallet', 'frontier', 'mathwallet', 'alphawallet']) {
      expect(keys, key).not.toContain(key)
    }
    expect(options({ platform: android }).find((option) => option.key === 'tokenpocket')).toMatchObject({ opens: 'wallet-app', panel: 'walletconnect' })
  })

  it('on a computer without a project id, lists detected extensions, install links and the families that work, nothing over WalletConnect', () => {
    const list = options({ announced: [announcement('Rabby', 'io.rabby')] }, withoutProjectId)
    expect(list[0]).toMatchObject({ key: 'rabby', installed: true })
    expect(list.some((option) => option.key === 'walletconnect')).toBe(false)
    expect(list.some((option) => option.connector?.type === 'walletConnect')).toBe(false)
    expect(list.some((option) => option.panel === 'walletconnect')).toBe(false)
    for (const option of list.filter((row) => !row.installed)) expect(option.installUrl, option.key).toMatch(/^https:\/\//)
    // Wallets with neither an extension nor a desktop app to install (Zengo, Safe) are not listed.
    expect(list.map((option) => option.key)).not.toContain('zengo')
    expect(list.map((option) => option.key)).toEqual(expect.arrayContaining(['metamask', 'coinbasesmartwallet']))
  })

  it('on a computer with a project id, every not-installed row has a QR view or an install link', () => {
    for (const option of options({}).filter((row) => !row.installed)) {
      expect(option.panel === 'walletconnect' || Boolean(option.installUrl), option.key).toBe(true)
    }
  })

  it('inside a wallet\'s own browser, counts that wallet as installed before it has injected (no redirect loop)', () => {
    const list = options({ platform: { ...iphone, inWalletBrowser: 'metamask' } })
    expect(list[0]).toMatchObject({ key: 'metamask', installed: true })
    expect(list[0]?.connector?.id).toBe('metamask')
    expect(list[0]?.openInApp).toBeUndefined()
  })
})

/** A loaded WalletConnect connector stand-in: only the pairing the list reads. */
function withPairingUri(connectors: WalletOptionsParameters['connectors'], id: string, uri: string | undefined, deepLinkPreference?: 'native' | 'universal') {
  return connectors.map((connector) =>
    connector.id === id
      ? Object.assign(Object.create(connector) as typeof connector, {
          sigilFamily: { ...(connector as unknown as { sigilFamily: object }).sigilFamily, loaded: { pairing: { getSnapshot: () => ({ uri }) } } },
          ...(deepLinkPreference && { sigil: { ...(connector as unknown as { sigil: object }).sigil, deepLinkPreference } }),
        })
      : connector,
  )
}

describe('walletOptions over WalletConnect on a phone', () => {
  function phoneOptions(platform: Platform, uri: string | undefined, navigate = vi.fn(), deepLinkPreference?: 'native' | 'universal') {
    const target = new EventTarget()
    const config = createSigilConfig({ ...publicConfig, walletConnectProjectId: 'test' }, { watchWallets: false })
    const connectors = withPairingUri(config.connectors, 'walletConnect.rainbow', uri, deepLinkPreference)
    return { list: walletOptions({ announced: [], win: {}, platform, connectors, getHref: () => PAGE, navigate, reaches }), navigate }
  }

  it('on an iPhone, tapping a redirect wallet opens its native link with the URI already paired, then its QR view', () => {
    const { list, navigate } = phoneOptions(iphone, WC_URI)
    const rainbow = list.find((option) => option.key === 'rainbow')
    expect(rainbow).toMatchObject({ installed: false, panel: 'walletconnect' })
    expect(rainbow?.connector?.id).toBe('walletConnect.rainbow')
    rainbow?.openInApp?.()
    expect(navigate).toHaveBeenCalledExactlyOnceWith(`rainbow://wc?uri=${encodeURIComponent(WC_URI)}`)
  })

  it('follows the connector’s deep-link preference: `universal` opens the universal link with the URI', () => {
    const { list, navigate } = phoneOptions(iphone, WC_URI, vi.fn(), 'universal')
    list.find((option) => option.key === 'rainbow')?.openInApp?.()
    expect(navigate).toHaveBeenCalledExactlyOnceWith(`https://rnbwapp.com/wc?uri=${encodeURIComponent(WC_URI)}`)
  })

  it('on Android, the raw wc: URI goes to the system, which offers it to the installed wallets', () => {
    const { list, navigate } = phoneOptions(android, WC_URI)
    list.find((option) => option.key === 'rainbow')?.openInApp?.()
    expect(navigate).toHaveBeenCalledExactlyOnceWith(WC_URI)
  })

  it('opens nothing before the warm-up has a URI: the QR view that follows offers the link', () => {
    const { list, navigate } = phoneOptions(iphone, undefined)
    const rainbow = list.find((option) => option.key === 'rainbow')
    rainbow?.openInApp?.()
    expect(navigate).not.toHaveBeenCalled()
    expect(rainbow?.panel).toBe('walletconnect')
  })

  it('keeps in-app-browser wallets on their in-app path and pairs TokenPocket (an app link, no browser) with its app', () => {
    const { list, navigate } = phoneOptions(iphone, WC_URI)
    list.find((option) => option.key === 'metamask')?.openInApp?.()
    expect(navigate).toHaveBeenCalledWith(`https://metamask.app.link/dapp/${PAGE}`)
    const tokenpocket = list.find((option) => option.key === 'tokenpocket')
    expect(tokenpocket).toMatchObject({ installed: false, panel: 'walletconnect', opens: 'wallet-app' })
  })
})

describe('familyOptions', () => {
  it('lists the families that list themselves after detected wallets, by order, with their panel', async () => {
    const { createConfig } = await import('@wagmi/core')
    const { http } = await import('viem')
    const { mainnet } = await import('viem/chains')
    const { lazyConnector } = await import('@sigil/connectors/shared/lazyConnector')
    const { createMemoryStorage } = await import('@sigil/connectors/shared/storage')
    const { familyOptions } = await import('@/react/wagmi/walletOptions')
    const never = async () => {
      throw new Error('not loaded in this test')
    }
    const storage = createMemoryStorage()
    const config = createConfig({
      chains: [mainnet],
      transports: { [mainnet.id]: http() },
      storage: null,
      connectors: [
        lazyConnector({ id: 'b', type: 'b', properties: { name: 'Second' }, load: never, storage, listing: { order: 2, tagline: { desktop: 'connect.tagline.coinbaseSmartWallet' } } }),
        lazyConnector({ id: 'a', type: 'a', properties: { name: 'First' }, load: never, storage, listing: { order: 1, panel: 'walletconnect', tagline: { desktop: 'connect.tagline.walletConnect' } } }),
        lazyConnector({ id: 'hidden', type: 'c', properties: { name: 'Unlisted' }, load: never, storage }),
      ],
    })
    const rows = familyOptions(config.connectors)
    expect(rows.map((row) => [row.key, row.installed, row.panel])).toEqual([
      ['first', true, 'walletconnect'],
      ['second', true, undefined],
    ])
  })
})

describe('familyOptions in the page\'s language', () => {
  it('names the email & passkey wallet in the locale while its key and connector name stay English', async () => {
    const { createConfig } = await import('@wagmi/core')
    const { http } = await import('viem')
    const { mainnet } = await import('viem/chains')
    const { embeddedConnectors } = await import('@sigil/connectors/embedded/family')
    const { familyOptions } = await import('@/react/wagmi/walletOptions')
    const { messages: de } = await import('@sigil/lib/i18n/locales/de')
    const { messages: ja } = await import('@sigil/lib/i18n/locales/ja')
    const config = createConfig({ chains: [mainnet], transports: { [mainnet.id]: http() }, storage: null, connectors: embeddedConnectors({ rpcUrls: {}, vaultOrigin: 'https://wallet.sigil.example' }) })

    const [german] = familyOptions(config.connectors, de)
    expect(german).toMatchObject({ key: 'embedded', name: 'E-Mail- und Passkey-Wallet', panel: 'embedded' })
    expect(german?.connector?.name).toBe('Email & passkey wallet')
    expect(familyOptions(config.connectors, ja)[0]?.name).toBe(ja.embedded.title)
    // English sends no strings with the page: the connector's own name.
    expect(familyOptions(config.connectors)[0]).toMatchObject({ key: 'embedded', name: 'Email & passkey wallet' })
  })
})

describe('familyOptions: logos', () => {
  it('shows the Coinbase Smart Wallet with Coinbase’s own mark, not a letter tile', async () => {
    const { createConfig } = await import('@wagmi/core')
    const { http } = await import('viem')
    const { base } = await import('viem/chains')
    const { coinbaseSmartWalletConnectors } = await import('@sigil/connectors/coinbaseSmartWallet/family')
    const { familyOptions } = await import('@/react/wagmi/walletOptions')
    const config = createConfig({ chains: [base], transports: { [base.id]: http() }, storage: null, connectors: coinbaseSmartWalletConnectors({ chainIds: [base.id], coinbasePreference: 'smartWalletOnly', coinbaseKeysUrl: undefined }) })
    const [row] = familyOptions(config.connectors)
    expect(row!.icon).toBe('/wallet-logos/coinbase.svg')
  })
})
