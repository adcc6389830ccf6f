import type { Config } from '@wagmi/core'
import { families } from '@sigil/connectors/families'
import type { PublicConfig } from '@sigil/lib/config/public'
import { type CreateSigilConfigOptions, createSigilConfigFor } from './sigilConfigFor'

export { addWalletConnectors, type CreateSigilConfigOptions, sigilChains } from './sigilConfigFor'

/**
 * The wagmi config for a deployment's public configuration, over the families of `options.families`
 * or the registry's (connectors/families.ts): see `createSigilConfigFor`.
 */
export function createSigilConfig(publicConfig: PublicConfig, options: CreateSigilConfigOptions = {}): Config {
  return createSigilConfigFor(options.families ?? families, publicConfig, options)
}
