import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * Test code keeps its parts in tests/fixtures: a unit test that needs a wagmi connector takes
 * `stubConnector` (tests/fixtures/connectors/stubConnector.ts) instead of writing one out. Six test
 * files once each carried their own, and a change to wagmi's connector shape had to be made six times.
 */
function trackedTestFiles(): string[] {
  return execFileSync('git', ['ls-files', '*.test.ts', '*.test.tsx'], { encoding: 'utf8' }).split('\n').filter(Boolean)
}

describe('test fixtures in one place', () => {
  it('no test file builds its own wagmi connector with createConnector', () => {
    const offenders = trackedTestFiles().filter((file) => /\bcreateConnector\s*\(/.test(readFileSync(file, 'utf8')))
    expect(offenders).toEqual([])
  })
})
