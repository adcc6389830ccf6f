import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The app's copy of the embedded wallet's vault script, bundled from the sources by the connectors'
 * bundler (connectors/scripts/vaultBundle.mjs; a host of the published package serves the prebuilt
 * one instead): `next build` writes it into the build folder (next.config.mjs,
 * runAfterProductionCompile); `next dev` bundles it on request (app/_build/vaultScript.ts), so an
 * edit shows on reload.
 */
export const VAULT_BUNDLE_DIR = 'vault'
export const VAULT_BUNDLE_FILE = 'vault.js'

const MANIFEST = 'manifest.json'

/**
 * The bundler (and esbuild), loaded only when a build runs: what only reads a build (the budget
 * check, `next start`) never loads them, and Playwright, which compiles the specs' imports as
 * CommonJS, never meets the connectors' ES modules.
 */
async function buildVaultBundle(options) {
  const { buildVaultBundle: build } = await import('../../connectors/scripts/vaultBundle.mjs')
  return build(options)
}

/** Builds the vault's script for production into `<distDir>/vault/` (vault.js, its chunks, a manifest). */
export async function writeVaultBundle(distDir, root = process.cwd()) {
  const bundle = await buildVaultBundle({ production: true, root })
  const folder = path.join(path.resolve(root, distDir), VAULT_BUNDLE_DIR)
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  writeFileSync(path.join(folder, VAULT_BUNDLE_FILE), bundle.code)
  for (const [name, code] of Object.entries(bundle.chunks)) writeFileSync(path.join(folder, name), code)
  writeFileSync(path.join(folder, MANIFEST), JSON.stringify({ sha256: bundle.sha256, chunks: Object.keys(bundle.chunks) }))
  return bundle
}

/** The production build's script and chunks, read once (undefined when the build has none). */
export function readVaultBundle(distDir, root = process.cwd()) {
  try {
    const folder = path.join(path.resolve(root, distDir), VAULT_BUNDLE_DIR)
    const manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST), 'utf8'))
    // A build from before the manifest named the hash: as good as none (next build writes it again).
    if (typeof manifest.sha256 !== 'string') return undefined
    const chunks = Object.fromEntries(manifest.chunks.map((name) => [name, readFileSync(path.join(folder, name), 'utf8')]))
    // The script's hash as the build took it (the manifest is written with the script).
    return { code: readFileSync(path.join(folder, VAULT_BUNDLE_FILE), 'utf8'), sha256: manifest.sha256, chunks }
  } catch {
    return undefined
  }
}

let devBuild
/** Chunks of the dev builds of this process, by name: a page loaded before an edit still finds its own. */
const devChunks = new Map()
/**
 * `next dev`: built again for a page load. The page and its script, asked within two seconds of each
 * other, share one build, so an edit shows on the next reload without bundling twice per load.
 */
export async function buildVaultBundleForDev(root = process.cwd()) {
  if (devBuild && Date.now() - devBuild.at < 2_000) return devBuild.bundle
  const bundle = buildVaultBundle({ production: false, root }).then((built) => {
    for (const [name, code] of Object.entries(built.chunks)) devChunks.set(name, code)
    // Hash-named, so an old one is only stale, never wrong; keep the last hundred.
    while (devChunks.size > 100) devChunks.delete(devChunks.keys().next().value)
    return built
  })
  devBuild = { at: Date.now(), bundle }
  bundle.catch(() => (devBuild = undefined))
  return bundle
}

/** `next dev`: a chunk of this process's builds by name (a build runs first if none has it yet). */
export async function devVaultChunk(name, root = process.cwd()) {
  if (!devChunks.has(name)) await buildVaultBundleForDev(root)
  return devChunks.get(name)
}
