import { describe, expect, it } from 'vitest'
import { allInteropCells, readCompatibilityTable } from '../fixtures/interop/matrix'

/**
 * docs/compatibility.md is the interop matrix's table (tests/fixtures/interop/matrix.ts): one row per
 * cell, no row without a cell, and each row says pass or fail (the e2e cell then expects exactly that).
 */
describe('docs/compatibility.md', () => {
  const rows = readCompatibilityTable()

  it('has a row for every cell of the matrix and none for a cell it does not run', () => {
    expect([...rows.keys()].sort()).toEqual(allInteropCells.map((cell) => cell.id).sort())
  })

  it('gives every row a version and a result: pass, fail (with the reason), or not run yet', () => {
    for (const [id, row] of rows) {
      expect(row.version, id).toMatch(/^(\d+\.\d+\.\d+|-)$/)
      expect(row.result, id).toMatch(/^(pass|fail: .+|not run)$/)
    }
  })
})
