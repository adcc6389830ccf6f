import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The plain `.mjs` modules the Next config loads (the vault's bundle, compile hints, the vault's
 * origin, the mail policy) are typed by a `.d.mts` beside them. The type-check trusts the declaration,
 * so an export the declaration names but the module lost (a tool removing an "unused" export, say)
 * would pass every check and fail only when the build runs it: each declared export must be there.
 */
/**
 * The sources only. A package's `dist/` holds the same files copied verbatim by its build
 * (`lib/scripts/copyIntoDist.mjs`); walking it made this file's count depend on whether the packages
 * were built before the unit tests ran (CI builds them first), and a stale `dist/` from an older
 * build would fail a source that is right.
 */
const builtFolders = new Set(['dist', 'node_modules'])

function declarationFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.d.mts') && !file.split(path.sep).some((part) => builtFolders.has(part)))
    .map((file) => path.join(folder, file))
}

const declarations = ['lib', 'server'].flatMap((folder) => declarationFiles(path.join(process.cwd(), folder)))

describe('.mjs modules export what their declarations say', () => {
  it('finds the declared modules', () => {
    expect(declarations.length).toBeGreaterThanOrEqual(4)
  })

  it.each(declarations.map((file) => [path.relative(process.cwd(), file), file]))('%s', async (_name, file) => {
    const declared = [...readFileSync(file, 'utf8').matchAll(/^export (?:declare )?(?:const|function|class|let) (\w+)/gm)].map((match) => match[1]!)
    expect(declared.length).toBeGreaterThan(0)
    const runtime = (await import(pathToFileURL(file.replace(/\.d\.mts$/, '.mjs')).href)) as Record<string, unknown>
    expect(declared.filter((name) => !(name in runtime))).toEqual([])
  })
})
