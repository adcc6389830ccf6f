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
 * An alias the host sets for the same request is kept: the host's config wins.
 */

/** The module the two AppKit requests resolve to, by this package's name (resolved from the host's root). */
export const appKitStubModule = '@sigil/connectors/walletConnect/appKitStub'

/** The requests WalletConnect's provider (and AppKit's own package root) can make for AppKit. */
export const appKitRequests = ['@reown/appkit/core', '@reown/appkit'] as const

/** The part of Next's config the wrapper reads and writes; the rest passes through untouched. */
export type NextConfigShape = {
  turbopack?: { resolveAlias?: Record<string, unknown> } & Record<string, unknown>
} & Record<string, unknown>

/** The config handed back: the host's, with the aliases in its Turbopack settings. */
export type WithSigil<config extends NextConfigShape> = config & {
  turbopack: { resolveAlias: Record<string, unknown> } & Record<string, unknown>
}

/** Next's config, as an object or as the function of the phase that `next.config.*` may export. */
export type NextConfigInput<config extends NextConfigShape> =
  | config
  | ((phase: string, context: { defaultConfig: unknown }) => config | Promise<config>)

function withAliases<config extends NextConfigShape>(config: config): WithSigil<config> {
  const stubbed = Object.fromEntries(appKitRequests.map((request) => [request, appKitStubModule]))
  return {
    ...config,
    turbopack: {
      ...config.turbopack,
      resolveAlias: { ...stubbed, ...config.turbopack?.resolveAlias },
    },
  }
}

export function withSigil<config extends NextConfigShape>(nextConfig: config): WithSigil<config>
export function withSigil<config extends NextConfigShape>(
  nextConfig: (phase: string, context: { defaultConfig: unknown }) => config | Promise<config>,
): (phase: string, context: { defaultConfig: unknown }) => Promise<WithSigil<config>>
export function withSigil<config extends NextConfigShape>(nextConfig: NextConfigInput<config>) {
  if (typeof nextConfig === 'function')
    return async (phase: string, context: { defaultConfig: unknown }) => withAliases(await nextConfig(phase, context))
  return withAliases(nextConfig)
}
