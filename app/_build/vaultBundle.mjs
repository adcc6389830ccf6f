import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The vault page's script (connectors/embedded/vault/main.ts), bundled apart from Next: the vault
 * shares no React tree, no framework runtime and no wallet SDK with the app's pages. Its budget is
 * 55 kB gzip for the entry and the chunks it imports at once. `next build` writes it into the build
 * folder (next.config.mjs, runAfterProductionCompile); `next dev` bundles it on request
 * (app/vault/script/route.ts).
 */
export const VAULT_ENTRY = 'connectors/embedded/vault/main.ts'
export const VAULT_BUNDLE_DIR = 'vault'
export const VAULT_BUNDLE_FILE = 'vault.js'

/**
 * The error catalogues travel in the vault page's JSON already (server/embedded/vaultPage.ts): the bundle reads
 * them there (connectors/embedded/vault/pageCatalogue.ts) instead of carrying a second copy. The
 * catalogues are imported by lib's package name from the connectors, and by path from lib's own files.
 */
function catalogueFromPage(root) {
  const shim = path.join(root, 'connectors/embedded/vault/pageCatalogue.ts')
  return {
    name: 'sigil-vault-catalogue',
    setup(build) {
      build.onResolve({ filter: /^@(sigil)?\/lib\/i18n\/(embedded|errors)$/ }, () => ({ path: shim }))
    },
  }
}

/**
 * What the vault imports only on demand, each a chunk of its own: the clear-signing tables and words
 * (when a transaction or typed data needs them; never a plain message) and BIP-39's word list (when a
 * wallet is created). Each is bundled alone, with its own copy of the little it shares with the
 * page's script; esbuild's own code splitting would also turn viem's internal `import()`s into
 * chunks the page must load.
 */
export const VAULT_LAZY = {
  clear: 'connectors/embedded/vault/clearSigning/lazy.ts',
  words: 'connectors/embedded/vault/wordlist.ts',
}

/**
 * A chunk's file name as the vault serves it (`/vault-<name>-<hash>.js` beside `/vault.js`): its
 * content's hash, so a name is never reused for other bytes and may be cached for good.
 */
export const VAULT_CHUNK_PATTERN = /^vault-[a-z]+-[0-9a-f]{12}\.js$/

function withoutExtension(file) {
  return file.replace(/\.[cm]?[jt]s$/, '')
}

/**
 * Points the script's `import()` of a lazy module at its chunk (`./vault-<name>-<hash>.js`, next to
 * the script: a classic script's `import()` resolves against its own URL and is fetched under its
 * nonce, so the page's CSP, script-src 'nonce-…', holds unchanged).
 */
function lazyChunks(root, names) {
  const byPath = new Map(Object.entries(VAULT_LAZY).map(([key, file]) => [withoutExtension(path.join(root, file)), names[key]]))
  return {
    name: 'sigil-vault-lazy',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        const chunk = byPath.get(withoutExtension(path.resolve(args.resolveDir, args.path)))
        if (!chunk) return undefined
        if (args.kind !== 'dynamic-import') return { errors: [{ text: `${args.path} is a lazy chunk of the vault: import() it, never import it` }] }
        return { path: `./${chunk}`, external: true }
      })
    },
  }
}

/** esbuild's options for one script of the vault, from the project's root. */
function options(root, production, entry, format, plugins) {
  return {
    plugins: [catalogueFromPage(root), ...plugins],
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    format,
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

function sha256(code) {
  return createHash('sha256').update(code).digest('hex')
}

/**
 * The script's bytes and their SHA-256 (hex, for the cache-busting query), and its lazy chunks by
 * file name.
 */
export function describeBundle(code, chunks = {}) {
  return { code, sha256: sha256(code), chunks }
}

/** Builds the lazy chunks, then the script that imports them by name. */
async function build(esbuild, root, production) {
  const chunks = {}
  const names = {}
  for (const [key, file] of Object.entries(VAULT_LAZY)) {
    const result = await esbuild.build(options(root, production, file, 'esm', []))
    const code = result.outputFiles[0].text
    names[key] = `vault-${key}-${sha256(code).slice(0, 12)}.js`
    chunks[names[key]] = code
  }
  const result = await esbuild.build(options(root, production, VAULT_ENTRY, 'iife', [lazyChunks(root, names)]))
  return describeBundle(result.outputFiles[0].text, chunks)
}

const MANIFEST = 'manifest.json'

/** Builds the vault's script for production into `<distDir>/vault/` (vault.js, its chunks, a manifest). */
export async function writeVaultBundle(distDir, root = process.cwd()) {
  const bundle = await build(await import('esbuild'), root, true)
  const folder = path.join(path.resolve(root, distDir), VAULT_BUNDLE_DIR)
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  writeFileSync(path.join(folder, VAULT_BUNDLE_FILE), bundle.code)
  for (const [name, code] of Object.entries(bundle.chunks)) writeFileSync(path.join(folder, name), code)
  writeFileSync(path.join(folder, MANIFEST), JSON.stringify({ chunks: Object.keys(bundle.chunks) }))
  return bundle
}

/** The production build's script and chunks, read once (undefined when the build has none). */
export function readVaultBundle(distDir, root = process.cwd()) {
  try {
    const folder = path.join(path.resolve(root, distDir), VAULT_BUNDLE_DIR)
    const manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST), 'utf8'))
    const chunks = Object.fromEntries(manifest.chunks.map((name) => [name, readFileSync(path.join(folder, name), 'utf8')]))
    return describeBundle(readFileSync(path.join(folder, VAULT_BUNDLE_FILE), 'utf8'), chunks)
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
  const bundle = import('esbuild').then((esbuild) => build(esbuild, root, false)).then((built) => {
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
