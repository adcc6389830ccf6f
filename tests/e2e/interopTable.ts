import { interopResultsOfThisRun, readCompatibilityTable, recordInteropResult, type InteropCell } from '../fixtures/interop/matrix'
import { expect, test } from './fixtures'

/**
 * What the interop specs share: which cells of the matrix run (the table's passing ones, or all with
 * `INTEROP_ALL=1`), recording each result, and the last test that holds docs/compatibility.md to this run.
 */

const table = readCompatibilityTable()

/** The cells to make tests of, each with its row. */
export function cellsToRun<C extends InteropCell>(cells: readonly C[]): { cell: C; version: string | undefined }[] {
  return cells.flatMap((cell) => {
    const row = table.get(cell.id)
    if (row?.result !== 'pass' && !process.env.INTEROP_ALL) return []
    return [{ cell, version: row && row.version !== '-' ? row.version : undefined }]
  })
}

/** Runs a cell's steps, recording pass or fail with the implementation's version. */
export async function recordingResult(id: string, version: string, steps: () => Promise<void>): Promise<void> {
  try {
    await steps()
    recordInteropResult(id, { result: 'pass', version })
  } catch (error) {
    recordInteropResult(id, { result: 'fail', version })
    throw error
  }
}

/** The spec's last test: every cell that ran here has the result its row in docs/compatibility.md says. */
export function tableAgreesWithThisRun(): void {
  test('docs/compatibility.md says what this run saw', () => {
    const seen = interopResultsOfThisRun()
    test.skip(seen.length === 0, 'no matrix cell ran (filtered out)')
    for (const [id, result] of seen) expect(table.get(id)?.result.split(':')[0], id).toBe(result.result)
  })
}
