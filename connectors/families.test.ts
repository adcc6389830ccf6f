import { describe, expect, it } from 'vitest'
import { createSigilConfig } from '@sigil/react/wagmi/createSigilConfig'
import { familyOptions } from '@sigil/react/wagmi/walletOptions'
import type { PublicConfig } from '@sigil/lib/config/public'
import type { ErrorCode } from '@sigil/lib/i18n/en'
import type { Messages } from '@sigil/lib/i18n/messages'
import { monogramIcon } from '@sigil/wallet-book/icons/monogramIcon'
import { injectedIndex } from '@sigil/wallet-book/injectedIndex'
import { families } from './families'
import { familyRows } from './familyRows'
import type { SigilFamily } from './shared/family'
import { familyOf, lazyConnector } from './shared/lazyConnector'

const publicConfig: PublicConfig = { chainIds: [1, 8453], rpcUrls: {}, walletConnectProjectId: 'test', appOrigins: ['http://localhost:3000'] }

// The catalogue's unions read the registered families: each family's codes and view strings are
// part of them without lib/i18n naming the family (a type error here if a registration is missing).
const familyCodes = ['walletconnect_not_configured', 'coinbase_invalid_preference', 'embedded_code_invalid'] as const satisfies readonly ErrorCode[]
type FamilySections = keyof Messages
const sections = ['ui', 'walletConnect', 'embedded', 'embeddedConfirmation'] as const satisfies readonly FamilySections[]

describe('the family registry', () => {
  it('lists each family once', () => {
    const ids = families.map((family) => family.id)
    expect(ids).toEqual(['injected', 'walletconnect', 'coinbasesmartwallet', 'embedded'])
    expect(new Set(ids).size).toBe(ids.length)
    expect(familyCodes).toHaveLength(3)
    expect(sections).toHaveLength(4)
  })

  it('is where the wagmi config takes every connector from, in the registry’s order', () => {
    const config = createSigilConfig(publicConfig, { watchWallets: false })
    const book = Object.keys(injectedIndex)
    const fromFamilies = families.flatMap((family) =>
      [...(family.walletConnectors?.(publicConfig, book) ?? []), ...family.connectors(publicConfig)].map(
        (create) => create({ chains: config.chains, emitter: undefined as never } as never).id,
      ),
    )
    expect(config.connectors.map((connector) => connector.id)).toEqual(fromFamilies)
  })

  it('has a copy without the views for the server’s frame of the dialog: the same families in the same order, with the same connectors and ways to reach a wallet', () => {
    expect(familyRows.map((family) => family.id)).toEqual(families.map((family) => family.id))
    families.forEach((family, index) => {
      const rows = familyRows[index]!
      for (const key of ['connectors', 'walletConnectors', 'reachWallet', 'reachWalletBrowser'] as const) expect(rows[key], `${family.id}.${key}`).toBe(family[key])
    })
  })

  it('gives every row that opens a view a family that declares one', () => {
    const config = createSigilConfig(publicConfig, { watchWallets: false })
    const withViews = new Set(families.filter((family) => family.panel).map((family) => family.id))
    const opened = config.connectors.flatMap((connector) => familyOf(connector)?.listing?.panel ?? [])
    expect(opened.length).toBeGreaterThan(0)
    for (const id of opened) expect(withViews).toContain(id)
  })

  it('loads each declared view and way to reach a wallet as a function (their own chunks)', async () => {
    for (const family of families) {
      if (family.panel) expect(typeof (await family.panel())).toBe('function')
      if (family.reachWallet) expect(typeof (await family.reachWallet())).toBe('function')
      if (family.reachWalletBrowser) expect(typeof (await family.reachWalletBrowser())).toBe('function')
    }
  })

  it('takes a new family from its declaration alone: its connector and its row', () => {
    const example = {
      id: 'example',
      connectors: () => [
        lazyConnector({
          id: 'example',
          type: 'example',
          icon: monogramIcon('EX', '#000000'),
          properties: { name: 'Example Wallet' },
          load: () => Promise.reject(new Error('not needed here')),
          listing: { order: 9, panel: 'example', tagline: { desktop: 'connect.tagline.embedded' } },
        }),
      ],
      panel: async () => () => null,
    } satisfies SigilFamily
    const config = createSigilConfig(publicConfig, { watchWallets: false, families: [...families, example] })
    expect(config.connectors.at(-1)?.id).toBe('example')
    const row = familyOptions(config.connectors).at(-1)
    expect(row).toMatchObject({ key: 'examplewallet', name: 'Example Wallet', installed: true, panel: 'example' })
  })
})

describe('the families’ reach modules, carried by the dialog’s chunk group', () => {
  it('every family’s reachWallet and reachWalletBrowser module is required by requireFamilyReachModules, which the held group calls', async () => {
    const { readdir, readFile } = await import('node:fs/promises')
    const path = await import('node:path')
    const here = path.dirname(new URL(import.meta.url).pathname)
    // The lines that require, comments left out.
    const held = (await readFile(path.join(here, 'familyReachModules.ts'), 'utf8')).split('\n').filter((line) => /^\s*require\(/.test(line))
    const reachModules: string[] = []
    for (const entry of await readdir(here, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue
      // A family declares its reach in family.ts, or in rows.ts where its rows are apart from its views.
      const source = (await Promise.all(['family.ts', 'rows.ts'].map((file) => readFile(path.join(here, entry.name, file), 'utf8').catch(() => '')))).join('\n')
      for (const [, reach] of source.matchAll(/reachWallet(?:Browser)?:\s*\(\)\s*=>\s*import\('\.\/([\w/]+)'\)/g)) reachModules.push(`./${entry.name}/${reach}`)
    }
    // Every reach the registry has was found in the sources.
    expect(reachModules).toHaveLength(families.filter((f) => f.reachWallet).length + families.filter((f) => f.reachWalletBrowser).length)
    expect(reachModules.length).toBeGreaterThan(0)
    for (const reach of reachModules) expect(held.some((line) => line.includes(`require('${reach}')`))).toBe(true)
    // The runtime-with-dialog group's holder calls it as it runs the group.
    const holder = await readFile(path.join(here, '../react/wagmi/walletGroupHeld.ts'), 'utf8')
    expect(holder).toMatch(/^\s*requireFamilyReachModules\(\)/m)
  })

  it('requiring them never throws, and the families’ import()s still reach them', async () => {
    const { requireFamilyReachModules } = await import('./familyReachModules')
    // Node's require cannot resolve these sources' extensionless paths under vitest: the call returns quietly.
    expect(() => requireFamilyReachModules()).not.toThrow()
    for (const family of families) {
      if (family.reachWallet) expect(await family.reachWallet()).toBeTypeOf('function')
      if (family.reachWalletBrowser) expect(await family.reachWalletBrowser()).toBeTypeOf('function')
    }
  })
})
