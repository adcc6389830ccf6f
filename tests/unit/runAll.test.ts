import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '..', '..')

/** `npm test -- <args>`: tests/run-all.sh with arguments, on a machine without Chromium or PostgreSQL. */
function runAll(args: string[]) {
  const env = { ...process.env, CHROME_PATH: '/nonexistent/chromium', POSTGRES_ROOT: '/nonexistent/postgresql' }
  const result = spawnSync('bash', ['tests/run-all.sh', ...args], { cwd: root, env, encoding: 'utf8', timeout: 30_000 })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('npm test -- STEP...', () => {
  it('--help lists every step and runs none', () => {
    const run = runAll(['--help'])
    expect(run.status).toBe(0)
    expect(run.stderr).toBe('')
    for (const step of ['typecheck', 'lint', 'unit', 'build', 'budget', 'e2e']) expect(run.stdout).toMatch(new RegExp(`^  ${step} `, 'm'))
    expect(run.stdout).not.toContain('===')
  })

  it('an unknown step: one line naming it and the steps, exit 2, before anything runs', () => {
    const run = runAll(['lint', 'unittest'])
    expect(run.status).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.trim().split('\n')).toEqual([
      "tests/run-all.sh: unknown step 'unittest'; the steps are: typecheck lint packages build budget unit e2e (npm test -- --help)",
    ])
  })

  it('checks only the system parts the chosen steps drive', () => {
    expect(runAll(['unit']).stderr.trim()).toMatch(/^The tests cannot start: PostgreSQL .* missing; install with: sudo apt-get install -y postgresql$/)
    expect(runAll(['e2e']).stderr.trim()).toMatch(/^The tests cannot start: Chromium .* missing; install with: sudo apt-get install -y chromium$/)
  })
})
