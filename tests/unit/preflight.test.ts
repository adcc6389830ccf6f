import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '..', '..')

/** Runs `npm test`'s script (tests/run-all.sh) as a fresh machine would, with the given parts missing. */
function runAll(env: Record<string, string>) {
  const started = Date.now()
  const result = spawnSync('bash', ['tests/run-all.sh'], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 })
  return { ...result, seconds: (Date.now() - started) / 1000, lines: `${result.stdout}${result.stderr}`.trim().split('\n') }
}

describe('npm test on a machine without the system parts', () => {
  it('without Chromium: stops at once with one line naming it and the install command', () => {
    const run = runAll({ CHROME_PATH: '/nonexistent/chromium' })
    expect(run.status).toBe(1)
    expect(run.lines).toEqual([
      'The tests cannot start: Chromium (/nonexistent/chromium) missing; install with: sudo apt-get install -y chromium',
    ])
    expect(run.seconds).toBeLessThan(5)
  })

  it('without Chromium\'s headless shell (the e2e suite\'s browser): the same, for the shell', () => {
    const run = runAll({ CHROME_SHELL_PATH: '/nonexistent/chromium-headless-shell' })
    expect(run.status).toBe(1)
    expect(run.lines).toEqual([
      "The tests cannot start: Chromium's headless shell (/nonexistent/chromium-headless-shell) missing; install with: sudo apt-get install -y chromium-headless-shell",
    ])
  })

  it('without PostgreSQL: the same, for PostgreSQL', () => {
    const run = runAll({ POSTGRES_ROOT: '/nonexistent/postgresql' })
    expect(run.status).toBe(1)
    expect(run.lines).toEqual([
      'The tests cannot start: PostgreSQL (/nonexistent/postgresql/<version>/bin/initdb) missing; install with: sudo apt-get install -y postgresql',
    ])
  })

  it('without both: one line naming both and one install command', () => {
    const run = runAll({ CHROME_PATH: '/nonexistent/chromium', POSTGRES_ROOT: '/nonexistent/postgresql' })
    expect(run.status).toBe(1)
    expect(run.lines).toEqual([
      'The tests cannot start: Chromium (/nonexistent/chromium) and PostgreSQL (/nonexistent/postgresql/<version>/bin/initdb) missing; install with: sudo apt-get install -y chromium postgresql',
    ])
  })

  it('with both present the check passes silently', () => {
    const result = spawnSync('bash', ['tests/preflight.sh'], { cwd: root, encoding: 'utf8' })
    expect({ status: result.status, output: `${result.stdout}${result.stderr}` }).toEqual({ status: 0, output: '' })
  })
})
