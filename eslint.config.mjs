import path from 'node:path'
import { fileURLToPath } from 'node:url'
import next from 'eslint-config-next'

/**
 * The floors (README "Layout"): imports point down only.
 *
 *   app/ (the page, its layout, route handlers)
 *     ↓                          ↘ (route handlers, the root layout and page, app/_build/ only)
 *   react/ (the provider, the      server/ (store, sessions, sign-in, the embedded wallet's server,
 *     ↓     dialog, the hooks,     ↓        RPC proxy, ENS, mail, health; also proxy.ts,
 *     ↓     react/wagmi: the       ↓        instrumentation.ts and next.config.mjs use it)
 *     ↓     wagmi config and       ↓
 *     ↓     wallet list)           ↓
 *   connectors/ (one folder        ↓
 *     ↓          per family)       ↓
 *   wallet-book/                   ↓
 *     ↓                            ↓
 *   lib/ (the base the browser and the server share: errors, chains, platform, i18n, public config,
 *         wire types)
 *
 * Tests may reach across (a connector's relay test signs through react/wagmi's signing path).
 */
/** A floor that is a package (docs/architecture.md#packages), reached from above by its name or, wrongly, its path. */
const byName = (name) => [`@sigil/${name}`, `@sigil/${name}/**`]
const byPath = (folder) => [`@/${folder}`, `@/${folder}/**`]
const ABOVE_LIB = [...byPath('app'), ...byPath('react'), ...byName('react'), ...byPath('connectors'), ...byName('connectors'), ...byPath('wallet-book'), ...byName('wallet-book'), ...byPath('server'), ...byName('server'), '@/proxy', 'server-only']
const ABOVE_SERVER = [...byPath('app'), ...byPath('react'), ...byName('react'), ...byPath('connectors'), ...byName('connectors'), ...byPath('wallet-book'), ...byName('wallet-book'), '@/proxy']
const ABOVE_WALLET_BOOK = [...byPath('app'), ...byPath('react'), ...byName('react'), ...byPath('connectors'), ...byName('connectors'), '@/proxy']
const ABOVE_CONNECTORS = [...byPath('app'), ...byPath('react'), ...byName('react'), '@/proxy']
const ABOVE_REACT = [...byPath('app'), '@/proxy']
/**
 * The floors that are packages (lib, the wallet book, the connectors, the React half, the server) are reached from every other
 * folder of the product by their package names, as they will be once published: `@sigil/lib/…`,
 * never `@/lib/…`. A floor reaches its own files by `@/<floor>/…` or relative paths (its build makes
 * both relative).
 */
const packageMessage = 'This floor is a package: import it by its package name, @sigil/lib/…, @sigil/wallet-book/…, @sigil/connectors/…, @sigil/react/… or @sigil/server/… (docs/architecture.md#packages).'
const PACKAGES_BY_PATH = { lib: byPath('lib'), 'wallet-book': byPath('wallet-book'), connectors: byPath('connectors'), react: byPath('react'), server: byPath('server') }
/** The package floors a folder of the product may not reach by path: all but its own. */
const packagesByPathFrom = (own) => Object.entries(PACKAGES_BY_PATH).flatMap(([floor, patterns]) => (floor === own ? [] : patterns))
/**
 * A package reaching its own files by its own name would resolve, in a consumer's install, through
 * its exports map to the built copy: a second instance of every module it names (two error classes
 * of one name, two registries), and a circle through the package's entry points.
 */
const selfMessage = 'A floor reaches its own files by relative paths or @/<floor>/…, never by its own package name (docs/architecture.md#packages).'
const ownName = (floor) => ({ group: byName(floor), message: selfMessage })

/**
 * The server's floor (`@sigil/server`, or wrongly its path), the app's build tooling (app/_build/,
 * which serves the vault's script, and the connectors' build tooling, connectors/scripts/, which
 * bundles it) and `server-only` (which fails a client build; this rule says so
 * at lint time, with the reason). Only the app's route handlers, its root layout and page,
 * app/_build/, `proxy.ts`, `instrumentation.ts` and the Next config import them; of the connectors,
 * only the vault's prebuilt script imports `server-only` (PREBUILT_VAULT below).
 */
const SERVER_ONLY = ['server-only', ...byPath('server'), ...byName('server'), '@/app/_build/**', '@/connectors/scripts/**', '@sigil/connectors/scripts/**']

/** The files of app/ that run on the server only and may import the server. */
const APP_BUILD = 'app/_build/**'
const APP_SERVER_ENTRIES = ['app/api/**', 'app/**/route.ts', 'app/layout.tsx', 'app/page.tsx', APP_BUILD]

const TESTS = ['**/*.test.ts', '**/*.test.tsx']

/**
 * The app and its React half name no family (docs/families/README.md): they reach the families through their
 * registries (connectors/families.ts, connectors/manifests.ts, and connectors/egress.ts built from
 * them) and the slots' shared types and helpers (connectors/shared/), never a family's folder
 * (`connectors/<family>/…`). Tests may reach in, as across the floors. connectors/scripts/ is no
 * family but the package's build tooling: only the app's (app/_build/) runs it, on the sources, by
 * path (its block below).
 */
const FAMILY_FOLDERS = '^@(sigil)?/connectors/(?!shared/)[^/]+/'

/**
 * The vault's script prebuilt for a host (connectors/embedded/vault/prebuilt.ts): strings for a
 * route handler, marked `server-only` so that a client component importing it fails its build.
 */
const PREBUILT_VAULT = 'connectors/embedded/vault/prebuilt.ts'

/**
 * `floors/imports`: ESLint's `no-restricted-imports`, widened to every way a module is reached.
 * That rule reads static `import` / `export … from` only, and matches the specifier as written. This
 * one also reads dynamic `import('…')` (the families load their SDKs and panels so), and matches a
 * relative specifier by the project path it resolves to (`../lib/x` from `connectors/` is `@/lib/x`),
 * so neither a lazy import nor a relative path walks past a floor. Patterns: `group` entries are
 * exact names or `<prefix>/**` (a name and everything under it); `regex` entries are tested as is.
 */
const PROJECT_ROOT = path.dirname(fileURLToPath(import.meta.url))
function groupMatcher(pattern) {
  if (pattern.endsWith('/**')) {
    const prefix = pattern.slice(0, -2)
    if (prefix.includes('*')) throw new Error(`floors/imports: unsupported pattern ${pattern}`)
    return (specifier) => specifier.startsWith(prefix)
  }
  if (pattern.includes('*')) throw new Error(`floors/imports: unsupported pattern ${pattern}`)
  return (specifier) => specifier === pattern || specifier.startsWith(`${pattern}/`)
}
const floorsPlugin = {
  rules: {
    imports: {
      meta: { type: 'problem', schema: [{ type: 'object', properties: { patterns: { type: 'array' } }, additionalProperties: false }] },
      create(context) {
        const rules = (context.options[0]?.patterns ?? []).map(({ group, regex, message }) => ({
          test: regex ? (specifier) => new RegExp(regex).test(specifier) : (specifier) => group.some((pattern) => groupMatcher(pattern)(specifier)),
          message,
        }))
        const projectPath = (specifier) => {
          if (!specifier.startsWith('.')) return undefined
          const resolved = path.relative(PROJECT_ROOT, path.resolve(path.dirname(context.filename), specifier))
          return resolved.startsWith('..') ? undefined : `@/${resolved.split(path.sep).join('/')}`
        }
        const check = (source) => {
          const specifier = source?.type === 'Literal' ? source.value : source?.type === 'TemplateLiteral' && source.expressions.length === 0 ? source.quasis[0].value.cooked : undefined
          if (typeof specifier !== 'string') return
          const forms = [specifier, projectPath(specifier)].filter(Boolean)
          const broken = rules.find((rule) => forms.some(rule.test))
          if (broken) context.report({ node: source, message: `'${specifier}' import is restricted from being used by a pattern. ${broken.message}` })
        }
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        }
      },
    },
  },
}

function restrict(groups) {
  return { 'floors/imports': ['error', { patterns: groups }] }
}

/**
 * The environment has one reader (docs/deploy.md, "Configuration"): server/config/env.ts parses every
 * variable once into a typed object, and the Next config hands `process.env` whole to the same rules
 * (server/config/envSchema.mjs). Anywhere else a read of `process.env` is refused, with two kinds of
 * literal reads left, both replaced by Next's bundler at build time (it replaces literal reads only):
 * `process.env.NODE_ENV` / `process.env.NEXT_PUBLIC_*` in the browser's code, and
 * `process.env.NEXT_RUNTIME` in instrumentation.ts (the edge build drops the server's start-up).
 * Tests, their fixtures and the tooling's own config files are not the product and read it freely.
 */
const ENV_READER = ['server/config/env.ts', 'next.config.mjs']
const NOT_PRODUCT = [...TESTS, 'tests/**', 'wallet-book/scripts/**', 'playwright.config.ts', 'vitest.config.ts', 'eslint.config.mjs']
const envMessage = 'Read the environment through server/config/env.ts (readEnv()), the one reader (docs/deploy.md, "Configuration").'
const ANY_PROCESS_ENV = { selector: "MemberExpression[object.name='process'][property.name='env']", message: envMessage }
/** `process.env` other than as `process.env.<NAME>` (passed whole, destructured, spread), or `process.env.<NAME>` of a name not in `names`. */
function processEnvExcept(names) {
  return [
    { selector: ":not(MemberExpression) > MemberExpression[object.name='process'][property.name='env']", message: envMessage },
    { selector: `MemberExpression[object.object.name='process'][object.property.name='env']:not([computed=false][property.name=${names}])`, message: envMessage },
  ]
}
const BROWSER_INLINED = '/^(NODE_ENV|NEXT_PUBLIC_[A-Z0-9_]+)$/'

const layerMessage = 'Imports point down the floors: app → react → connectors → wallet-book → lib, and server → lib (see README "Layout").'
const familyMessage = "The app names no family: it reaches them through connectors/families.ts and the slots of connectors/shared/family.ts, never a family's folder (docs/families/README.md)."
const serverMessage = 'Server-only module (@sigil/server, app/_build/, the connectors\' build tooling): only route handlers, the root layout and page, app/_build/, proxy.ts and instrumentation.ts import it (see README "Layout").'

const config = [
  ...next,
  { plugins: { floors: floorsPlugin } },
  { ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'lib/dist/**', 'wallet-book/dist/**', 'connectors/dist/**', 'react/dist/**', 'server/dist/**', 'tests/kit/dist/**', '.packages/**', 'test-results/**', 'playwright-report/**', 'tests/artifacts/**', 'next-env.d.ts'] },
  {
    files: ['lib/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: restrict([{ group: ABOVE_LIB, message: layerMessage }, ownName('lib')]),
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: restrict([
      { group: ABOVE_SERVER, message: layerMessage },
      { group: packagesByPathFrom('server'), message: packageMessage },
      ownName('server'),
    ]),
  },
  {
    files: ['wallet-book/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: restrict([
      { group: ABOVE_WALLET_BOOK, message: layerMessage },
      { group: SERVER_ONLY, message: serverMessage },
      { group: packagesByPathFrom('wallet-book'), message: packageMessage },
      ownName('wallet-book'),
    ]),
  },
  {
    files: ['connectors/**/*.{ts,tsx}'],
    ignores: [...TESTS, PREBUILT_VAULT],
    rules: restrict([
      { group: ABOVE_CONNECTORS, message: layerMessage },
      { group: SERVER_ONLY, message: serverMessage },
      { group: packagesByPathFrom('connectors'), message: packageMessage },
      ownName('connectors'),
    ]),
  },
  {
    files: [PREBUILT_VAULT],
    rules: restrict([
      { group: ABOVE_CONNECTORS, message: layerMessage },
      { group: SERVER_ONLY.filter((pattern) => pattern !== 'server-only'), message: serverMessage },
      { group: packagesByPathFrom('connectors'), message: packageMessage },
      ownName('connectors'),
    ]),
  },
  {
    files: ['react/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: restrict([
      { group: ABOVE_REACT, message: layerMessage },
      { group: SERVER_ONLY, message: serverMessage },
      { regex: FAMILY_FOLDERS, message: familyMessage },
      { group: packagesByPathFrom('react'), message: packageMessage },
      ownName('react'),
    ]),
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: [...TESTS, ...APP_SERVER_ENTRIES],
    rules: restrict([
      { group: SERVER_ONLY, message: serverMessage },
      { regex: FAMILY_FOLDERS, message: familyMessage },
      { group: packagesByPathFrom('app'), message: packageMessage },
    ]),
  },
  {
    files: APP_SERVER_ENTRIES,
    ignores: [...TESTS, APP_BUILD],
    rules: restrict([
      { regex: FAMILY_FOLDERS, message: familyMessage },
      { group: packagesByPathFrom('app'), message: packageMessage },
    ]),
  },
  {
    // The app's build tooling runs the connectors' (the vault's bundler) on the sources, by path: it
    // does not ship, so the package has no name for it. Everything else of the connectors by name.
    files: [APP_BUILD],
    ignores: TESTS,
    rules: restrict([
      { regex: '^@(sigil)?/connectors/(?!shared/|scripts/)[^/]+/', message: familyMessage },
      { group: packagesByPathFrom('app').filter((pattern) => !pattern.startsWith('@/connectors')), message: packageMessage },
      { regex: '^@/connectors(?!/scripts/)', message: packageMessage },
      { group: ['@sigil/connectors/scripts/**'], message: 'The connectors\' build tooling does not ship: the app\'s build runs it by path (../../connectors/scripts/…).' },
    ]),
  },
  {
    files: ['proxy.ts', 'instrumentation.ts', 'instrumentation-node.ts', 'instrumentation-client.ts'],
    rules: restrict([{ group: packagesByPathFrom(''), message: packageMessage }]),
  },
  {
    // The sign-in's hot routes on the Pages Router (server/http/pagesApiRoute.ts): server entries, as app/api/ is.
    files: ['pages/**/*.ts'],
    ignores: TESTS,
    rules: restrict([
      { regex: FAMILY_FOLDERS, message: familyMessage },
      { group: packagesByPathFrom(''), message: packageMessage },
    ]),
  },
  {
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    ignores: [...NOT_PRODUCT, ...ENV_READER],
    rules: { 'no-restricted-syntax': ['error', ANY_PROCESS_ENV] },
  },
  {
    // The browser's code: Next inlines the literal reads of NODE_ENV and NEXT_PUBLIC_* into its bundles.
    files: ['app/**/*.{ts,tsx}', 'react/**/*.{ts,tsx}', 'connectors/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}', 'wallet-book/**/*.{ts,tsx}', 'instrumentation-client.ts'],
    ignores: [...NOT_PRODUCT, ...APP_SERVER_ENTRIES],
    rules: { 'no-restricted-syntax': ['error', ...processEnvExcept(BROWSER_INLINED)] },
  },
  {
    files: ['instrumentation.ts'],
    rules: { 'no-restricted-syntax': ['error', ...processEnvExcept('"NEXT_RUNTIME"')] },
  },
]

export default config
