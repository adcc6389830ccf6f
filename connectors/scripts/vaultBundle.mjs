import { createHash } from 'node:crypto'
import path from 'node:path'

/**
 * The embedded wallet's vault page has a script of its own (embedded/vault/main.ts), bundled apart
 * from any framework: the vault shares no React tree, no framework runtime and no wallet SDK with
 * the app's pages. Its budget is 55 kB gzip for the script and the chunks it imports at once.
 *
 * This is its bundler, used two ways:
 * - the package's build (scripts/writePrebuiltVault.mjs) writes it prebuilt into
 *   `dist/embedded/vault/prebuilt.js`, for a host that serves the vault from the package
 *   (embedded/vault/prebuilt.ts);
 * - Sigil's own app bundles it from the sources, at `next build` and on each request under
 *   `next dev` (connectors/scripts/vaultBundle.mjs), so an edit shows on reload.
 */
/** This repository's root, where the sources and their tsconfig are: the package's build runs in it. */
const repositoryRoot = () => path.resolve(import.meta.dirname, '..', '..')

const VAULT_ENTRY = 'connectors/embedded/vault/main.ts'

/**
 * What the vault imports only on demand, each a chunk of its own: the clear-signing tables and words
 * (when a transaction or typed data needs them; never a plain message) and BIP-39's word list (when a
 * wallet is created). Each is bundled alone, with its own copy of the little it shares with the
 * page's script; esbuild's own code splitting would also turn viem's internal `import()`s into
 * chunks the page must load.
 */
const VAULT_LAZY = {
  clear: 'connectors/embedded/vault/clearSigning/lazy.ts',
  words: 'connectors/embedded/vault/wordlist.ts',
}

/**
 * A chunk's file name as the vault serves it (`/vault-<name>-<hash>.js` beside `/vault.js`): its
 * content's hash, so a name is never reused for other bytes and may be cached for good.
 */
export const VAULT_CHUNK_PATTERN = /^vault-[a-z]+-[0-9a-f]{12}\.js$/

/**
 * The error catalogues travel in the vault page's JSON already (@sigil/server's embedded/vaultPage):
 * the bundle reads them there (embedded/vault/pageCatalogue.ts) instead of carrying a second copy.
 * The catalogues are imported by lib's package name from the connectors, and by path from lib's own
 * files.
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

/** esbuild's options for one script of the vault, from the repository's root (its tsconfig's paths). */
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

/** Builds the lazy chunks, then the script that imports them by name (minified for production). */
export async function buildVaultBundle({ production, root = repositoryRoot() }) {
  const esbuild = await import('esbuild')
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

/**
 * The prebuilt module's text: the production bundle as string literals (JSON's escaping is
 * JavaScript's), frozen. It replaces what tsc compiled from embedded/vault/prebuilt.ts, whose
 * declarations stand for it: strings in a module, not files beside it, so that any bundler that
 * bundles the host's server (Next's among them) carries them without being told.
 */
export function prebuiltModule(bundle) {
  const chunks = Object.entries(bundle.chunks).map(([name, code]) => `  ${JSON.stringify(name)}: ${JSON.stringify(code)},`)
  return [
    "import 'server-only'",
    '',
    '// Written by the package\'s build (scripts/writePrebuiltVault.mjs): the vault page\'s script, minified, and its lazy chunks.',
    'export const prebuiltVaultScript = Object.freeze({',
    `  code: ${JSON.stringify(bundle.code)},`,
    `  sha256: ${JSON.stringify(bundle.sha256)},`,
    '  chunks: Object.freeze({',
    ...chunks.map((line) => `  ${line}`),
    '  }),',
    '})',
    '',
  ].join('\n')
}
