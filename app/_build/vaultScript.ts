import 'server-only'
import { readEnv } from '@sigil/server/config/env'
import { buildVaultBundleForDev, devVaultChunk, readVaultBundle, type VaultBundle } from '@/app/_build/vaultBundle.mjs'
import { VAULT_CHUNK_PATTERN } from '../../connectors/scripts/vaultBundle.mjs'

let built: VaultBundle | undefined

/**
 * The vault's script (app/_build/vaultBundle.mjs): from the production build, read once; under
 * `next dev`, bundled again on each request so an edit shows on reload.
 */
export async function vaultScript(): Promise<VaultBundle> {
  const env = readEnv()
  if (!env.production) return buildVaultBundleForDev()
  built ??= readVaultBundle(env.distDir)
  if (!built) throw new Error('The vault script is missing from the build: run next build.')
  return built
}

/** One of the script's lazy chunks by file name; undefined for a name it has not. */
export async function vaultChunk(name: string): Promise<string | undefined> {
  if (!VAULT_CHUNK_PATTERN.test(name)) return undefined
  if (!readEnv().production) return devVaultChunk(name)
  const { chunks } = await vaultScript()
  return Object.hasOwn(chunks, name) ? chunks[name] : undefined
}
