// @vitest-environment jsdom
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { createSigilConfig } from '@sigil/react/wagmi/createSigilConfig'
import { familyReachChunks } from '@sigil/react/wagmi/familyReach'
import { createWalletEnvironment } from '@sigil/react/wagmi/walletEnvironment'
import { familyOptions, walletOptions } from '@sigil/react/wagmi/walletOptions'
import { egressByFamily, egressEntries, egressManifest, type EgressConfig } from '@/connectors/egress'
import { families } from '@/connectors/families'
import type { SigilFamily } from '@/connectors/shared/family'
import { manifests } from '@/connectors/manifests'
import { familySettingsOf } from '@/connectors/settings'
import { EnvError } from '@/lib/config/envError'
import type { FamilySettings } from '@/lib/config/familySettings'
import type { PublicConfig } from '@/lib/config/public'
import type { FamilyCatalogues, FamilyErrorCodeOf, FamilyMessagesOf } from '@/lib/i18n/familyCatalogues'
import type { Platform } from '@/lib/platform/detectPlatform'
import { getPublicConfig } from '@sigil/server/config/server'
import { contentSecurityPolicy } from '@sigil/server/http/securityHeaders'
import { walletBook } from '@/wallet-book/index'
import { createFakeProvider } from '@/tests/fixtures/connectors/fakeProvider'
import { exampleBrowseUrl, exampleFamily, exampleSightings } from '@/tests/fixtures/families/example/family'
import { EXAMPLE_API, EXAMPLE_FRAME, exampleManifest, type example, type ExampleSettings } from '@/tests/fixtures/families/example/manifest'

/**
 * A family added from its folder alone (tests/fixtures/families/example: manifest.ts and family.ts),
 * put in the two registries here the way connectors/families.ts and connectors/manifests.ts list the
 * real ones (one line each): the dialog shows its row, follows the wallets it watches for and takes
 * its phone route, its strings join the catalogue's types, its setting is parsed into the public
 * configuration, and its hosts reach the egress manifest and the Content-Security-Policy. Nothing
 * else is edited.
 */
const browserRegistry = [...families, exampleFamily]
const serverRegistry = [...manifests, exampleManifest]

const publicConfig: PublicConfig = { chainIds: [1, 8453], rpcUrls: {}, walletConnectProjectId: '', appOrigins: ['http://localhost:3000'] }
const PAGE = 'https://sigil.example/'
const iphone: Platform = { os: 'ios', isMobile: true, browser: 'safari' }
const desktop: Platform = { os: 'macos', isMobile: false, browser: 'chrome' }

afterEach(() => exampleSightings.reset())

const egressConfig: EgressConfig = { walletConnectProjectId: '', walletConnectRelayUrl: undefined, coinbasePreference: undefined, coinbaseKeysUrl: undefined, vaultOrigin: undefined }

describe('adding a family from its folder alone', () => {
  it('has one identity, the same in both registries', () => {
    expect(exampleFamily.id).toBe(exampleManifest.id)
    expect(serverRegistry.map((manifest) => manifest.id)).toEqual(browserRegistry.map((family) => family.id))
  })

  it('gives the connect dialog its row, which opens its view', () => {
    const config = createSigilConfig(publicConfig, { watchWallets: false, families: browserRegistry })
    const row = familyOptions(config.connectors).find((option) => option.key === 'examplewallet')
    expect(row).toMatchObject({ name: 'Example Wallet', installed: true, panel: exampleManifest.id, tagline: { desktop: 'connect.tagline.embedded' } })
  })

  it('is watched for wallets that show up: the config adds their connectors, the wallet list reads them and follows each change', () => {
    const environment = createWalletEnvironment(browserRegistry)
    const config = createSigilConfig(publicConfig, { families: browserRegistry })
    const changed = vi.fn()
    const stop = environment.subscribe(changed)
    const before = environment.getSnapshot()
    expect(before.announced).toEqual([])

    const spike = { info: { uuid: crypto.randomUUID(), name: 'Spike', icon: 'data:image/svg+xml,<svg/>', rdns: 'dev.example.spike' }, provider: createFakeProvider() as never }
    exampleSightings.announce(spike)
    expect(changed).toHaveBeenCalledOnce()
    const after = environment.getSnapshot()
    expect(after).not.toBe(before)
    expect(after.announced).toEqual([spike])
    // The same snapshot until something changes (useSyncExternalStore asks again and again).
    expect(environment.getSnapshot()).toBe(after)
    expect(config.connectors.map((connector) => connector.id)).toContain('example.dev.example.spike')

    // Unsubscribed (a StrictMode effect's clean-up): no more calls.
    stop()
    exampleSightings.announce({ ...spike, info: { ...spike.info, uuid: crypto.randomUUID(), rdns: 'dev.example.later' } })
    expect(changed).toHaveBeenCalledOnce()
  })

  it('takes its phone route for a book wallet no other family reached, after theirs (the wallet’s own browser)', async () => {
    const reachesOf = (list: readonly SigilFamily[]) => Promise.all(familyReachChunks(list).map((load) => load()))
    // A wallet whose phone app pairs over WalletConnect only, on a deployment without it; and MetaMask.
    const book = {
      linked: { name: 'Linked Wallet', shortName: 'Linked Wallet', walletConnect: { sdks: ['sign_v2'] }, mobile: { native: 'linked://wc' } },
      metamask: walletBook.metamask!,
    }
    const config = createSigilConfig(publicConfig, { watchWallets: false, families: browserRegistry })
    const listOn = async (platform: Platform, list: readonly SigilFamily[]) => {
      const navigate = vi.fn()
      const options = walletOptions({ announced: [], win: {}, platform, connectors: config.connectors, getHref: () => PAGE, navigate, book, reaches: await reachesOf(list) })
      return { options: options.filter((option) => !option.installed), navigate }
    }

    const phone = await listOn(iphone, browserRegistry)
    expect(phone.options.map((option) => [option.key, option.opens])).toEqual([
      ['linked', 'wallet-browser'],
      ['metamask', 'wallet-browser'],
    ])
    phone.options[0]?.openInApp?.()
    expect(phone.navigate).toHaveBeenLastCalledWith(exampleBrowseUrl(PAGE))
    // MetaMask has a browser of its own: the injected family's route, asked first, took it.
    phone.options[1]?.openInApp?.()
    expect(phone.navigate).toHaveBeenLastCalledWith(`https://metamask.app.link/dapp/${PAGE}`)

    // Without the family, the linked wallet has no way in on a phone; a computer never asks a phone route.
    expect((await listOn(iphone, families)).options.map((option) => option.key)).toEqual(['metamask'])
    expect((await listOn(desktop, browserRegistry)).options.map((option) => option.key)).toEqual(['metamask'])
  })

  it('adds its strings: its error codes to the catalogue’s union, its view strings to what every locale translates', () => {
    type WithExample = FamilyCatalogues & { example: typeof example }
    expectTypeOf<'example_unreachable'>().toExtend<FamilyErrorCodeOf<WithExample>>()
    expectTypeOf<FamilyMessagesOf<WithExample>['example']>().toEqualTypeOf<Record<'example.title' | 'example.waiting', string>>()
    expect(exampleManifest.messages.sections.example.errors.example_unreachable).toMatch(/did not answer/)
  })

  it('parses its setting into the public configuration, beside the other families’ settings', () => {
    // What the root layout does with the registry's parsers (connectors/settings.ts `familySettings`).
    const settings = familySettingsOf<FamilySettings & ExampleSettings>(serverRegistry)
    expect(settings.variables).toContain('EXAMPLE_WALLET_URL')
    const config = getPublicConfig(settings, { NODE_ENV: 'test', EXAMPLE_WALLET_URL: 'https://wallet.example-wallet.test', WALLETCONNECT_PROJECT_ID: 'pid' })
    expect(config.exampleWalletUrl).toBe('https://wallet.example-wallet.test')
    expect(config.walletConnectProjectId).toBe('pid')
    expect(getPublicConfig(settings, { NODE_ENV: 'test' }).exampleWalletUrl).toBe(EXAMPLE_FRAME)
    // The registry without it neither reads its variable nor gives the page its field.
    expect(getPublicConfig(familySettingsOf(), { NODE_ENV: 'test', EXAMPLE_WALLET_URL: 'https://wallet.example-wallet.test' })).not.toHaveProperty('exampleWalletUrl')
  })

  it('refuses a bad value of its setting with the typed error naming the variable', () => {
    const settings = familySettingsOf<FamilySettings & ExampleSettings>(serverRegistry)
    const read = () => getPublicConfig(settings, { NODE_ENV: 'test', EXAMPLE_WALLET_URL: 'http://wallet.example-wallet.test' })
    expect(read).toThrow(EnvError)
    expect(read).toThrow(expect.objectContaining({ variable: 'EXAMPLE_WALLET_URL', message: 'EXAMPLE_WALLET_URL must be an https:// address, got "http://wallet.example-wallet.test".' }))
  })

  it('publishes its hosts in the egress manifest, under its id', () => {
    expect(egressByFamily(egressConfig, serverRegistry).example).toEqual([
      { origin: EXAMPLE_API, directive: 'connect', purpose: expect.any(String) },
      { origin: EXAMPLE_FRAME, directive: 'frame', purpose: expect.any(String) },
    ])
    expect(egressManifest(egressConfig, serverRegistry).families).toHaveProperty('example.hosts')
  })

  it('puts its hosts in the Content-Security-Policy, each under its directive', () => {
    const policy = contentSecurityPolicy({ nonce: 'n0nce', production: true, publicConfig: {}, egress: egressEntries(egressConfig, serverRegistry) })
    expect(policy).toMatch(new RegExp(`connect-src [^;]*${EXAMPLE_API}`))
    expect(policy).toMatch(new RegExp(`frame-src [^;]*${EXAMPLE_FRAME}`))
    const without = contentSecurityPolicy({ nonce: 'n0nce', production: true, publicConfig: {}, egress: egressEntries(egressConfig) })
    expect(without).not.toContain('example-wallet.test')
  })
})
