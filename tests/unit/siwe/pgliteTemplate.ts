import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openPgliteStore } from '@sigil/server/store/pgliteStore'

/**
 * Creating a PGlite folder runs initdb (2–5 s on a busy machine); reopening one takes a fraction of
 * that. Tests that each need a fresh persisted store get a copy of one folder created (and migrated)
 * once per test file, so they stay independent without paying initdb each time.
 */
let template: Promise<string> | undefined
const created: string[] = []

export function freshPgliteFolder(): Promise<string> {
  template ??= (async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'sigil-pglite-template-'))
    created.push(folder)
    await (await openPgliteStore({ dataDir: folder })).close()
    return folder
  })()
  return template.then((source) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'sigil-pglite-'))
    created.push(folder)
    cpSync(source, folder, { recursive: true })
    return folder
  })
}

/** Deletes the template and every copy (call from afterAll). */
export function removePgliteFolders(): void {
  for (const folder of created.splice(0)) rmSync(folder, { recursive: true, force: true })
  template = undefined
}
