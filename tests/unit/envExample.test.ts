import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ENV_VARIABLES, type EnvVariable } from '@sigil/server/config/envSchema.mjs'

/*
 * The environment's schema (server/config/envSchema.mjs) is the list of every variable Sigil reads;
 * `.env.example` and docs/deploy.md's configuration table are written from it and checked against it
 * here, word for word. And the schema is what the code reads: this test reads the app's sources
 * (not the tests: their settings are the fixtures' own) and finds each variable they read, in every
 * form the code uses: `process.env.X`, `env.X` / `env?.X` on an environment passed in, `env['X']`,
 * a name handed to a reader with the environment (`positiveIntegerSetting(env, 'X', …)`), a
 * destructured `{ X } = process.env`, and a family of names matched by a pattern over the
 * environment's keys (`/^RPC_URL_(\d+)$/`). A variable read and not in the schema fails; so does
 * one in the schema and no longer read, and a line of `.env.example` that sets a value (`npm run dev`
 * must need none).
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The app's code: what `next build` compiles, the vault's bundle and the config. */
const SOURCE_DIRS = ['app', 'lib', 'server', 'connectors', 'wallet-book']
const SOURCE_FILES = ['proxy.ts', 'instrumentation.ts', 'instrumentation-node.ts', 'instrumentation-client.ts', 'next.config.mjs']
const SOURCE_EXTENSIONS = /\.(?:ts|tsx|mts|mjs|js|cjs)$/
/** Unit tests and type declarations read nothing at run time. */
const NOT_SOURCE = /\.test\.(?:ts|tsx)$|\.d\.m?ts$/

/** Set by Next and Node themselves for the code to read, never by whoever runs the app: not in `.env.example`. */
const SET_BY_THE_RUNTIME = new Set(ENV_VARIABLES.filter((variable) => variable.group === 'runtime').map((variable) => variable.name))
/** Listed because they matter to a deployment, though Node (not Sigil's code) reads them. */
const READ_BY_NODE = new Set(ENV_VARIABLES.filter((variable) => variable.readBy === 'node').map((variable) => variable.name))
/** The schema's single variables and its families' prefixes (`RPC_URL_` of `RPC_URL_<chainId>`). */
const SCHEMA_NAMES = new Set(ENV_VARIABLES.filter((variable) => !variable.family).map((variable) => variable.name))
const SCHEMA_FAMILIES = new Set(ENV_VARIABLES.flatMap((variable) => (variable.family ? [variable.family] : [])))

function sourceFiles(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(rel)
    return entry.isFile() && SOURCE_EXTENSIONS.test(entry.name) && !NOT_SOURCE.test(entry.name) ? [rel] : []
  })
}

type EnvReads = { names: Set<string>; prefixes: Set<string> }

const NAME = '[A-Z][A-Z0-9_]*'

/** The variables a piece of source reads: exact names, and prefixes of `PREFIX<digits>` families. */
function envReadsIn(source: string): EnvReads {
  const names = new Set<string>()
  const prefixes = new Set<string>()
  const add = (pattern: RegExp, into: Set<string> = names) => {
    for (const match of source.matchAll(pattern)) into.add(match[1]!)
  }
  // process.env.X, env.X, env?.X, options.env.X
  add(new RegExp(`\\benv\\??\\.(${NAME})\\b`, 'g'))
  // env['X'], env?.["X"]
  add(new RegExp(`\\benv\\??\\.?\\[\\s*['"\`](${NAME})['"\`]\\s*\\]`, 'g'))
  // reader(env, 'X', …), reader(process.env, "X")
  add(new RegExp(`\\(\\s*(?:process\\.)?env\\s*,\\s*['"\`](${NAME})['"\`]`, 'g'))
  // const { X, Y: y } = process.env
  for (const match of source.matchAll(/\{([^{}]*)\}\s*=\s*(?:process\.)?env\b/g)) {
    for (const part of match[1]!.split(',')) {
      const name = /^\s*([A-Z][A-Z0-9_]*)\b/.exec(part)?.[1]
      if (name) names.add(name)
    }
  }
  // A family matched over the environment's keys: /^RPC_URL_(\d+)$/
  add(new RegExp(`/\\^(${NAME}_)\\(\\\\d\\+\\)\\$/`, 'g'), prefixes)
  return { names, prefixes }
}

/** What the app's sources read, each name with the files that read it. */
function appEnvReads(): { names: Map<string, string[]>; prefixes: Map<string, string[]>; files: number } {
  const files = [...SOURCE_DIRS.flatMap((dir) => sourceFiles(dir)), ...SOURCE_FILES]
  const names = new Map<string, string[]>()
  const prefixes = new Map<string, string[]>()
  for (const file of files) {
    const reads = envReadsIn(readFileSync(join(repoRoot, file), 'utf8'))
    for (const name of reads.names) names.set(name, [...(names.get(name) ?? []), file])
    for (const prefix of reads.prefixes) prefixes.set(prefix, [...(prefixes.get(prefix) ?? []), file])
  }
  return { names, prefixes, files: files.length }
}

type Listed = { name: string; line: number; comments: string[] }

/** The variables `.env.example` lists (`# NAME=…`), each with the comment lines just above it. */
function listedIn(text: string): { listed: Listed[]; assignments: string[] } {
  const listed: Listed[] = []
  const assignments: string[] = []
  let comments: string[] = []
  text.split('\n').forEach((raw, index) => {
    const line = raw.trimEnd()
    const variable = /^#\s?([A-Z][A-Z0-9_]*)=/.exec(line)
    if (variable) {
      listed.push({ name: variable[1]!, line: index + 1, comments })
      comments = []
    } else if (line.startsWith('#')) {
      comments.push(line.replace(/^#\s*/, ''))
    } else if (line.trim() === '') {
      comments = []
    } else {
      assignments.push(`line ${index + 1}: ${line}`)
    }
  })
  return { listed, assignments }
}

const envExample = readFileSync(join(repoRoot, '.env.example'), 'utf8')

describe('the scanner', () => {
  it('finds a variable in every form the code reads one', () => {
    const reads = envReadsIn(`
      const a = process.env.ALPHA_ONE
      const b = env.BRAVO ?? env?.CHARLIE
      const c = options.env.DELTA
      const d = env['ECHO'] ?? process.env["FOXTROT"]
      const e = positiveIntegerSetting(env, 'GOLF', 1)
      const f = durationSetting(process.env, "HOTEL", 2)
      const { INDIA, JULIET: juliet } = process.env
      for (const [key] of Object.entries(env)) /^KILO_URL_(\\d+)$/.exec(key)
      const notEnv = config.LIMA + environment.MIKE
    `)
    expect([...reads.names].sort()).toEqual(['ALPHA_ONE', 'BRAVO', 'CHARLIE', 'DELTA', 'ECHO', 'FOXTROT', 'GOLF', 'HOTEL', 'INDIA', 'JULIET'])
    expect([...reads.prefixes]).toEqual(['KILO_URL_'])
  })

  it('reads the app: the settings read directly, through a reader, and by pattern', () => {
    const { names, prefixes, files } = appEnvReads()
    expect(files).toBeGreaterThan(100)
    for (const name of ['APP_ORIGIN', 'SESSION_SECRET', 'DATABASE_URL', 'RPC_PROXY_MAX_GAS', 'EMBEDDED_RECOVERY_DELAY', 'PORT']) {
      expect(names.has(name), name).toBe(true)
    }
    expect([...prefixes.keys()].sort()).toEqual(expect.arrayContaining(['RPC_URL_', 'SIGNIN_RPC_URL_']))
  })
})

describe('the schema', () => {
  it('names every variable the app reads', () => {
    const { names, prefixes } = appEnvReads()
    const missing = [...names].filter(([name]) => !SCHEMA_NAMES.has(name)).map(([name, files]) => `${name} (read in ${files.join(', ')})`)
    for (const [prefix, files] of prefixes) if (!SCHEMA_FAMILIES.has(prefix)) missing.push(`${prefix}<chainId> (read in ${files.join(', ')})`)
    expect(missing, 'add each to server/config/envSchema.mjs, with its default and what production needs').toEqual([])
  })

  it('names nothing the app no longer reads', () => {
    const { names, prefixes } = appEnvReads()
    expect([...SCHEMA_NAMES].filter((name) => !names.has(name) && !READ_BY_NODE.has(name))).toEqual([])
    expect([...SCHEMA_FAMILIES].filter((prefix) => !prefixes.has(prefix))).toEqual([])
  })
})

/** How `.env.example` names a variable: a family by its first chain (`RPC_URL_1`). */
function exampleName(variable: EnvVariable): string {
  return variable.family ? `${variable.family}1` : variable.name
}

/** The configuration table of docs/deploy.md, written from the schema. */
function configurationTable(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;')
  const rows = ENV_VARIABLES.map((variable) => `| \`${variable.name}\` | ${variable.group} | ${cell(variable.summary)} | ${cell(variable.default)} | ${cell(variable.production)} |`)
  return ['| variable | group | what it is | default | production |', '| --- | --- | --- | --- | --- |', ...rows].join('\n')
}

describe('docs/deploy.md', () => {
  it("lists every variable of the schema in its configuration table, as the schema says", () => {
    const doc = readFileSync(join(repoRoot, 'docs/deploy.md'), 'utf8')
    const table = /<!-- env-table:start[^>]*-->\n([\s\S]*?)\n<!-- env-table:end -->/.exec(doc)?.[1]
    expect(table, 'the table between the env-table markers, written from server/config/envSchema.mjs').toBe(configurationTable())
  })
})

describe('.env.example', () => {
  const { listed, assignments } = listedIn(envExample)
  const listedNames = new Set(listed.map((entry) => entry.name))

  it('lists the schema, in its order, each with the schema\'s words', () => {
    const expected = ENV_VARIABLES.filter((variable) => variable.group !== 'runtime')
    expect(listed.map((entry) => entry.name)).toEqual(expected.map(exampleName))
    for (const [index, variable] of expected.entries()) {
      const [what, ...rest] = listed[index]!.comments.filter((comment) => !/^---/.test(comment))
      expect(what, variable.name).toBe(variable.summary)
      expect(rest.map((line) => line.trim()).join(' '), variable.name).toBe(`default: ${variable.default}; production: ${variable.production}`)
    }
  })

  it('lists every variable the app reads', () => {
    const { names, prefixes } = appEnvReads()
    const missing = [...names]
      .filter(([name]) => !SET_BY_THE_RUNTIME.has(name) && !listedNames.has(name))
      .map(([name, files]) => `${name} (read in ${files.join(', ')})`)
    for (const [prefix, files] of prefixes) {
      if (![...listedNames].some((name) => new RegExp(`^${prefix}\\d+$`).test(name))) missing.push(`${prefix}<chainId> (read in ${files.join(', ')})`)
    }
    expect(missing, 'add each to .env.example, with its default and whether production needs it').toEqual([])
  })

  it('lists nothing the app no longer reads', () => {
    const { names, prefixes } = appEnvReads()
    const stale = [...listedNames].filter(
      (name) => !names.has(name) && !READ_BY_NODE.has(name) && ![...prefixes.keys()].some((prefix) => new RegExp(`^${prefix}\\d+$`).test(name)),
    )
    expect(stale).toEqual([])
  })

  it('lists each variable once, with what it does, its default and what production needs', () => {
    const seen = listed.map((entry) => entry.name)
    expect(seen.filter((name, index) => seen.indexOf(name) !== index), 'listed twice').toEqual([])
    for (const entry of listed) {
      const [what, ...rest] = entry.comments.filter((comment) => !/^---/.test(comment))
      expect(what, `${entry.name} (line ${entry.line}): a comment saying what it is`).toMatch(/\w/)
      expect(rest.join(' '), `${entry.name} (line ${entry.line})`).toMatch(/default: .+; production: \S/)
    }
  })

  it('sets nothing: npm run dev needs no variable, and a copy of the file changes nothing until a line is uncommented', () => {
    expect(assignments).toEqual([])
    expect(listed.length).toBeGreaterThan(20)
  })
})
