import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { addCompileHints, COMPILE_HINT, firstLoadScripts } from './compileHints.mjs'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** A build folder laid out as `next build` leaves it after compiling, before its own figures. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'sigil-hints-'))
  folders.push(dist)
  mkdirSync(path.join(dist, 'static', 'chunks'), { recursive: true })
  mkdirSync(path.join(dist, 'server', 'app', 'settings'), { recursive: true })
  for (const name of ['framework', 'runtime', 'layout', 'page', 'settings', 'dialog', 'wallet-sdk'])
    writeFileSync(path.join(dist, 'static', 'chunks', `${name}.js`), `(globalThis.TURBOPACK||[]).push(["${name}",()=>{}]);\n`)
  writeFileSync(path.join(dist, 'static', 'chunks', 'page.css'), 'p{}')
  writeFileSync(path.join(dist, 'build-manifest.json'), JSON.stringify({ rootMainFiles: ['static/chunks/framework.js', 'static/chunks/runtime.js'], polyfillFiles: [] }))
  const manifest = (key: string, files: string[]) =>
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(key)}] = ${JSON.stringify({
      clientModules: { dialog: { chunks: ['/_next/static/chunks/dialog.js'] } },
      entryJSFiles: { '[project]/app/layout': ['static/chunks/layout.js'], [`[project]/app${key}`]: files },
    })};\n`
  writeFileSync(path.join(dist, 'server', 'app', 'page_client-reference-manifest.js'), manifest('/page', ['static/chunks/layout.js', 'static/chunks/page.js', 'static/chunks/page.css']))
  writeFileSync(path.join(dist, 'server', 'app', 'settings', 'page_client-reference-manifest.js'), manifest('/settings/page', ['static/chunks/settings.js']))
  return dist
}

const read = (dist: string, file: string) => readFileSync(path.join(dist, 'static', 'chunks', file), 'utf8')

describe('compile hints', () => {
  it('lists the root main files and every page entry chunk, no stylesheet, no chunk loaded later', () => {
    expect(firstLoadScripts(fakeBuild())).toEqual(
      ['framework', 'layout', 'page', 'runtime', 'settings'].map((name) => `static/chunks/${name}.js`),
    )
  })

  it('puts the hint at the top of the first-load scripts only, once', () => {
    const dist = fakeBuild()
    const before = read(dist, 'page.js')
    expect(addCompileHints(dist)).toHaveLength(5)
    expect(read(dist, 'page.js')).toBe(COMPILE_HINT + before)
    expect(read(dist, 'framework.js').startsWith(COMPILE_HINT)).toBe(true)
    for (const later of ['dialog.js', 'wallet-sdk.js']) expect(read(dist, later).startsWith('//')).toBe(false)
    expect(addCompileHints(dist)).toEqual([])
    expect(read(dist, 'page.js')).toBe(COMPILE_HINT + before)
  })

  it("leaves the manifests readable for Next's own first-load figures, which require them afterwards", () => {
    const dist = fakeBuild()
    addCompileHints(dist)
    const holder = globalThis as { __RSC_MANIFEST?: Record<string, unknown> }
    expect(holder.__RSC_MANIFEST).toBeUndefined()
    try {
      createRequire(import.meta.url)(path.join(dist, 'server', 'app', 'page_client-reference-manifest.js'))
      expect(Object.keys(holder.__RSC_MANIFEST ?? {})).toEqual(['/page'])
    } finally {
      delete holder.__RSC_MANIFEST
    }
  })

  it('does nothing without a build', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'sigil-hints-'))
    folders.push(empty)
    expect(firstLoadScripts(empty)).toEqual([])
    expect(addCompileHints(empty)).toEqual([])
  })
})
