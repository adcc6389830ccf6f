/**
 * `withSigil(nextConfig)`: what a Next app that uses the WalletConnect family adds to its config, so
 * that its bundles carry no AppKit (docs/architecture.md#packages).
 *
 * `@walletconnect/ethereum-provider` depends on `@reown/appkit` and imports `@reown/appkit/core`
 * only to open its own QR modal, which the family turns off (`showQrModal: false`): Sigil draws its
 * own QR. A bundler still follows that dynamic import, so AppKit's UI kit and its second WalletConnect
 * core end up in the build. The wrapper aliases both of AppKit's entry points to the stub
 * (walletConnect/appKitStub.ts) for Turbopack, Next's bundler for `next dev` and `next build`.
 *
 * The alias keeps AppKit out of the bundle, not off the disk: an override in the host's own
 * package.json does that (npm `overrides`, pnpm `pnpm.overrides`, yarn `resolutions`; the lines are
 * in the stub's README). A package cannot carry either setting for its host, a function can.
 *
 * It also names the deployment's configuration: `@sigil/config`, which `@sigil/server` reads (the
 * chains, the sign-in statement and the copy the server applies), is the host's `sigil.config.ts` at
 * the project's root (where `next` runs) when there is one, else a module with no choices
 * (`noSigilConfig.ts`), so that every default holds. A host that keeps it elsewhere names it
 * (`withSigil(config, { sigilConfig: './config/sigil.config.ts' })`), and a file so named must
 * exist: the wrapper throws rather than fall back to the defaults. Checked once, when the config is
 * wrapped.
 *
 * An alias the host sets for the same request is kept: the host's config wins.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'


/** The module the two AppKit requests resolve to, by this package's name (resolved from the host's root). */
export const appKitStubModule = '@sigil/connectors/walletConnect/appKitStub'

/** The requests WalletConnect's provider (and AppKit's own package root) can make for AppKit. */
export const appKitRequests = ['@reown/appkit/core', '@reown/appkit'] as const

/** The name `@sigil/server` imports the deployment's configuration by (the host provides it). */
export const sigilConfigRequest = '@sigil/config'
/** What `@sigil/config` is without a `sigil.config.ts`, by this package's name. */
export const noSigilConfigModule = '@sigil/connectors/noSigilConfig'
/** What a host may tell the wrapper. */
export type WithSigilOptions = {
  /** The deployment's configuration file, relative to the project's root; `./sigil.config.ts` (if present) by default. */
  sigilConfig?: string | undefined
}
/**
 * The host's configuration file (relative to the project's root, as Turbopack reads an alias): the
 * one named, which must exist, or `sigil.config.ts` when the project has one, else the module with
 * no choices.
 */
export function sigilConfigTarget(projectRoot: string, named?: string): string {
  if (named !== undefined) {
    if (!existsSync(path.resolve(projectRoot, named))) throw new Error(`withSigil: the configuration file ${named} (sigilConfig) does not exist in ${projectRoot}`)
    return `./${path.relative(projectRoot, path.resolve(projectRoot, named)).split(path.sep).join('/')}`
  }
  return existsSync(path.join(projectRoot, 'sigil.config.ts')) ? './sigil.config.ts' : noSigilConfigModule
}
/** What Turbopack's `resolveAlias` maps a request to (Next's own type, written out: no import of Next here). */
type AliasTarget = false | string | string[] | Record<string, false | string | string[]>

/** The part of Next's config the wrapper reads and writes; the rest passes through untouched. */
type NextConfigShape = { turbopack?: { resolveAlias?: Record<string, AliasTarget> } }

/** The config's Turbopack settings, whatever their type; an empty object when it has none. */
type TurbopackOf<config> = config extends { turbopack?: infer options } ? NonNullable<options> : object

/** The config handed back: the host's, with the aliases in its Turbopack settings (still a `NextConfig` for a `NextConfig`). */
export type WithSigil<config extends object> = Omit<config, 'turbopack'> & {
  turbopack: TurbopackOf<config> & { resolveAlias: Record<string, AliasTarget> }
}

function withAliases<config extends object>(host: config, options: WithSigilOptions): WithSigil<config> {
  const config: NextConfigShape = host
  const stubbed: Record<string, AliasTarget> = { ...Object.fromEntries(appKitRequests.map((request) => [request, appKitStubModule])), [sigilConfigRequest]: sigilConfigTarget(process.cwd(), options.sigilConfig) }
  return {
    ...config,
    turbopack: {
      ...config.turbopack,
      resolveAlias: { ...stubbed, ...config.turbopack?.resolveAlias },
    },
  } as WithSigil<config>
}

/**
 * Wraps a Next config: an object, or the function of the phase that `next.config.*` may export
 * (its second argument's type is the caller's, e.g. `{ defaultConfig: NextConfig }`).
 */
export function withSigil<config extends object, context>(
  nextConfig: (phase: string, context: context) => config | Promise<config>,
  options?: WithSigilOptions,
): (phase: string, context: context) => Promise<WithSigil<config>>
export function withSigil<config extends object>(nextConfig: config, options?: WithSigilOptions): WithSigil<config>
export function withSigil<config extends object, context>(nextConfig: config | ((phase: string, context: context) => config | Promise<config>), options: WithSigilOptions = {}) {
  if (typeof nextConfig === 'function') return async (phase: string, context: context) => withAliases(await nextConfig(phase, context), options)
  return withAliases(nextConfig, options)
}
