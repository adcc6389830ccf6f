import { PHASE_PRODUCTION_SERVER } from 'next/constants.js'
import { addCompileHints } from './server/build/compileHints.mjs'
import { productionMailProblem } from './server/embedded/mailPolicy.mjs'
import { resolveVaultOrigin } from './server/config/vaultOrigin.mjs'
import { writeVaultBundle } from './server/build/vaultBundle.mjs'

/**
 * The README's one line for trying a production build on one's own machine: throwaway secrets and a
 * throwaway data folder, so nothing of it outlives the process. `next start` prints it when it
 * refuses to boot (tests/e2e/deployment.spec.ts checks the README, this line and the refusal agree).
 */
export const LOCAL_PRODUCTION_COMMAND =
  'npm run build && APP_ORIGIN=http://localhost:3000 TRUSTED_PROXY_HOPS=0 ' +
  'SESSION_SECRET=$(node -p "crypto.randomBytes(32).toString(\'hex\')") ' +
  'EMBEDDED_RECOVERY_KEY=$(node -p "crypto.randomBytes(32).toString(\'base64\')") ' +
  'DATA_DIR=$(mktemp -d) npm start'

/**
 * `next start` refuses to boot without the production settings, so a misconfigured deploy fails at
 * once with a clear message instead of on the first sign-in (the same rules are enforced again where
 * the values are used: server/session/secret.ts, server/config/server.ts).
 */
function assertProductionEnvironment(env) {
  const problems = []
  // One secret, or a comma-separated list while rotating (server/session/secret.ts): each of 32+ characters.
  const secrets = (env.SESSION_SECRET ?? '').split(',').map((secret) => secret.trim())
  if (secrets.some((secret) => secret.length < 32))
    problems.push('SESSION_SECRET is required in production: a random string of at least 32 characters (e.g. openssl rand -base64 32).')
  const hops = env.TRUSTED_PROXY_HOPS?.trim()
  if (!hops || !/^\d+$/.test(hops) || Number(hops) > 10)
    problems.push('TRUSTED_PROXY_HOPS is required in production: the number of proxies in front of the app that append to X-Forwarded-For, 0 to 10 (0 = none: the socket address is the client).')
  if (!env.APP_ORIGIN?.trim())
    problems.push('APP_ORIGIN is required in production: the exact origin(s) the site answers on, comma-separated (e.g. https://sigil.example).')
  // The embedded wallet's own origin (server/config/vaultOrigin.mjs): https, apart from every APP_ORIGIN.
  const origins = (env.APP_ORIGIN ?? '').split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => {
    try {
      return new URL(entry).origin
    } catch {
      return entry
    }
  })
  const vault = origins.length ? resolveVaultOrigin(env, origins).problem : undefined
  if (vault) problems.push(vault)
  if (!env.EMBEDDED_RECOVERY_KEY?.trim())
    problems.push('EMBEDDED_RECOVERY_KEY is required in production: 32 random bytes as base64 (openssl rand -base64 32), the same on every instance; without it no embedded wallet can be recovered by email.')
  // Real mail over TLS (server/embedded/mailPolicy.mjs): the embedded wallet's codes go by email.
  const mail = productionMailProblem(env)
  if (mail) problems.push(mail)
  const preference = env.COINBASE_PREFERENCE?.trim()
  if (preference && !['all', 'smartWalletOnly', 'eoaOnly'].includes(preference))
    problems.push(`COINBASE_PREFERENCE must be one of all, smartWalletOnly, eoaOnly, got "${preference}".`)
  if (problems.length)
    throw new Error(
      `Sigil cannot start:\n- ${problems.join('\n- ')}\n` +
        `These are required for a deployment. To try a production build on this machine with throwaway values, run:\n` +
        `  ${LOCAL_PRODUCTION_COMMAND}`,
    )
}

/** @type {(phase: string) => import('next').NextConfig} */
export default function nextConfig(phase) {
  if (phase === PHASE_PRODUCTION_SERVER) assertProductionEnvironment(process.env)
  return {
    // A second build beside the usual `.next` (e.g. two test runs on one checkout): NEXT_DIST_DIR=.next-<name>.
    distDir: process.env.NEXT_DIST_DIR || '.next',
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
      // The first-load scripts start with V8's compile hint (server/build/compileHints.mjs): Chrome
      // compiles their functions while the scripts download, off the main thread, instead of one by
      // one during hydration, which is most of the page's longest task on a phone (issue 14).
      runAfterProductionCompile: async ({ distDir }) => {
        addCompileHints(distDir)
        // The embedded wallet's vault page has its own script, bundled apart (server/build/vaultBundle.mjs).
        await writeVaultBundle(distDir)
      },
    },
    // PGlite ships WASM + a data bundle that webpack cannot bundle; load it from node_modules at run time.
    serverExternalPackages: ['@electric-sql/pglite', 'pg', 'esbuild'],
    turbopack: {
      resolveAlias: {
        // wagmi imports the React 16/17 shim's selector hook; on React 19 the shim only forwards to
        // React's own useSyncExternalStore, so the package's shim-free build is the same hook
        // without the polyfill's code in the first-load bundle.
        'use-sync-external-store/shim/with-selector.js': 'use-sync-external-store/with-selector.js',
        // wagmi's own EIP-6963 discovery and injected connector: imported by its createConfig, never
        // called with `multiInjectedProviderDiscovery: false` (Sigil's connectors/injected does both).
        mipd: './app/_wagmi/unused/mipd.js',
        './connectors/injected.js': './app/_wagmi/unused/wagmiInjected.js',
        // WalletConnect's provider imports AppKit only to open its own QR modal, which Sigil turns
        // off (showQrModal: false). package.json `overrides` installs the same stub in AppKit's place,
        // so neither AppKit's UI kit nor its second WalletConnect core is installed or bundled.
        '@reown/appkit/core': './stubs/reown-appkit/core.js',
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
        ...(process.env.NODE_ENV === 'production' ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }] : []),
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
