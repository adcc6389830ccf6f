import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { BUDGETS, checkFirstLoadBudget } from '@/tests/bench/budgets'

/**
 * The first-load budget check CI runs after the build (tests/bench/checkBudget.ts): it reads Next's
 * route-bundle-stats.json and gzips the listed chunks. Proven here on a build folder made for the
 * test, and on the real build when one exists.
 */
const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function fakeBuild(chunkBytes: Buffer): { root: string; distDir: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sigil-budget-'))
  folders.push(root)
  const distDir = path.join(root, '.next')
  mkdirSync(path.join(distDir, 'diagnostics'), { recursive: true })
  mkdirSync(path.join(distDir, 'static', 'chunks'), { recursive: true })
  writeFileSync(path.join(distDir, 'static', 'chunks', 'a.js'), chunkBytes)
  writeFileSync(path.join(distDir, 'static', 'chunks', 'nf.js'), randomBytes(400_000))
  const stats = [
    { route: '/', firstLoadUncompressedJsBytes: chunkBytes.length, firstLoadChunkPaths: ['.next/static/chunks/a.js'] },
    // Not a page users load first: never counted.
    { route: '/_not-found', firstLoadUncompressedJsBytes: 400_000, firstLoadChunkPaths: ['.next/static/chunks/nf.js'] },
  ]
  writeFileSync(path.join(distDir, 'diagnostics', 'route-bundle-stats.json'), JSON.stringify(stats))
  return { root, distDir }
}

describe('first-load JS budget', () => {
  it('passes a page whose first-load chunks gzip within the budget', () => {
    const { root, distDir } = fakeBuild(Buffer.from('x'.repeat(1_000_000)))
    const [home, ...others] = checkFirstLoadBudget(root, distDir)!
    expect(others).toEqual([])
    expect(home).toMatchObject({ route: '/', ok: true, budget: BUDGETS.firstLoadJsGzipBytes })
    expect(home!.gzipBytes).toBeLessThan(5_000)
  })

  it('fails a page that grew past it (incompressible bytes over the budget)', () => {
    const { root, distDir } = fakeBuild(randomBytes(BUDGETS.firstLoadJsGzipBytes + 1_000))
    expect(checkFirstLoadBudget(root, distDir)).toEqual([{ route: '/', gzipBytes: expect.any(Number), budget: BUDGETS.firstLoadJsGzipBytes, ok: false }])
  })

  it('says there is nothing to check without a build', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sigil-budget-'))
    folders.push(root)
    expect(checkFirstLoadBudget(root, path.join(root, '.next'))).toBeNull()
  })

  const root = path.resolve(__dirname, '..', '..')
  const real = checkFirstLoadBudget(root, path.join(root, process.env.NEXT_DIST_DIR || '.next'))
  it.skipIf(real === null)('keeps the current build’s pages within the budget', () => {
    for (const result of real ?? []) expect(result, result.route).toMatchObject({ ok: true })
  })
})
