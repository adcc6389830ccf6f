import { randomBytes } from 'node:crypto'
import type { Fixtures } from '@playwright/test'
import { startKeysServer, type KeysServer } from '../fixtures/coinbase/keysServer'
import { vaultOriginFor, type NextServer, type NextServerOptions, type ServerMode } from '../fixtures/nextServer'
import { startMailCatcher, type MailCatcher } from '../fixtures/smtp'
import { startRelay, type Relay } from '../fixtures/walletConnect/relay'

/**
 * The wallet families' worker fixtures: what stands in for each family's outside service on loopback
 * (a WalletConnect relay, the Coinbase keys page, a capturing SMTP server) and the app server
 * configured to use it. They are registered on the one `test` every spec starts from
 * (tests/e2e/fixtures.ts), not on each family's own: Playwright gives a worker to each set of
 * worker fixtures, so families that each declared their own ran in workers of their own, and every
 * change of family stopped a worker and started another, with its own anvil and app servers. With
 * one set, a worker runs the specs of every family and keeps what it started for the next one.
 * Fixtures are lazy: a worker starts only what its tests ask for.
 *
 * Under `next dev` (the `dev` project), the three families share **one** app server that carries
 * every family's settings, as a deployment that offers them all does: each `next dev` compiles the
 * app afresh (20-45 s of both cores on this machine, more beside the other worker), and those
 * servers were most of the `dev` project's set-up. The `app` fixture stays the README's defaults
 * (no WalletConnect project id, mail to the data folder's outbox); a spec that sets a family's
 * options of its own (the recovery delay, more environment) gets a server of its own as before.
 */

/**
 * Each loopback service's starter: the first call starts it, later calls get the same one, and the
 * worker closes it. The `dev` project's shared server needs all three services, the other projects'
 * family servers one each; Playwright's fixture dependencies are fixed, so the shared server depends
 * on the starters and a worker running one family outside `next dev` starts only that family's.
 */
type ServiceStarters = {
  startRelayOnce: () => Promise<Relay>
  startKeysServerOnce: () => Promise<KeysServer>
  startMailOnce: () => Promise<MailCatcher>
}

export type FamilyWorkerFixtures = ServiceStarters & {
  /** A WalletConnect relay on loopback (tests/fixtures/walletConnect/relay.ts). */
  relay: Relay
  /** An app server using the loopback relay, with a WalletConnect project id. */
  wcServer: NextServer
  /** The local stand-in for Coinbase's keys page (tests/fixtures/coinbase). */
  keysServer: KeysServer
  /** The app, with the Coinbase SDK's popup address set to the keys page. */
  coinbaseApp: { baseURL: string; server: NextServer }
  /**
   * The server's `EMBEDDED_RECOVERY_DELAY`: 0 by default, so a spec about something else recovers at
   * once; the delay's own spec sets it (`test.use({ recoveryDelay: '48h' })`) and moves the server clock.
   */
  recoveryDelay: string
  /** More of the embedded app server's environment, for a spec that also drives another family (the Coinbase keys page's address). */
  embeddedAppEnv: Record<string, string>
  /** A capturing SMTP server speaking STARTTLS with a throwaway certificate. */
  mail: MailCatcher
  /** The app server, its vault origin (`http://wallet.localhost:<port>`, served by the same server) and its test-hook secret (`EMBEDDED_TEST_CLOCK`). */
  embeddedApp: EmbeddedApp
  /** Under `next dev`: starts (once) and returns the app server with every family's settings (above). */
  familiesDevServer: () => Promise<EmbeddedApp>
}

export type EmbeddedApp = NextServer & { testSecret: string; vaultURL: string }

/** What the family fixtures use of the shared ones (tests/e2e/fixtures.ts). */
type SharedWorkerFixtures = {
  serverMode: ServerMode
  startServer: (options?: Partial<NextServerOptions>) => Promise<NextServer>
}

/** The settings of the embedded wallet's app server: it mails through `mail` as production requires, with the test-only server clock. */
function embeddedSettings(mail: MailCatcher, recoveryDelay: string): { env: Record<string, string>; testSecret: string } {
  const testSecret = randomBytes(32).toString('base64url')
  return {
    testSecret,
    env: {
      // `?requireTLS=true`, the certificate trusted through NODE_EXTRA_CA_CERTS.
      SMTP_URL: mail.url,
      NODE_EXTRA_CA_CERTS: mail.caFile!,
      MAIL_FROM: 'Sigil <no-reply@sigil.test>',
      EMBEDDED_RECOVERY_KEY: randomBytes(32).toString('base64'),
      // The test-only hooks (server/embedded/clock.ts): loopback origin + local chain + this secret, sent per request.
      EMBEDDED_TEST_CLOCK: testSecret,
      EMBEDDED_RECOVERY_DELAY: recoveryDelay,
    },
  }
}

/** The WalletConnect settings of an app server using `relay`. */
const walletConnectSettings = (relay: Relay) => ({ WALLETCONNECT_RELAY_URL: relay.url, WALLETCONNECT_PROJECT_ID: 'test' })

/** The app server with its vault origin and the test-hook secret it was started with. */
const embeddedApp = (server: NextServer, testSecret: string): EmbeddedApp => Object.assign(server, { testSecret, vaultURL: vaultOriginFor(server.baseURL) })

/** A worker fixture giving a loopback stand-in's starter (`ServiceStarters`): started on the first call, closed with the worker. */
function loopbackService<T>(start: () => Promise<T>, close: (service: T) => Promise<void>): [(fixtures: object, provide: (starter: () => Promise<T>) => Promise<void>) => Promise<void>, { scope: 'worker' }] {
  return [
    async ({}, provide: (starter: () => Promise<T>) => Promise<void>) => {
      let started: Promise<T> | undefined
      try {
        await provide(() => (started ??= start()))
      } finally {
        // A start that failed was reported to the test that asked for it: nothing to close, nothing to report again.
        if (started) await started.then(close, () => undefined)
      }
    },
    { scope: 'worker' },
  ]
}

export const familyWorkerFixtures: Fixtures<object, FamilyWorkerFixtures, object, SharedWorkerFixtures> = {
  startRelayOnce: loopbackService(startRelay, (relay) => relay.close()),
  startKeysServerOnce: loopbackService(startKeysServer, (server) => server.stop()),
  startMailOnce: loopbackService(() => startMailCatcher({ tls: true }), (catcher) => catcher.close()),
  relay: [async ({ startRelayOnce }, provide) => provide(await startRelayOnce()), { scope: 'worker' }],
  keysServer: [async ({ startKeysServerOnce }, provide) => provide(await startKeysServerOnce()), { scope: 'worker' }],
  mail: [async ({ startMailOnce }, provide) => provide(await startMailOnce()), { scope: 'worker' }],

  recoveryDelay: ['0', { scope: 'worker', option: true }],
  embeddedAppEnv: [{}, { scope: 'worker', option: true }],

  familiesDevServer: [
    async ({ startServer, startRelayOnce, startKeysServerOnce, startMailOnce }, provide) => {
      let started: Promise<EmbeddedApp> | undefined
      await provide(() => {
        started ??= (async () => {
          const [relay, keysServer, mail] = await Promise.all([startRelayOnce(), startKeysServerOnce(), startMailOnce()])
          const embedded = embeddedSettings(mail, '0')
          const server = await startServer({
            routePublicChainsToLocalRpc: true,
            env: { ...walletConnectSettings(relay), COINBASE_KEYS_URL: keysServer.url, ...embedded.env },
          })
          return embeddedApp(server, embedded.testSecret)
        })()
        return started
      })
      // startServer stops it with the worker.
    },
    { scope: 'worker' },
  ],

  wcServer: [
    async ({ startServer, serverMode, relay, familiesDevServer }, provide) => {
      // Stopped with the worker's other app servers (fixtures.ts).
      await provide(serverMode === 'dev' ? await familiesDevServer() : await startServer({ routePublicChainsToLocalRpc: true, env: walletConnectSettings(relay) }))
    },
    { scope: 'worker', timeout: 600_000 },
  ],

  coinbaseApp: [
    async ({ startServer, serverMode, keysServer, familiesDevServer }, provide) => {
      const server = serverMode === 'dev' ? await familiesDevServer() : await startServer({ routePublicChainsToLocalRpc: true, env: { COINBASE_KEYS_URL: keysServer.url } })
      await provide({ baseURL: server.baseURL, server })
    },
    { scope: 'worker', timeout: 600_000 },
  ],

  embeddedApp: [
    async ({ startServer, serverMode, mail, recoveryDelay, embeddedAppEnv, familiesDevServer }, provide) => {
      if (serverMode === 'dev' && recoveryDelay === '0' && Object.keys(embeddedAppEnv).length === 0) {
        await provide(await familiesDevServer())
        return
      }
      const embedded = embeddedSettings(mail, recoveryDelay)
      const server = await startServer({
        // The vault (wallet.app.localhost) is then the same site as the app: Chromium here keeps no data
        // for frames of another site, and the vault's frame keeps the wallet (README, "The vault").
        host: 'app.localhost',
        routePublicChainsToLocalRpc: true,
        env: { ...embedded.env, ...embeddedAppEnv },
      })
      await provide(embeddedApp(server, embedded.testSecret))
      // startServer stops it with the worker.
    },
    { scope: 'worker', timeout: 600_000 },
  ],
}
