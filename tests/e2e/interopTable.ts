import { interopResultsOfThisRun, readCompatibilityTable, recordInteropResult, type InteropCell } from '../fixtures/interop/matrix'
import { expect, test } from './fixtures'

/**
 * What the interop specs share: which cells of the matrix run (the table's passing ones, or all with
 * `INTEROP_ALL=1`), recording each result, and the last test that holds docs/compatibility.md to this run.
 */

const table = readCompatibilityTable()

/**
 * Every cell becomes a test, with what its row says to expect: `pass`, or `departure` for a row that
 * reads `fail: <why>` (the test then checks that exact failure, and that the page shows no wrong
 * account while it happens: no cell is dropped). With `INTEROP_ALL=1` every cell is run as a pass, to
 * measure the table afresh.
 */
export function cellsToRun<C extends InteropCell>(cells: readonly C[]): { cell: C; version: string | undefined; expect: 'pass' | 'departure' }[] {
  return cells.map((cell) => {
    const row = table.get(cell.id)
    const departure = row?.result.startsWith('fail') === true && !process.env.INTEROP_ALL
    return { cell, version: row && row.version !== '-' ? row.version : undefined, expect: departure ? 'departure' : 'pass' }
  })
}

/**
 * Runs a cell's steps, recording pass or fail with the implementation's version. A departure's steps
 * check the documented failure: when they hold, the cell's result is `fail`, as its row says.
 */
export async function recordingResult(id: string, version: string, steps: () => Promise<void>, expected: 'pass' | 'departure' = 'pass'): Promise<void> {
  try {
    await steps()
    recordInteropResult(id, { result: expected === 'pass' ? 'pass' : 'fail', version })
  } catch (error) {
    // A departure that did not happen as written is not a result either way: the test fails, and
    // `INTEROP_ALL=1` measures the cell afresh.
    if (expected === 'pass') recordInteropResult(id, { result: 'fail', version })
    throw error
  }
}

/**
 * The spec's last test: every cell of `cells` that ran here has the result its row in
 * docs/compatibility.md says. Only the spec's own family: both families' specs record into one results
 * file, on whichever worker ran them, so a cell is reported by the spec that ran it, once.
 */
export function tableAgreesWithThisRun(cells: readonly InteropCell[]): void {
  const ids = new Set(cells.map((cell) => cell.id))
  test('docs/compatibility.md says what this run saw', () => {
    const seen = interopResultsOfThisRun().filter(([id]) => ids.has(id))
    test.skip(seen.length === 0, 'no matrix cell ran (filtered out)')
    for (const [id, result] of seen) expect(table.get(id)?.result.split(':')[0], id).toBe(result.result)
  })
}
