/**
 * What another project writes against the packages, compiled by tsc under `nodenext` (the
 * strictest resolution: every subpath must be in the exports map, ESM only; the packages'
 * declarations checked too) and run by plain Node. Prints what it found.
 */
import { readFileSync } from 'node:fs'
import { walletBook, walletBookEntries } from '@sigil/wallet-book'
import { listWallets } from '@sigil/wallet-book/resolve/listWallets'
import type { WalletBookEntry } from '@sigil/wallet-book/types'
import { withSources } from '@sigil/wallet-book/sources'
import { validateWalletBookEntry } from '@sigil/wallet-book/validateWalletBookEntry'
import { walletKey } from '@sigil/wallet-book/walletKey'
import { publicChains } from '@sigil/lib/chains'
import { checkSigilConfig, type SigilConfigCatalogue } from '@sigil/lib/config/sigilConfig'
import type { FamilyCatalogues } from '@sigil/lib/i18n/familyCatalogues'
import type { families } from '@sigil/connectors/families'
import { manifests } from '@sigil/connectors/manifests'
import { withSigil } from '@sigil/connectors/withSigil'
import { createRequire } from 'node:module'

/** The browser's registry, by type only (its connectors, panels and wagmi's types, checked here). */
export type BrowserFamilies = typeof families
/** The families' manifests complete lib's catalogue types (`declare module`): their sections reach us. */
const sections: (keyof FamilyCatalogues)[] = ['walletConnect', 'coinbaseSmartWallet', 'embedded']

const ownWallet: WalletBookEntry = { name: 'Acme Wallet', shortName: 'Acme', eip6963Config: { rdns: ['com.acme.wallet'] } }
const problems: string[] = walletBookEntries().flatMap(({ key, entry }) => validateWalletBookEntry(key, withSources(key, entry)))
const listed = listWallets({ announced: [], book: walletBook, platform: { os: 'macos', isMobile: false, browser: 'chrome' } })
const catalogue: SigilConfigCatalogue = {
  chainIds: publicChains.map((chain) => chain.id),
  familyIds: ['injected'],
  walletKeys: Object.keys(walletBook),
  walletKeyOf: walletKey,
  checkWallet: (key, entry) => validateWalletBookEntry(key, entry, { operatorOwn: true }),
  locales: ['en'],
  ui: {},
}
const config = checkSigilConfig({ chains: [8453], wallets: { custom: [{ ...ownWallet, brand: { icon: 'data:image/svg+xml,%3Csvg%2F%3E' } }], featured: ['acme'] } }, catalogue)
// AppKit: this project's package.json overrides it with the stub (the stub's README, npm's line), so
// the AppKit that WalletConnect's provider resolves is the stub; and its Next config goes through
// withSigil, whose alias must resolve from here to a module that stands in for createAppKit.
const fromProvider = createRequire(import.meta.resolve('@walletconnect/ethereum-provider'))
const installedAppKit = (JSON.parse(readFileSync(fromProvider.resolve('@reown/appkit/package.json'), 'utf8')) as { name: string }).name
const nextConfig = await withSigil(async (phase: string) => ({ distDir: `.next-${phase.length}` }))('phase-production-build', { defaultConfig: {} })
const aliased = nextConfig.turbopack?.resolveAlias?.['@reown/appkit/core']
const stub = (await import(import.meta.resolve(String(aliased)))) as { createAppKit: () => never }
let stubThrows = ''
try {
  stub.createAppKit()
} catch (error) {
  stubThrows = error instanceof Error ? error.message : String(error)
}

const summary: { problems: number; listed: number; custom: string[]; families: string[]; sections: number; installedAppKit: string; stubThrows: string } = {
  problems: problems.length,
  listed: listed.length,
  custom: Object.keys(config.wallets.custom ?? {}),
  families: manifests.map((manifest) => manifest.id),
  sections: sections.filter((section) => manifests.some((manifest) => Object.hasOwn(manifest.messages.sections, section))).length,
  installedAppKit,
  stubThrows,
}
console.log(JSON.stringify(summary))
