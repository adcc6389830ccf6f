import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSignInMessage } from '@/lib/siwe/client'
import { freePort } from '../fixtures/freePort'
import { ensureProductionBuild, repoRoot, startNextServer, type NextServer } from '../fixtures/nextServer'
import { outboxMail } from '../fixtures/outboxMail'
import { addVirtualAuthenticator } from '../fixtures/passkeys'
import { createWallet, uniqueEmail } from './embeddedFixtures'
import { expect, test } from './fixtures'

/**
 * How the app meets the machines it is deployed on, with real processes: `next start`'s refusal
 * without production settings (and the README's line for trying it locally), the health check, and
 * a graceful shutdown on SIGTERM that finishes the requests in flight and closes the store.
 */

const nextBin = path.join(repoRoot, 'node_modules', 'next', 'dist', 'bin', 'next')
const execFileAsync = promisify(execFile)

/**
 * The Next config's line for a local production try, read by a separate Node process: this worker may
 * already hold the config's modules (server/config/envSchema.mjs, which the server's TypeScript also
 * imports) as Playwright's CommonJS transform loaded them for another spec, and an ES `import()` of
 * the config then meets that copy, without its named exports. A fresh process reads the config as
 * `next start` does.
 */
async function localProductionCommand(): Promise<string> {
  const config = pathToFileURL(path.join(repoRoot, 'next.config.mjs')).href
  const script = `const { LOCAL_PRODUCTION_COMMAND } = await import(${JSON.stringify(config)}); process.stdout.write(LOCAL_PRODUCTION_COMMAND)`
  const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '--eval', script], { cwd: repoRoot, env: { ...process.env, NODE_OPTIONS: '' } })
  return stdout
}

/** Runs a command in its own process group and collects what it prints. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const kill = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL')
    } catch {
      // gone
    }
  }
  return { child, exited, output: () => output, kill }
}

async function waitForOk(url: string, seconds: number): Promise<Response> {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      if (response.ok) return response
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${seconds} s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** A nonce and the cookie that binds it to this "browser". */
async function nonceFor(baseURL: string): Promise<{ nonce: string; cookie: string }> {
  const response = await fetch(`${baseURL}/api/auth/nonce`)
  expect(response.status).toBe(200)
  const { nonce } = (await response.json()) as { nonce: string }
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
  return { nonce, cookie }
}

async function signInBody(baseURL: string, nonce: string): Promise<string> {
  const account = privateKeyToAccount(generatePrivateKey())
  const message = createSignInMessage({ address: account.address, chainId: 31337, nonce, origin: baseURL })
  return JSON.stringify({ message, signature: await account.signMessage({ message }) })
}

test.describe('next start without production settings', () => {
  test('refuses to boot, names each missing setting and prints the README’s line for a local try', async () => {
    ensureProductionBuild()
    const command = await localProductionCommand()
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(await freePort()), NEXT_TELEMETRY_DISABLED: '1' }
    for (const key of ['SESSION_SECRET', 'APP_ORIGIN', 'EMBEDDED_RECOVERY_KEY', 'DATABASE_URL']) delete env[key]
    const refused = run(process.execPath, [nextBin, 'start', '--hostname', 'localhost'], env)
    try {
      const code = await Promise.race([refused.exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000))])
      expect(code, refused.output()).not.toBe('timeout')
      expect(code).not.toBe(0)
      const output = refused.output()
      expect(output).toContain('Sigil cannot start:')
      expect(output).toContain('SESSION_SECRET is required in production')
      expect(output).toContain('APP_ORIGIN is required in production')
      expect(output).toContain('EMBEDDED_RECOVERY_KEY is required in production')
      expect(output).toContain(`To try a production build on this machine with throwaway values, run:\n  ${command}`)
    } finally {
      refused.kill()
    }
    // The same line, verbatim, in the README's bash block.
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
    const blocks = [...readme.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1]!)
    expect(blocks.some((block) => block.split('\n').includes(command))).toBe(true)
  })

  test('the README’s local line, with PORT other than 3000, boots next start on throwaway values: the page at app.localhost, the health check, a nonce, and an embedded wallet made with the code from the outbox', async ({ page }) => {
    test.setTimeout(180_000)
    ensureProductionBuild()
    const command = await localProductionCommand()
    // The suite has built the app already: the line's first step is `npm run build`, the rest runs as written.
    expect(command.startsWith('npm run build && ')).toBe(true)
    expect(command.endsWith(' npm start')).toBe(true)
    const port = await freePort()
    expect(port).not.toBe(3000)
    // mktemp -d makes the throwaway data folder under TMPDIR: one of this test's, removed after it.
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'sigil-local-production-'))
    // PORT exported, as the README says, and nothing else of a deployment.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), TMPDIR: tmp, NEXT_TELEMETRY_DISABLED: '1' }
    for (const key of ['SESSION_SECRET', 'APP_ORIGIN', 'VAULT_ORIGIN', 'SMTP_URL', 'EMBEDDED_RECOVERY_KEY', 'DATA_DIR', 'DATABASE_URL', 'NODE_ENV']) delete env[key]
    const started = run('bash', ['-c', command.slice('npm run build && '.length)], env)
    try {
      const baseURL = `http://app.localhost:${port}`
      const home = await waitForOk(`${baseURL}/`, 60)
      expect(await home.text()).toContain('Connect wallet')
      // 503 while the new data folder is initialised (PGlite's initdb takes seconds), then 200.
      const health = await waitForOk(`${baseURL}/api/health`, 60)
      expect(await health.json()).toEqual({ status: 'ok' })
      expect((await nonceFor(baseURL)).nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
      expect(started.output()).not.toContain('Sigil cannot start')

      // The email & passkey wallet works here: its code is written to the data folder's outbox, and the log says where.
      await addVirtualAuthenticator(page, { prf: true })
      await page.goto(`http://localhost:${port}/`)
      await expect(page).toHaveURL(`${baseURL}/`)
      await page.bringToFront()
      const address = await createWallet(page, outboxMail(tmp), uniqueEmail('local-production'))
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(started.output()).toMatch(/SMTP_URL is not set \(a production build on loopback\): an email to \S+ was written to \S+outbox/)
    } finally {
      started.kill()
      await started.exited
      rmSync(tmp, { recursive: true, force: true })
    }
  })

  test('origins that cannot work together stop next start at once, one line naming the setting', async () => {
    ensureProductionBuild()
    const port = await freePort()
    const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), NEXT_TELEMETRY_DISABLED: '1', TRUSTED_PROXY_HOPS: '0', SESSION_SECRET: randomBytes(32).toString('hex'), EMBEDDED_RECOVERY_KEY: randomBytes(32).toString('base64') }
    for (const key of ['APP_ORIGIN', 'VAULT_ORIGIN', 'VAULT_CROSS_SITE', 'SMTP_URL', 'DATA_DIR', 'DATABASE_URL']) delete base[key]
    const cases = [
      // The README's line before it followed PORT: the page and sign-in would meet two servers.
      { env: { APP_ORIGIN: 'http://app.localhost:3000' }, says: `APP_ORIGIN http://app.localhost:3000 is on port 3000, but this server listens on ${port}` },
      // A vault of another site: its frame would keep no data.
      { env: { APP_ORIGIN: 'https://sigil.test', VAULT_ORIGIN: 'https://wallet.sigil-vault.test', SMTP_URL: 'smtps://mail.sigil.test:465' }, says: 'VAULT_ORIGIN https://wallet.sigil-vault.test is another site than https://sigil.test' },
      // Production mail in the clear.
      { env: { APP_ORIGIN: 'https://sigil.test', VAULT_ORIGIN: 'https://wallet.sigil.test', SMTP_URL: 'smtp://mail.sigil.test:25' }, says: 'SMTP_URL must use TLS in production' },
    ]
    for (const { env, says } of cases) {
      const refused = run(process.execPath, [nextBin, 'start', '--hostname', 'localhost', '--port', String(port)], { ...base, ...env })
      try {
        const code = await Promise.race([refused.exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000))])
        expect(code, refused.output()).not.toBe('timeout')
        expect(code).not.toBe(0)
        expect(refused.output()).toContain('Sigil cannot start:')
        expect(refused.output()).toContain(says)
      } finally {
        refused.kill()
      }
    }
  })
})

test.describe('health check', () => {
  test('GET /api/health answers 200 {"status":"ok"} when the store answers, uncached and saying nothing else', async ({ app }) => {
    const response = await fetch(`${app.baseURL}/api/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).toBe('{"status":"ok"}')
  })

  test('answers 503 store_unavailable, at once, when the database cannot be reached', async ({ chain }) => {
    const closedPort = await freePort()
    const server = await startNextServer({
      rpcUrl: chain.rpcUrl,
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/postgres` },
      warmPaths: ['/'],
    })
    try {
      const started = Date.now()
      const response = await fetch(`${server.baseURL}/api/health`)
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(response.status).toBe(503)
      const body = (await response.json()) as { code: string; message: string }
      expect(body).toMatchObject({ code: 'store_unavailable', message: 'Sign-in is temporarily unavailable. Please try again.' })
      // No connection string, host or driver detail in the answer.
      expect(JSON.stringify(body)).not.toContain(String(closedPort))
    } finally {
      await server.stop()
    }
  })
})

test.describe('graceful shutdown', () => {
  test('SIGTERM: no new connections, the sign-in in flight is answered, the store closes and frees its folder, and what it wrote is there on restart', async ({
    chain,
  }) => {
    test.setTimeout(120_000)
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sigil-shutdown-'))
    // The same secrets across the restart, as a deployment keeps them.
    const env = { SESSION_SECRET: randomBytes(32).toString('hex'), EMBEDDED_RECOVERY_KEY: randomBytes(32).toString('base64') }
    let server: NextServer | undefined
    try {
      server = await startNextServer({ rpcUrl: chain.rpcUrl, dataDir, env })
      const first = server
      const inFlight = await nonceFor(first.baseURL)
      const kept = await nonceFor(first.baseURL)
      const body = Buffer.from(await signInBody(first.baseURL, inFlight.nonce))

      // A sign-in whose body is still arriving when the signal comes.
      const answer = new Promise<{ status: number; setCookie: string[]; body: string }>((resolve, reject) => {
        const request = httpRequest(
          `${first.baseURL}/api/auth/verify`,
          {
            method: 'POST',
            agent: false,
            headers: {
              'content-type': 'application/json',
              'content-length': String(body.length),
              origin: first.baseURL,
              'sec-fetch-site': 'same-origin',
              cookie: inFlight.cookie,
            },
          },
          (response) => {
            let text = ''
            response.on('data', (chunk: Buffer) => (text += chunk.toString()))
            response.on('end', () => resolve({ status: response.statusCode ?? 0, setCookie: response.headers['set-cookie'] ?? [], body: text }))
          },
        )
        request.on('error', reject)
        request.write(body.subarray(0, 40))
        setTimeout(() => {
          process.kill(-first.child.pid!, 'SIGTERM')
          // Still running, no longer accepting: then the rest of the body arrives.
          setTimeout(() => request.end(body.subarray(40)), 1_500)
        }, 300)
      })
      const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)))

      await new Promise((resolve) => setTimeout(resolve, 1_000))
      expect(first.child.exitCode, 'still finishing the request in flight').toBeNull()
      await expect(fetch(`${first.baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow()

      const done = await answer
      expect(done.status, done.body).toBe(200)
      expect(done.setCookie.some((line) => line.startsWith('sigil_session='))).toBe(true)

      expect(await exited).toBe(143)
      expect(first.output()).toContain('[sigil] store closed')
      expect(existsSync(path.join(dataDir, 'sigil.lock')), 'the data folder lock is released').toBe(false)
      await first.stop()

      // Restart on the same folder: the nonce issued before the shutdown was written for good.
      server = await startNextServer({ rpcUrl: chain.rpcUrl, dataDir, env })
      const second = server
      const restarted = await fetch(`${second.baseURL}/api/auth/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: second.baseURL, 'sec-fetch-site': 'same-origin', cookie: kept.cookie },
        body: await signInBody(second.baseURL, kept.nonce),
      })
      expect(restarted.status, await restarted.clone().text()).toBe(200)
    } finally {
      await server?.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
