import { fileURLToPath } from 'node:url'
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from 'next/constants.js'
import { addCompileHints } from './app/_build/compileHints.mjs'
import { distDir, productionEnvironmentProblems, productionEnvironmentWarnings } from './server/config/envSchema.mjs'
import { writeVaultBundle } from './app/_build/vaultBundle.mjs'
import { checkSigilConfigFile, sigilConfigAlias } from './app/_build/sigilConfigCheck.mjs'

const root = fileURLToPath(new URL('./', import.meta.url))

/**
 * The README's one line for trying a production build on one's own machine: throwaway secrets and a
 * throwaway data folder, so nothing of it outlives the process. `next start` prints it when it
 * refuses to boot (tests/e2e/deployment.spec.ts checks the README, this line and the refusal agree).
 */
export const LOCAL_PRODUCTION_COMMAND =
  'npm run build && APP_ORIGIN=http://app.localhost:${PORT:-3000} TRUSTED_PROXY_HOPS=0 ' +
  'SESSION_SECRET=$(node -p "crypto.randomBytes(32).toString(\'hex\')") ' +
  'EMBEDDED_RECOVERY_KEY=$(node -p "crypto.randomBytes(32).toString(\'base64\')") ' +
  'DATA_DIR=$(mktemp -d) npm start'

/**
 * `next start` refuses to boot without the production settings, so a misconfigured deploy fails at
 * once with a clear message instead of on the first sign-in. The rules are the environment's own
 * (server/config/envSchema.mjs), the module the server's reader (server/config/env.ts) is built on.
 */
function assertProductionEnvironment(env) {
  for (const warning of productionEnvironmentWarnings(env)) console.warn(`[sigil] ${warning}`)
  const problems = productionEnvironmentProblems(env)
  if (problems.length)
    throw new Error(
      `Sigil cannot start:\n- ${problems.join('\n- ')}\n` +
        `These are required for a deployment. To try a production build on this machine with throwaway values, run:\n` +
        `  ${LOCAL_PRODUCTION_COMMAND}`,
    )
}

/**
 * The deployment's `sigil.config.ts` (lib/config/sigilConfig.ts), checked as `next build` and
 * `next dev` begin, by the rules the app applies: a bad field stops them, named.
 */
async function assertSigilConfig(env) {
  try {
    await checkSigilConfigFile(root, env)
  } catch (error) {
    throw new Error(`Sigil cannot start: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** @type {(phase: string) => import('next').NextConfig | Promise<import('next').NextConfig>} */
export default function nextConfig(phase) {
  // The config's one read of the environment, handed whole to the environment's rules.
  const env = process.env
  if (phase === PHASE_PRODUCTION_SERVER) assertProductionEnvironment(env)
  const config = appConfig(env, phase)
  // At `next start` the build's own copy of the file is checked instead (instrumentation.ts): the
  // source may be gone, and esbuild with it (a production install leaves out dev dependencies).
  if (phase === PHASE_PRODUCTION_BUILD || phase === PHASE_DEVELOPMENT_SERVER) return assertSigilConfig(env).then(() => config)
  return config
}

/** @type {(env: NodeJS.ProcessEnv, phase: string) => import('next').NextConfig} */
function appConfig(env, phase) {
  return {
    // A second build beside the usual `.next` (e.g. two test runs on one checkout): NEXT_DIST_DIR=.next-<name>.
    distDir: distDir(env),
    reactStrictMode: true,
    poweredByHeader: false,
    experimental: {
      // The page's stylesheet (~7 kB, ~2 kB gzip) travels in the HTML (issue 14, part 5): the first
      // paint needs no second request, so it comes sooner after the HTML and more often before the
      // page's scripts have arrived. The largest paint (the intro) is in the first frame either way;
      // Lighthouse's simulation counts the scripts that finished before that frame into it.
      inlineCss: true,
    },
    compiler: {
      // The first-load scripts start with V8's compile hint (app/_build/compileHints.mjs): Chrome
      // compiles their functions while the scripts download, off the main thread, instead of one by
      // one during hydration, which is most of the page's longest task on a phone (issue 14).
      runAfterProductionCompile: async ({ distDir }) => {
        addCompileHints(distDir)
        // The embedded wallet's vault page has its own script, bundled apart (app/_build/vaultBundle.mjs).
        await writeVaultBundle(distDir)
      },
    },
    // PGlite ships WASM + a data bundle that webpack cannot bundle; load it from node_modules at run time.
    serverExternalPackages: ['@electric-sql/pglite', 'pg', 'esbuild'],
    // The sign-in's hot routes live on the Pages Router (pages/api/auth/, server/http/pagesApiRoute.ts).
    // Bundled as the App Router's server code is, so that the server's `server-only` marker resolves
    // to nothing there too; left to Node, it throws.
    bundlePagesRouterDependencies: true,
    turbopack: {
      resolveAlias: {
        // The deployment's configuration file, or the empty default when it has none
        // (app/_build/sigilConfigCheck.mjs); compiled in, so `next start` needs neither.
        ...(phase === PHASE_PRODUCTION_SERVER ? {} : { '@sigil/config': sigilConfigAlias(root, env) }),
        // wagmi imports the React 16/17 shim's selector hook; on React 19 the shim only forwards to
        // React's own useSyncExternalStore, so the package's shim-free build is the same hook
        // without the polyfill's code in the first-load bundle.
        'use-sync-external-store/shim/with-selector.js': 'use-sync-external-store/with-selector.js',
        // wagmi's own EIP-6963 discovery and injected connector: imported by its createConfig, never
        // called with `multiInjectedProviderDiscovery: false` (Sigil's connectors/injected does both).
        mipd: './stubs/wagmi/mipd.js',
        './connectors/injected.js': './stubs/wagmi/wagmiInjected.js',
        // WalletConnect's provider imports AppKit only to open its own QR modal, which Sigil turns
        // off (showQrModal: false). package.json `overrides` installs the same stub in AppKit's place,
        // so neither AppKit's UI kit nor its second WalletConnect core is installed or bundled.
        // The same two requests `withSigil` (connectors/withSigil.ts) aliases for another app.
        '@reown/appkit/core': './stubs/reown-appkit/core.js',
        '@reown/appkit': './stubs/reown-appkit/core.js',
      },
    },
    async headers() {
      // The backstop for what proxy.ts leaves out by design (the build output under /_next/static/
      // and the image optimizer): not pages, so a policy that allows nothing and no framing. Never
      // on a path the proxy or guardedRoute answers: Next does not let a route's own header replace
      // one set here (server/send-response.js), so this would override the page's nonce policy.
      const backstop = [
        { key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" },
        { key: 'X-Frame-Options', value: 'DENY' },
        { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
        ...(env.NODE_ENV === 'production' ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }] : []),
      ]
      return [
        {
          source: '/:path*',
          headers: [
            { key: 'X-Content-Type-Options', value: 'nosniff' },
            { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          ],
        },
        { source: '/_next/static/:path*', headers: backstop },
        { source: '/_next/image', headers: backstop },
      ]
    },
  }
}
