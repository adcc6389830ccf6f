import { randomBytes } from 'node:crypto'
import { chromium, type Page } from '@playwright/test'
import { startAnvil } from '../fixtures/anvil'
import { chromeFlags, chromePath } from '../fixtures/chromium'
import { ensureProductionBuild, startNextServer } from '../fixtures/nextServer'
import { addVirtualAuthenticator } from '../fixtures/passkeys'
import { type BenchFigure, median, round } from './figures'
import { startMailCatcher } from '../fixtures/smtp'

export type { BenchFigure }

/**
 * The embedded wallet's figures: create-wallet and unlock times (click → connected, minus the time
 * spent inside WebAuthn `create()`/`get()`, i.e. the virtual authenticator's own work; creation is
 * timed from the click that enters the emailed code) and the connector's signing time (`personal_sign`
 * on an unlocked wallet). Production build, Debian's Chromium with its virtual passkey authenticator, a
 * loopback SMTP server over STARTTLS; medians of several runs.
 */


const RUNS = 5
const SIGNS = 20


/*
 * In-page code as plain JavaScript strings: tsx (esbuild) decorates named inner functions with a
 * `__name` helper that does not exist in the page, so these are not written as TypeScript functions.
 */

/** Test instrumentation: time spent inside WebAuthn calls, per page. */
const TIME_WEBAUTHN = `(() => {
  const spent = { ms: 0 }
  window.__webauthnMs = spent
  for (const method of ['create', 'get']) {
    const original = navigator.credentials[method].bind(navigator.credentials)
    navigator.credentials[method] = async (...args) => {
      const start = performance.now()
      try { return await original(...args) } finally { spent.ms += performance.now() - start }
    }
  }
})()`

/** Clicks `click` in the page and resolves when `appear` exists: in-page times, and the WebAuthn share. */
function timed(page: Page, click: string, appear: string): Promise<{ total: number; webauthn: number }> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const spent = window.__webauthnMs
    const before = spent.ms
    const start = performance.now()
    const observer = new MutationObserver(() => {
      if (document.querySelector(${JSON.stringify(appear)})) {
        observer.disconnect()
        resolve({ total: performance.now() - start, webauthn: spent.ms - before })
      }
    })
    observer.observe(document.body, { childList: true, subtree: true })
    const button = document.querySelector(${JSON.stringify(click)})
    if (!button) return reject(new Error('no ' + ${JSON.stringify(click)}))
    button.click()
    setTimeout(() => reject(new Error(${JSON.stringify(appear)} + ' did not appear')), 30000)
  })`)
}

async function openPanel(page: Page) {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('wallet-option-embedded').click()
  await page.getByTestId('embedded-panel').waitFor()
  await page.locator('[data-testid="embedded-panel"]:not([data-step="loading"])').waitFor()
}

export async function benchEmbedded(): Promise<BenchFigure[]> {
  ensureProductionBuild()
  const anvil = await startAnvil()
  const mail = await startMailCatcher({ tls: true })
  const testSecret = randomBytes(32).toString('base64url')
  const server = await startNextServer({
    rpcUrl: anvil.rpcUrl,
    routePublicChainsToLocalRpc: true,
    // EMBEDDED_TEST_CLOCK: the test hooks' secret; the page presents it to get the signing handle.
    env: { SMTP_URL: mail.url, NODE_EXTRA_CA_CERTS: mail.caFile!, EMBEDDED_RECOVERY_KEY: randomBytes(32).toString('base64'), EMBEDDED_TEST_CLOCK: testSecret },
  })
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags })
  const create: number[] = []
  const createAuthenticator: number[] = []
  const unlock: number[] = []
  const unlockAuthenticator: number[] = []
  const sign: number[] = []
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.addInitScript({ content: TIME_WEBAUTHN })
      await page.addInitScript({ content: `window.__sigilEmbeddedTestSecret = ${JSON.stringify(testSecret)}` })
      await addVirtualAuthenticator(page, { prf: true })
      await page.goto(server.baseURL)
      await openPanel(page)
      const email = `bench-${run}-${randomBytes(4).toString('hex')}@example.test`
      await page.getByTestId('embedded-email-input').fill(email)
      await page.getByTestId('embedded-create-button').click()
      const message = await mail.waitFor((candidate) => candidate.to.includes(email))
      await page.getByTestId('embedded-confirm-code-input').fill(/\b(\d{6})\b/.exec(message.text)![1]!)
      const created = await timed(page, '[data-testid="embedded-confirm-code-button"]', '[data-testid="account-address"]')
      create.push(created.total - created.webauthn)
      createAuthenticator.push(created.webauthn)

      // Unlock: disconnected with the wallet on the device, "Unlock with passkey" → connected.
      await page.getByTestId('disconnect-button').click()
      await page.reload()
      await openPanel(page)
      const unlocked = await timed(page, '[data-testid="embedded-unlock-button"]', '[data-testid="account-address"]')
      unlock.push(unlocked.total - unlocked.webauthn)
      unlockAuthenticator.push(unlocked.webauthn)

      if (run === 0) {
        const address = await page.getByTestId('account-address').getAttribute('title')
        await page.waitForFunction('Boolean(window.__sigilEmbeddedTest)')
        // Every signature waits for the confirmation sheet: timed from the Approve click to the answer.
        for (let index = 0; index < SIGNS; index++) {
          const answered = page.evaluate(`(async () => {
            await window.__sigilEmbeddedTest.request({ method: 'personal_sign', params: ['0x${(index + 1).toString(16).padStart(2, '0')}', ${JSON.stringify(address?.toLowerCase())}] })
            return performance.now()
          })()`) as Promise<number>
          const approve = page.getByTestId('confirm-approve')
          await approve.waitFor()
          await approve.evaluate((button) => button.addEventListener('click', () => ((window as { __approvedAt?: number }).__approvedAt = performance.now()), { once: true }))
          await approve.click()
          const doneAt = await answered
          sign.push(doneAt - ((await page.evaluate('window.__approvedAt')) as number))
          await page.getByTestId('confirm-sheet').waitFor({ state: 'hidden' })
        }
      }
      await context.close()
    }
  } finally {
    await browser.close()
    await server.stop()
    await mail.close()
    await anvil.stop()
  }
  return [
    { metric: 'embedded_create_wallet_ms', value: round(median(create)), unit: 'ms', runs: RUNS, authenticator_ms_median: round(median(createAuthenticator)), note: 'click → connected, minus WebAuthn create()' },
    { metric: 'embedded_unlock_ms', value: round(median(unlock)), unit: 'ms', runs: RUNS, authenticator_ms_median: round(median(unlockAuthenticator)), note: 'click → connected, minus WebAuthn get()' },
    { metric: 'embedded_sign_ms', value: round(median(sign)), unit: 'ms', runs: sign.length, p95: round([...sign].sort((a, b) => a - b)[Math.floor(sign.length * 0.95)]!), note: 'personal_sign on an unlocked wallet: Approve click in the confirmation sheet → signature' },
  ]
}

// `tsx tests/bench/embedded.ts` prints the figures on their own.
if (require.main === module) {
  benchEmbedded().then(
    (figures) => figures.forEach((figure) => console.log(JSON.stringify(figure))),
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
