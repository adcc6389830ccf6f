import { randomBytes } from 'node:crypto'
import { type Browser, chromium, type Frame, type Page } from '@playwright/test'
import { startAnvil } from '../fixtures/anvil'
import { chromeFlags, chromePath } from '../fixtures/chromium'
import { distDir, ensureProductionBuild, repoRoot, startNextServer, vaultOriginFor } from '../fixtures/nextServer'
import { addVirtualAuthenticator } from '../fixtures/passkeys'
import { startMailCatcher } from '../fixtures/smtp'
import { BUDGETS, checkVaultBudget } from './budgets'
import { type BenchFigure, intSetting, median, round, within } from './figures'

export type { BenchFigure }

/**
 * The embedded wallet's figures, with the wallet in its own origin (the vault, `wallet.<app host>`,
 * shown in a cross-origin frame of the page):
 *
 * - `vault_page_js_gzip_bytes`: the vault page's one script from the production build, gzip -9
 *   (the budget `tests/bench/checkBudget.ts` holds the build to);
 * - create and unlock (the trusted click in the vault → the account address on the page, minus the
 *   time inside WebAuthn, i.e. the virtual authenticator's own work; creation timed from the click
 *   that enters the emailed code), and creation end to end (from the click on the embedded row of the
 *   connect dialog, typing the email and the mailed code included);
 * - Approve click in the vault's confirmation sheet → the page receives the `personal_sign` signature.
 *
 * Production build, served on `app.localhost` (its vault, `wallet.app.localhost`, is the same site:
 * this Chromium keeps no storage for frames of other sites), Debian's Chromium with its virtual
 * passkey authenticator, a loopback SMTP server over STARTTLS; medians of several runs.
 *
 * Timing across the two origins: each document stamps its own event with `performance.timeOrigin +
 * performance.now()` (the click in the vault, by a capture listener; the address or the answer in the
 * page). Both documents' clocks are one clock when the vault frame runs in the page's renderer
 * process (same site: no out-of-process frame, checked on every run through CDP's target list); if
 * it ever runs out of process, the figure is timed from the test process instead (`performance.now()`
 * around the Playwright action: its actionability checks and CDP round trips included), and the
 * figure's `clock` says which.
 */

/** BENCH_EMBEDDED_RUNS / BENCH_EMBEDDED_SIGNS override the counts (e.g. a quick check of the flows). */
const RUNS = intSetting(process.env.BENCH_EMBEDDED_RUNS, 5)
const SIGNS = intSetting(process.env.BENCH_EMBEDDED_SIGNS, 20)
/** BENCH_DEBUG=1: each step on stderr. */
const debug = process.env.BENCH_DEBUG ? (step: string) => console.error(`[embedded] ${step}`) : () => undefined

/*
 * In-page code as plain JavaScript strings: tsx (esbuild) decorates named inner functions with a
 * `__name` helper that does not exist in the page, so these are not written as TypeScript functions.
 */

/** Test instrumentation, in every frame (the vault's too, where the ceremonies run): time spent inside WebAuthn calls. */
const TIME_WEBAUTHN = `(() => {
  const spent = { ms: 0 }
  window.__webauthnMs = spent
  if (!navigator.credentials) return
  for (const method of ['create', 'get']) {
    const original = navigator.credentials[method].bind(navigator.credentials)
    navigator.credentials[method] = async (...args) => {
      const start = performance.now()
      try { return await original(...args) } finally { spent.ms += performance.now() - start }
    }
  }
})()`

/** A document's clock, comparable across the documents of one renderer process. */
const NOW = 'performance.timeOrigin + performance.now()'


function vault(page: Page) {
  return page.frameLocator('[data-testid="vault-frame"]')
}

/** The vault frame's `Frame`, to evaluate in the vault's own window. */
async function vaultFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('[data-testid="vault-frame"]').elementHandle({ timeout: 30_000 })
  const frame = await handle!.contentFrame()
  if (!frame) throw new Error('the vault frame has no document')
  return frame
}

/** Whether the vault frame shares the page's renderer process (no out-of-process `iframe` target for it). */
async function vaultInPageProcess(browser: Browser, vaultOrigin: string): Promise<boolean> {
  const cdp = await browser.newBrowserCDPSession()
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] }
    return !targetInfos.some((target) => target.type === 'iframe' && target.url.startsWith(vaultOrigin))
  } finally {
    await cdp.detach()
  }
}

/** Stamps (in `target`'s clock) the first trusted click on `selector` after this call, as `window.__benchClickAt`. */
async function armClickStamp(target: Page | Frame, selector: string): Promise<void> {
  await target.evaluate(`(() => {
    window.__benchClickAt = undefined
    const listener = (event) => {
      if (!event.isTrusted || !(event.target instanceof Element) || !event.target.closest(${JSON.stringify(selector)})) return
      window.__benchClickAt = ${NOW}
      document.removeEventListener('click', listener, true)
    }
    document.addEventListener('click', listener, true)
  })()`)
}

async function clickStamp(target: Page | Frame): Promise<number> {
  const at = (await target.evaluate('window.__benchClickAt')) as number | undefined
  if (at === undefined) throw new Error('the timed click was not seen as a trusted click')
  return at
}

/** Stamps (in the page's clock) when `selector` first exists in the page, as `window.__benchSeenAt`. */
async function armAppearStamp(page: Page, selector: string): Promise<void> {
  await page.evaluate(`(() => {
    window.__benchSeenAt = undefined
    const seen = () => {
      if (!document.querySelector(${JSON.stringify(selector)})) return false
      window.__benchSeenAt = ${NOW}
      return true
    }
    if (seen()) return
    const observer = new MutationObserver(() => { if (seen()) observer.disconnect() })
    observer.observe(document.body, { childList: true, subtree: true })
  })()`)
}

async function appearStamp(page: Page, timeout = 60_000): Promise<number> {
  // A function, not a string: the page's CSP forbids eval, which a string predicate needs.
  await page.waitForFunction(() => (window as { __benchSeenAt?: number }).__benchSeenAt !== undefined, null, { timeout })
  return (await page.evaluate('window.__benchSeenAt')) as number
}

const webauthnMs = async (frame: Frame) => (await frame.evaluate('window.__webauthnMs ? window.__webauthnMs.ms : 0')) as number

/** The wallet's panel in the vault, past its loading step. */
async function panelReady(page: Page): Promise<void> {
  await vault(page).locator('[data-testid="embedded-panel"]:not([data-step="loading"]):not([data-step="busy"])').waitFor({ timeout: 30_000 })
}

/**
 * Clicks `click` in the vault (a trusted Playwright click) and waits for `[data-testid="account-address"]`
 * on the page: the time between (see the file's note on clocks) and the WebAuthn time within it.
 */
async function clickInVaultToAddress(page: Page, click: string, sameProcess: boolean): Promise<{ total: number; fromTestProcess: number; webauthn: number }> {
  const frame = await vaultFrame(page)
  await armAppearStamp(page, '[data-testid="account-address"]')
  await armClickStamp(frame, `[data-testid="${click}"]`)
  const webauthnBefore = await webauthnMs(frame)
  const start = performance.now()
  await vault(page).getByTestId(click).click()
  const seenAt = await appearStamp(page)
  const fromTestProcess = performance.now() - start
  const total = sameProcess ? seenAt - (await clickStamp(frame)) : fromTestProcess
  return { total, fromTestProcess, webauthn: (await webauthnMs(frame)) - webauthnBefore }
}

function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!
}

/** The vault page's script from the production build, gzip -9, against its budget (as `checkBudget.ts`). */
function vaultPageJs(): BenchFigure {
  const budget = BUDGETS.vaultPageJsGzipBytes
  const check = checkVaultBudget(repoRoot, distDir)
  if (!check) return { metric: 'vault_page_js_gzip_bytes', value: null, unit: 'bytes', target: `<= ${budget}`, meets: null, error: 'the build has no vault script (<distDir>/vault/vault.js): run `next build`' }
  return {
    metric: 'vault_page_js_gzip_bytes',
    value: check.gzipBytes,
    unit: 'bytes',
    target: `<= ${budget}`,
    meets: check.ok,
    raw_bytes: check.rawBytes,
    file: check.file,
    on_demand_gzip_bytes: check.lazyGzipBytes,
    note: "the vault page's script (its only JS at load: no Next chunks), gzip -9, from the production build; on_demand: the chunks it imports when a request or a new wallet needs them",
  }
}

type Timings = {
  create: number[]
  createAuthenticator: number[]
  endToEnd: number[]
  endToEndAuthenticator: number[]
  mailRoundTrip: number[]
  unlock: number[]
  unlockAuthenticator: number[]
  sign: number[]
  /** The same intervals timed from the test process (`performance.now()` around the action), to cross-check the clocks. */
  createFromTest: number[]
  unlockFromTest: number[]
  signFromTest: number[]
  /** Runs whose cross-frame figures came from the test process (the vault frame out of the page's process). */
  testProcessClockRuns: number
}

async function timeFlows(): Promise<Timings> {
  const anvil = await startAnvil()
  const mail = await startMailCatcher({ tls: true })
  const t: Timings = { create: [], createAuthenticator: [], endToEnd: [], endToEndAuthenticator: [], mailRoundTrip: [], unlock: [], unlockAuthenticator: [], sign: [], createFromTest: [], unlockFromTest: [], signFromTest: [], testProcessClockRuns: 0 }
  try {
    const server = await startNextServer({
      rpcUrl: anvil.rpcUrl,
      routePublicChainsToLocalRpc: true,
      // The vault (wallet.app.localhost) is then the same site as the app, so its frame keeps the wallet.
      host: 'app.localhost',
      env: { SMTP_URL: mail.url, NODE_EXTRA_CA_CERTS: mail.caFile!, MAIL_FROM: 'Sigil <no-reply@sigil.test>' },
    })
    const vaultOrigin = vaultOriginFor(server.baseURL)
    try {
      // Warm the vault's page and script on the server (the first run is timed like the others).
      for (const warm of ['/?mode=frame', '/vault.js']) await (await fetch(new URL(warm, vaultOrigin))).arrayBuffer()
      const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags })
      try {
        for (let run = 0; run < RUNS; run++) await oneRun(browser, server.baseURL, vaultOrigin, mail, run, t)
      } finally {
        await browser.close()
      }
    } finally {
      await server.stop()
    }
  } finally {
    await mail.close()
    await anvil.stop()
  }
  return t
}

async function oneRun(browser: Browser, baseURL: string, vaultOrigin: string, mail: Awaited<ReturnType<typeof startMailCatcher>>, run: number, t: Timings): Promise<void> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.addInitScript({ content: TIME_WEBAUTHN })
    await addVirtualAuthenticator(page, { prf: true })
    await page.goto(baseURL)
    debug(`run ${run}: page loaded`)

    // Create, end to end: the embedded row of the connect dialog → the account address, with the
    // email typed, the code mailed (SMTP over STARTTLS to the catcher) and typed, and the passkey.
    await page.getByTestId('connect-button').click()
    const row = page.getByTestId('connect-dialog').getByTestId('wallet-option-embedded')
    await row.waitFor()
    await armClickStamp(page, '[data-testid="wallet-option-embedded"]')
    await armAppearStamp(page, '[data-testid="account-address"]')
    await row.click()
    await panelReady(page)
    debug('vault panel ready')
    const frame = await vaultFrame(page)
    const email = `bench-${run}-${randomBytes(4).toString('hex')}@example.test`
    await vault(page).getByTestId('embedded-email-input').fill(email)
    const mailStart = performance.now()
    await vault(page).getByTestId('embedded-create-button').click()
    const message = await mail.waitFor((candidate) => candidate.to.includes(email))
    t.mailRoundTrip.push(performance.now() - mailStart)
    debug('code mailed')
    const code = /\b(\d{6})\b/.exec(message.text)?.[1]
    if (!code) throw new Error(`no code in: ${message.text}`)
    await vault(page).getByTestId('embedded-confirm-code-input').fill(code)
    const rowClickAt = await clickStamp(page)
    const webauthnBefore = await webauthnMs(frame)

    // Create: the click that enters the code → the address (the same page observer as end to end).
    await armClickStamp(frame, '[data-testid="embedded-confirm-code-button"]')
    const start = performance.now()
    await vault(page).getByTestId('embedded-confirm-code-button').click()
    const seenAt = await appearStamp(page)
    debug('created')
    const fromTestProcess = performance.now() - start
    const authenticator = (await webauthnMs(frame)) - webauthnBefore
    // Which clock the cross-frame figure may use (the frame keeps its process for its document's life).
    const sameProcess = await vaultInPageProcess(browser, vaultOrigin)
    if (!sameProcess) t.testProcessClockRuns += 1
    t.create.push((sameProcess ? seenAt - (await clickStamp(frame)) : fromTestProcess) - authenticator)
    t.createAuthenticator.push(authenticator)
    t.createFromTest.push(fromTestProcess - authenticator)
    // Both ends in the page's own clock: no cross-frame question.
    t.endToEnd.push(seenAt - rowClickAt)
    // The frame was loaded by the row click: all its WebAuthn time falls within the end-to-end figure.
    t.endToEndAuthenticator.push(await webauthnMs(frame))

    // Unlock: disconnected with the wallet on the device, "Unlock with passkey" in the vault → connected.
    await page.getByTestId('disconnect-button').click()
    await page.getByTestId('connect-button').waitFor()
    await page.reload()
    await page.getByTestId('connect-button').click()
    await page.getByTestId('connect-dialog').getByTestId('wallet-option-embedded').click()
    await panelReady(page)
    const unlockSameProcess = await vaultInPageProcess(browser, vaultOrigin)
    if (!unlockSameProcess) t.testProcessClockRuns += 1
    const unlocked = await clickInVaultToAddress(page, 'embedded-unlock-button', unlockSameProcess)
    t.unlock.push(unlocked.total - unlocked.webauthn)
    t.unlockAuthenticator.push(unlocked.webauthn)
    t.unlockFromTest.push(unlocked.fromTestProcess - unlocked.webauthn)
    debug('unlocked')

    if (run === 0) await timeSigns(page, browser, vaultOrigin, t)
  } finally {
    await context.close()
  }
}

/**
 * `personal_sign` on the unlocked wallet, SIGNS times: the page asks, the vault's sheet shows it, the
 * user clicks Approve once it is live (a trusted click; it is inert for 500 ms after showing), timed
 * from that click to the page holding the signature.
 *
 * The click is Playwright's mouse at whole viewport pixels (Approve's centre, rounded), as a mouse
 * gives at a device pixel ratio of 1. At Playwright's default point, the centre of the button's box,
 * which may be fractional (451.59375 + 23 here), the pointer events report the frame's screen offset
 * as 96.99997 and the click event as 97: the vault's guard (approval.ts, `onPointer`) takes that for
 * a moved frame and refuses every such click.
 */
async function timeSigns(page: Page, browser: Browser, vaultOrigin: string, t: Timings): Promise<void> {
  const address = (await page.getByTestId('account-address').getAttribute('title'))?.toLowerCase()
  if (!address) throw new Error('no account address')
  await page.waitForFunction(() => Boolean(window.__sigilTest?.embeddedProvider))
  const sheet = vault(page).getByTestId('confirm-sheet')
  const approve = sheet.getByTestId('confirm-approve')
  for (let index = 0; index < SIGNS; index++) {
    const answered = page.evaluate(`(async () => {
      await window.__sigilTest.embeddedProvider.request({ method: 'personal_sign', params: ['0x${(index + 1).toString(16).padStart(2, '0')}', ${JSON.stringify(address)}] })
      return ${NOW}
    })()`) as Promise<number>
    await sheet.locator('[data-testid="confirm-approve"][data-live="true"]').waitFor({ timeout: 15_000 })
    const frame = await vaultFrame(page)
    const sameProcess = await vaultInPageProcess(browser, vaultOrigin)
    if (!sameProcess) t.testProcessClockRuns += 1
    const box = await approve.boundingBox()
    if (!box) throw new Error('Approve has no box on screen')
    await armClickStamp(frame, '[data-testid="confirm-approve"]')
    debug(`sign ${index + 1}: Approve live`)
    const start = performance.now()
    await page.mouse.click(Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2))
    // The page's request has no limit of its own: a signature that never comes fails the figure.
    const answeredAt = await within(answered, 30_000, `signature ${index + 1} after the Approve click`)
    const fromTestProcess = performance.now() - start
    t.sign.push(sameProcess ? answeredAt - (await clickStamp(frame)) : fromTestProcess)
    t.signFromTest.push(fromTestProcess)
    await sheet.waitFor({ state: 'hidden' })
  }
}

const TIMED = [
  ['embedded_create_wallet_ms', 'ms'],
  ['embedded_create_end_to_end_ms', 'ms'],
  ['embedded_unlock_ms', 'ms'],
  ['embedded_approve_to_signature_ms', 'ms'],
  ['embedded_sign_ms', 'ms'],
] as const

export async function benchEmbedded(): Promise<BenchFigure[]> {
  ensureProductionBuild()
  // Read from the build, no browser: printed even when the flows below fail.
  const bundle = vaultPageJs()
  let t: Timings
  try {
    t = await timeFlows()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return [bundle, ...TIMED.map(([metric, unit]) => ({ metric, value: null, unit, error: message }))]
  }
  const clock =
    t.testProcessClockRuns === 0
      ? "in-browser: each document stamps its own event (performance.timeOrigin + now()); the vault frame shared the page's renderer process on every run"
      : `mixed: ${t.testProcessClockRuns} timing(s) taken from the test process (performance.now() around the Playwright action) because the vault frame ran out of the page's process`
  const signNote = 'personal_sign on an unlocked wallet: Approve click → signature received by the page (a trusted mouse click in the vault frame at whole viewport pixels, once data-live="true")'
  const signDetail = { runs: t.sign.length, p95: round(p95(t.sign)), test_process_ms_median: round(median(t.signFromTest)), clock }
  return [
    bundle,
    {
      metric: 'embedded_create_wallet_ms',
      value: round(median(t.create)),
      unit: 'ms',
      runs: t.create.length,
      authenticator_ms_median: round(median(t.createAuthenticator)),
      test_process_ms_median: round(median(t.createFromTest)),
      clock,
      note: 'click on the code button in the vault → account address on the page, minus the time inside WebAuthn (create(), and get() if the PRF needs it)',
    },
    {
      metric: 'embedded_create_end_to_end_ms',
      value: round(median(t.endToEnd)),
      unit: 'ms',
      runs: t.endToEnd.length,
      authenticator_ms_median: round(median(t.endToEndAuthenticator)),
      mail_round_trip_ms_median: round(median(t.mailRoundTrip)),
      clock: 'in-browser, both ends in the page (the row click and the address)',
      note: 'click on the embedded row of the connect dialog → account address shown: the vault frame loading, typing the email (Playwright fill), the code request, the SMTP round trip (STARTTLS, loopback catcher, read by the test), typing the code, and the passkey creation by the virtual authenticator (its time included, not subtracted)',
    },
    {
      metric: 'embedded_unlock_ms',
      value: round(median(t.unlock)),
      unit: 'ms',
      runs: t.unlock.length,
      authenticator_ms_median: round(median(t.unlockAuthenticator)),
      test_process_ms_median: round(median(t.unlockFromTest)),
      clock,
      note: 'click on "Unlock with passkey" in the vault → account address on the page, minus the time inside WebAuthn get()',
    },
    { metric: 'embedded_approve_to_signature_ms', value: round(median(t.sign)), unit: 'ms', ...signDetail, note: signNote },
    { metric: 'embedded_sign_ms', value: round(median(t.sign)), unit: 'ms', ...signDetail, note: `${signNote}; the same samples as embedded_approve_to_signature_ms, under the former name` },
  ]
}

// `tsx tests/bench/embedded.ts` prints the figures on their own.
if (require.main === module) {
  benchEmbedded().then(
    (figures) => {
      figures.forEach((figure) => console.log(JSON.stringify(figure)))
      if (figures.some((figure) => figure.value === null)) process.exitCode = 1
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
