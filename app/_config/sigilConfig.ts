import input from '@sigil/config'
import { manifests } from '@sigil/connectors/manifests'
import { getSupportedChains } from '@sigil/lib/chains'
import type { PublicConfig } from '@sigil/lib/config/public'
import { checkSigilConfig, type SigilConfig, type SigilConfigCatalogue } from '@sigil/lib/config/sigilConfig'
import { locales } from '@sigil/lib/i18n/locales'
import { ui } from '@sigil/lib/i18n/ui'
import { walletBook } from '@sigil/wallet-book/index'
import { validateWalletBookEntry } from '@sigil/wallet-book/validateWalletBookEntry'
import { walletKey } from '@sigil/wallet-book/walletKey'

/**
 * What `sigil.config.ts` is checked against: this build's chains (the local chain included: whether
 * it is served is the environment's `ENABLE_LOCAL_CHAIN`), its families, the wallet book, the page's
 * locales and its English sentences.
 */
export const sigilCatalogue: SigilConfigCatalogue = {
  chainIds: getSupportedChains({ includeLocal: true }).map((chain) => chain.id),
  familyIds: manifests.map((manifest) => manifest.id),
  walletKeys: Object.keys(walletBook),
  walletKeyOf: (shortName) => walletKey(shortName),
  checkWallet: (key, entry) => validateWalletBookEntry(key, entry, { operatorOwn: true }),
  locales,
  ui,
}

let checked: SigilConfig | undefined

/**
 * The deployment's configuration, checked once per process (the build and the boot check the same
 * file first: next.config.mjs, instrumentation.ts). Throws SigilConfigError naming each bad field,
 * in a message that starts with `source` (the file's name).
 */
export function appSigilConfig(source?: string): SigilConfig {
  checked ??= checkSigilConfig(input, sigilCatalogue, source)
  return checked
}

/** The page's configuration with the deployment's families and wallet list, when the file chose them. */
export function withSigilChoices(publicConfig: PublicConfig, sigil: SigilConfig): PublicConfig {
  const { include, exclude, order, featured, custom } = sigil.wallets
  const listChosen = include !== undefined || exclude.length > 0 || order.length > 0 || featured.length > 0 || (custom !== undefined && Object.keys(custom).length > 0)
  if (!sigil.families && !listChosen) return publicConfig
  return { ...publicConfig, ...(sigil.families ? { families: sigil.families } : {}), ...(listChosen ? { walletList: sigil.wallets } : {}) }
}
