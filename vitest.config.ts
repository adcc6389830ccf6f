import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// vitest 4.1 / jsdom 29 / msw 2: the newest majors need Node 22 and fail on Node 20 (see README, Testing).
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // The floors that are packages, by name (docs/architecture.md#packages): their sources here.
      '@sigil/lib': fileURLToPath(new URL('./lib', import.meta.url)),
      '@sigil/wallet-book': fileURLToPath(new URL('./wallet-book', import.meta.url)),
      '@sigil/connectors': fileURLToPath(new URL('./connectors', import.meta.url)),
      '@sigil/react': fileURLToPath(new URL('./react', import.meta.url)),
      '@sigil/server': fileURLToPath(new URL('./server', import.meta.url)),
      // The deployment's configuration file when the project has one (lib/config/sigilConfig.ts).
      '@sigil/config': fileURLToPath(new URL(existsSync(new URL('./sigil.config.ts', import.meta.url)) ? './sigil.config.ts' : './lib/config/noSigilConfig.ts', import.meta.url)),
      // `server-only` throws outside a React Server Components build; tests import server modules directly.
      'server-only': fileURLToPath(new URL('./tests/fixtures/serverOnly.ts', import.meta.url)),
    },
  },
  test: {
    include: ['{app,react,connectors,wallet-book,lib,server,stubs,tests/unit,tests/fixtures}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // The empty store the files' own stores are copied from (tests/fixtures/storeTemplate.ts).
    globalSetup: ['./tests/unit/globalSetup.ts'],
    // Vitest's default is one worker per core but one: on a 2-core machine, a single worker while
    // the other core mostly waits, as the files spend much of their time on anvil, Postgres, PGlite
    // and timers. At least two (README, Tests): there the server and sign-in files took 286 s instead
    // of 459, and the whole run 383 s instead of 804.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
  },
})
