import next from 'eslint-config-next'

/**
 * The layers (README "Layout", connectors/README.md): imports point down only.
 *
 *   app/ (page, API routes, app/_wagmi: the wagmi config and wallet list)
 *     ↓
 *   connectors/ (one folder per family, shared/)
 *     ↓
 *   wallet-book/ (data, links, provider resolution)
 *     ↓
 *   lib/ (errors, chains, platform, i18n, config, the server: store, sign-in, embedded wallet)
 *
 * Tests may reach across (a connector's relay test signs through app/_wagmi's signing path).
 */
const ABOVE_LIB = ['@/app/**', '@/connectors/**', '@/wallet-book/**', '@/proxy']
const ABOVE_WALLET_BOOK = ['@/app/**', '@/connectors/**', '@/proxy']
const ABOVE_CONNECTORS = ['@/app/**', '@/proxy']

/**
 * Modules that run on the server only (most import `server-only`, which fails a client build; this
 * rule says so at lint time, with the reason). Code that can reach the browser never imports them.
 */
const SERVER_ONLY = [
  'server-only',
  '@/lib/store/**',
  '@/lib/server/**',
  '@/lib/config/server',
  '@/lib/rpc/server',
  '@/lib/rpc/broadcastServer',
  '@/lib/siwe/server',
  '@/lib/siwe/server/**',
  '@/lib/ens/server',
  '@/lib/embedded/*',
  '!@/lib/embedded/shared',
  '@/app/_lib/server/**',
]

const TESTS = ['**/*.test.ts', '**/*.test.tsx']

function restrict(groups) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: groups.map(({ group, message }) => ({ group, message })),
      },
    ],
  }
}

const layerMessage = 'Imports point down the layers: app → connectors → wallet-book → lib (see README "Layout").'
const serverMessage = 'Server-only module: code that reaches the browser cannot import it (see README "Layout").'

const config = [
  ...next,
  { ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'tests/artifacts/**', 'next-env.d.ts'] },
  {
    files: ['lib/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: restrict([{ group: ABOVE_LIB, message: layerMessage }]),
  },
  {
    files: ['wallet-book/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: restrict([
      { group: ABOVE_WALLET_BOOK, message: layerMessage },
      { group: SERVER_ONLY, message: serverMessage },
    ]),
  },
  {
    files: ['connectors/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: restrict([
      { group: ABOVE_CONNECTORS, message: layerMessage },
      { group: SERVER_ONLY, message: serverMessage },
    ]),
  },
  {
    files: ['app/_components/**/*.{ts,tsx}', 'app/_wagmi/**/*.{ts,tsx}', 'app/providers.tsx'],
    ignores: TESTS,
    rules: restrict([{ group: SERVER_ONLY, message: serverMessage }]),
  },
]

export default config
