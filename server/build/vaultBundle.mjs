import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The vault page's one script (connectors/embedded/vault/main.ts), bundled apart from Next: the vault
 * shares no React tree, no framework runtime and no wallet SDK with the app's pages, and its budget
 * is 60 kB gzip. `next build` writes it into the build folder (next.config.mjs,
 * runAfterProductionCompile); `next dev` bundles it on request (app/vault/script/route.ts).
 */
export const VAULT_ENTRY = 'connectors/embedded/vault/main.ts'
export const VAULT_BUNDLE_DIR = 'vault'
export const VAULT_BUNDLE_FILE = 'vault.js'

/**
 * The error catalogues travel in the vault page's JSON already (app/vault/route.ts): the bundle reads
 * them there (connectors/embedded/vault/pageCatalogue.ts) instead of carrying a second copy.
 */
function catalogueFromPage(root) {
  const shim = path.join(root, 'connectors/embedded/vault/pageCatalogue.ts')
  return {
    name: 'sigil-vault-catalogue',
    setup(build) {
      build.onResolve({ filter: /^@\/lib\/i18n\/(embedded|errors)$/ }, () => ({ path: shim }))
    },
  }
}

/** esbuild's options for the vault's script, from the project's root. */
function options(root, production) {
  return {
    plugins: [catalogueFromPage(root)],
    absWorkingDir: root,
    entryPoints: [VAULT_ENTRY],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: production,
    sourcemap: false,
    legalComments: 'none',
    tsconfig: path.join(root, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    write: false,
    logLevel: 'silent',
  }
}

/** The script's bytes and their SHA-256 (hex, for the cache-busting query and the integrity check). */
export function describeBundle(code) {
  return { code, sha256: createHash('sha256').update(code).digest('hex') }
}

/** Builds the vault's script for production into `<distDir>/vault/vault.js`. */
export async function writeVaultBundle(distDir, root = process.cwd()) {
  const esbuild = await import('esbuild')
  const result = await esbuild.build(options(root, true))
  const code = result.outputFiles[0].text
  const folder = path.join(path.resolve(root, distDir), VAULT_BUNDLE_DIR)
  mkdirSync(folder, { recursive: true })
  writeFileSync(path.join(folder, VAULT_BUNDLE_FILE), code)
  return describeBundle(code)
}

/** The production build's script, read once (undefined when the build has none). */
export function readVaultBundle(distDir, root = process.cwd()) {
  try {
    return describeBundle(readFileSync(path.join(path.resolve(root, distDir), VAULT_BUNDLE_DIR, VAULT_BUNDLE_FILE), 'utf8'))
  } catch {
    return undefined
  }
}

let devContext
let devBuild
/**
 * `next dev`: an esbuild context kept for the process, rebuilt for a page load (incremental): the
 * page and its script, asked within two seconds of each other, share one build, so an edit shows on
 * the next reload without bundling twice per load.
 */
export async function buildVaultBundleForDev(root = process.cwd()) {
  if (devBuild && Date.now() - devBuild.at < 2_000) return devBuild.bundle
  const esbuild = await import('esbuild')
  devContext ??= esbuild.context(options(root, false))
  const bundle = (await devContext).rebuild().then((result) => describeBundle(result.outputFiles[0].text))
  devBuild = { at: Date.now(), bundle }
  bundle.catch(() => (devBuild = undefined))
  return bundle
}
