import type { Page } from '@playwright/test'
import { startTestWallet, type TestWallet, type TestWalletOptions } from '../fixtures/walletConnect/wallet'
import { printOnFailure, test as base } from './fixtures'

/**
 * Fixtures for the WalletConnect e2e spec, on top of the shared ones (the worker's WalletConnect relay
 * on loopback and the app server configured to use it, project id `test`: `relay`, `wcServer` in
 * tests/e2e/familyServers.ts): the wallet side (the real `@walletconnect/sign-client` in this Node
 * process, anvil's key #1) and, for every page, the SDK's Verify iframe answered locally.
 */

/**
 * The dapp SDK opens a hidden iframe on verify.walletconnect.org before each proposal and request
 * and waits up to 5 s when it cannot load. That host is outside the machine: the route answers it
 * here with a page that posts the attestation message back the way the real one does, so no
 * request leaves loopback (the network guard is told the URL is expected and fulfilled locally).
 */
const VERIFY_URL = 'https://verify.walletconnect.org/'
const VERIFY_PAGE = `<!doctype html><meta charset="utf-8"><title>verify</title><script>
  const id = new URLSearchParams(location.search).get('id') || '';
  const encode = (value) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\\+/g, '-').replace(/\\//g, '_');
  const attestation = encode({ alg: 'none', typ: 'JWT' }) + '.' + encode({ id, origin: location.origin, isVerified: false }) + '.';
  parent.postMessage(JSON.stringify({ type: 'verify_attestation', attestation }), '*');
</script>`

export async function answerVerifyLocally(page: Page): Promise<void> {
  await page.route(`${VERIFY_URL}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: VERIFY_PAGE }))
}

type WalletConnectTestFixtures = {
  /** Auto: the Verify iframe is answered locally on the test's page. */
  verifyIframe: void
  /** Starts a wallet (more than one per test is fine); all are stopped after the test. */
  startWallet: (options?: Partial<TestWalletOptions>) => Promise<TestWallet>
  /** The test's first wallet. */
  wcWallet: TestWallet
}

export const test = base.extend<WalletConnectTestFixtures>({
  verifyIframe: [
    async ({ page, networkGuard }, provide) => {
      networkGuard.allow(`${VERIFY_URL}*`)
      await answerVerifyLocally(page)
      await provide()
    },
    { auto: true },
  ],

  startWallet: async ({ relay, chain }, provide, testInfo) => {
    const wallets: TestWallet[] = []
    await provide(async (options = {}) => {
      const wallet = await startTestWallet({ relayUrl: relay.url, rpcUrl: chain.rpcUrl, ...options })
      wallets.push(wallet)
      return wallet
    })
    // What each wallet was asked and answered: with the page's console, what tells a lost answer
    // from one never sent.
    printOnFailure(
      testInfo,
      'WalletConnect wallets',
      wallets.map((wallet, index) => {
        const asked = wallet.requests.map((request) => `${request.method}${request.error ? ` → ${request.error.message}` : request.result === undefined ? ' (unanswered)' : ''}`)
        return `#${index + 1} ${wallet.address}: ${wallet.proposals.length} proposal(s), answers [${wallet.answers.join(', ')}], ${wallet.authentications.length} authentication(s) [${wallet.authenticationErrors.join(', ')}], requests [${asked.join(', ')}], ${wallet.sessions().length} session(s)`
      }),
    )
    for (const wallet of wallets) await wallet.stop()
  },

  wcWallet: async ({ startWallet }, provide) => {
    await provide(await startWallet())
  },
})

export { expect } from './fixtures'
