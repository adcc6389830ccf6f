import { execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { freePort } from '../fixtures/freePort'
import { DEV_ROUTES, repoRoot, warmPaths, warmVault } from '../fixtures/nextServer'
import { outboxMail } from '../fixtures/outboxMail'
import { addVirtualAuthenticator } from '../fixtures/passkeys'
import { userAgents } from '../fixtures/platformUserAgents'
import type { MailCatcher } from '../fixtures/smtp'
import { approveInSheet, createWallet, uniqueEmail, vault } from './embeddedFixtures'
import { expect, test } from './fixtures'

/**
 * The README's quick start, followed literally on a clean copy of the project: its first command
 * (`npm install && npm run dev` today, read from the README, so a change there is what this test
 * runs), then a browser on the page it serves and a click on "Connect wallet". A suite that only ran
 * `next start` once let that first command ship a dead button. Then the embedded wallet, on a computer
 * and on a phone: the quick start shows it as a deployment does, in the page's frame.
 *
 * The copy holds what a clone of this checkout holds (git's tracked files, plus new files not yet
 * committed), without .next or data, and with the checkout's node_modules hard-linked into it
 * (`linkInstalledPackages`). The one thing added to the command's environment is PORT, so the server
 * does not fight another one on 3000; the command itself runs as written.
 */

type QuickStart = { commands: string[]; url: string }

/** The README's quick start block: its commands (comments dropped) and the address it promises. */
function readQuickStart(): QuickStart {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
  const section = /## Quick start\n([\s\S]*?)(?=\n## )/.exec(readme)?.[1]
  const block = section && /```bash\n([\s\S]*?)```/.exec(section)?.[1]
  if (!block) throw new Error('README.md has no "## Quick start" section with a bash block')
  const lines = block.split('\n').filter((line) => line.trim())
  const url = /https?:\/\/(?:[a-z0-9-]+\.)*localhost:\d+/.exec(lines[0] ?? '')?.[0]
  if (!url) throw new Error(`the quick start's first line names no local address: ${lines[0]}`)
  return { commands: lines.map((line) => line.replace(/\s+#.*$/, '').trim()), url }
}

/** A clean copy of the checkout, as `git clone` would give it (plus uncommitted files). */
function cleanCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sigil-quickstart-'))
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot })
    .toString()
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    const from = path.join(repoRoot, file)
    const to = path.join(dir, file)
    mkdirSync(path.dirname(to), { recursive: true })
    try {
      cpSync(from, to)
    } catch (error) {
      // A tracked file deleted in the working tree is not in a clone of it either.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  return dir
}

/**
 * The checkout's installed packages, hard-linked into the copy (no byte copied; about 3 s for its
 * 97,000 files): the command's `npm install` still runs, finds the tree the lockfile names and
 * changes nothing, in seconds. Unpacking them afresh took one to two minutes of both cores in a full
 * run (most of it the kernel writing files), beside the other worker, for what CI's own run has
 * just done: `.ci/run` installs from the same package.json and lockfile on its clean clone before
 * any test. The hidden lockfile npm may write is copied, not linked, so nothing the copy's install
 * writes reaches the checkout; a tree npm changes is replaced (unlinked), never written through.
 * Where the packages cannot be linked (another filesystem, none installed), the copy installs them.
 */
function linkInstalledPackages(dir: string): void {
  const installed = path.join(repoRoot, 'node_modules')
  const hiddenLockfile = path.join('node_modules', '.package-lock.json')
  try {
    execFileSync('cp', ['-al', installed, path.join(dir, 'node_modules')], { stdio: 'ignore' })
    rmSync(path.join(dir, hiddenLockfile), { force: true })
    cpSync(path.join(repoRoot, hiddenLockfile), path.join(dir, hiddenLockfile))
  } catch {
    rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true })
  }
}

/**
 * The embedded wallet as a deployment shows it: created (the code read from the data folder's outbox,
 * as `npm run dev` writes it), then signed in with, its sheet in the vault's frame in this page (no
 * window of its own opened), the vault at wallet.app.localhost.
 */
async function embeddedInThePage(page: Page, mail: MailCatcher, label: string): Promise<void> {
  await addVirtualAuthenticator(page, { prf: true })
  let windows = 0
  page.context().on('page', () => windows++)
  const address = await createWallet(page, mail, uniqueEmail(label))
  const frame = page.getByTestId('vault-frame')
  expect(new URL((await frame.getAttribute('src'))!).host).toBe(`wallet.${new URL(page.url()).host}`)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle', { timeout: 30_000 })
  await page.getByTestId('sign-in-button').click()
  // The first sign-in makes next dev compile the nonce route before the sheet can ask: with the
  // other worker busy, that once took longer than the sheet's usual 15 s.
  await approveInSheet(page, `Sign in to ${new URL(page.url()).host}`, { timeout: 60_000 })
  // Then the verify route's first compile, on a copy with no compiled code yet: in a full run the page
  // showed "Verifying…" for more than 30 s with next dev still printing "Compiling /api/auth/verify"
  // (the other worker busy, the RPC proxy's and the ENS route's first compiles just before it). The
  // page waits as long as that takes; so does this, up to the sheet's 60 s and half again.
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in', { timeout: 90_000 })
  await expect(page.getByTestId('auth-address')).toHaveText(address)
  expect(windows, 'the embedded wallet opened a window of its own').toBe(0)
}

test('the README’s first command, on a clean copy, serves a page whose "Connect wallet" opens the dialog; the embedded wallet runs in the page, on a computer and on a phone', async ({ page, browser, snap }) => {
  test.setTimeout(15 * 60_000)
  const { commands, url } = readQuickStart()
  expect(commands[0], 'the first command installs and runs the app').toContain('npm install')
  const dir = cleanCopy()
  linkInstalledPackages(dir)
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), NEXT_TELEMETRY_DISABLED: '1' }
  // A new user's shell: no test or deployment settings.
  for (const key of Object.keys(env)) {
    if (/^(NODE_ENV|APP_ORIGIN|SESSION_SECRET|EMBEDDED_RECOVERY_KEY|DATA_DIR|DATABASE_URL|NEXT_DIST_DIR|WALLETCONNECT_|RPC_URL_|ENABLE_LOCAL_CHAIN|COINBASE_)/.test(key)) delete env[key]
  }
  const child = spawn('bash', ['-c', commands[0]!], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)))
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)))
  try {
    const address = url.replace(/:\d+$/, `:${port}`)
    const deadline = Date.now() + 12 * 60_000
    for (;;) {
      expect(child.exitCode, `the command ended early:\n${output}`).toBeNull()
      const answered = await fetch(address, { signal: AbortSignal.timeout(60_000) }).then(
        (response) => response.status,
        () => 0,
      )
      if (answered === 200) break
      expect(Date.now() < deadline, `no page on ${address} after 12 minutes:\n${output}`).toBe(true)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }

    await page.goto(address)
    await page.getByRole('button', { name: 'Connect wallet' }).click()
    const dialog = page.getByTestId('connect-dialog')
    await expect(dialog).toBeVisible({ timeout: 60_000 })
    await expect(dialog.getByRole('heading', { name: 'Connect a wallet' })).toBeVisible()
    // It stays open: under StrictMode the old dialog closed itself a moment after opening.
    await page.waitForTimeout(1_000)
    await expect(dialog).toBeVisible()
    // next dev compiles the list's and the notice's chunks on their first request: on a busy machine
    // that has taken longer than the default 5 s (the page itself waits for them as long as they take).
    await expect(dialog.locator('[data-testid^="wallet-option-"]').first()).toBeVisible({ timeout: 30_000 })
    // The quick start has no WalletConnect project id: its rows are hidden, and one line says how to add them.
    await expect(dialog.getByTestId('walletconnect-off-notice')).toContainText('WALLETCONNECT_PROJECT_ID', { timeout: 30_000 })
    await expect(dialog.getByTestId('wallet-option-walletconnect')).toHaveCount(0)
    await snap('quickstart-dev-dialog-open')

    // The plain loopback name sends the page to the app's own name, where its vault is the same site.
    await page.goto(`http://localhost:${port}/`)
    await expect(page).toHaveURL(`http://app.localhost:${port}/`)
    // The vault's first compile, done before the wallet opens it, as the suite's own dev servers do
    // (tests/fixtures/nextServer.ts): in a full run it took longer than the page's 30 s wait for the
    // vault's answer (next dev printed "Compiling /vault" and the frame had not loaded 30 s later).
    await warmVault(address)
    // And the routes a sign-in and a signed-in page ask, as the suite's dev servers are warmed: in a
    // full run the phone's vault frame, opened right after the computer signed in, waited more than
    // 30 s behind their first compiles (the account's and the sessions' answers took 21 s each, with
    // next dev writing its cache meanwhile), and the wallet's panel never showed within the wait.
    await warmPaths(address, DEV_ROUTES, 300_000)
    const mail = outboxMail(path.join(dir, '.data'))
    await page.bringToFront()
    await embeddedInThePage(page, mail, 'quickstart-desktop')

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: userAgents.androidChrome, locale: 'en-US' })
    try {
      const phonePage = await phone.newPage()
      await phonePage.goto(address)
      // The vault opens as a frame where the browser proves it seen: the front page.
      await phonePage.bringToFront()
      await embeddedInThePage(phonePage, mail, 'quickstart-phone')
    } finally {
      await phone.close()
    }
  } finally {
    // What the command printed (its last 20 kB), beside the report: a server that stopped says why there.
    const log = test.info().outputPath('first-command.log')
    writeFileSync(log, `${output}\n[exit code: ${child.exitCode ?? 'still running'}, signal: ${child.signalCode ?? 'none'}]\n`)
    await test.info().attach('the first command’s output', { path: log, contentType: 'text/plain' })
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      // already gone
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true })
  }
})
