import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readBuildStyleHashes } from './buildStyleHashes'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('readBuildStyleHashes', () => {
  it("hashes every CSS file of the build's static folder, exactly as Next inlines it, and nothing else", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sigil-static-'))
    dirs.push(dir)
    mkdirSync(path.join(dir, 'chunks', 'nested'), { recursive: true })
    writeFileSync(path.join(dir, 'chunks', 'a.css'), 'body{margin:0}')
    writeFileSync(path.join(dir, 'chunks', 'nested', 'b.css'), '.x{color:red}\n')
    writeFileSync(path.join(dir, 'chunks', 'c.js'), 'console.log(1)')
    expect(readBuildStyleHashes(dir)).toEqual([hash('body{margin:0}'), hash('.x{color:red}\n')].sort())
  })

  it('is empty without a build', () => {
    expect(readBuildStyleHashes(path.join(tmpdir(), 'no-such-build-folder'))).toEqual([])
  })
})
