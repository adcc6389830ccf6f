import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The route factories take their configuration as arguments (issue 43; docs/architecture.md
 * "Configuration as arguments"): `createAuthRoutes` and `createEmbeddedRoutes` are handed their
 * config, store, clock and client-address function by their caller, and nothing they run reads the
 * environment or the deployment's `sigil.config.ts`. The wiring that reads both for this app
 * (server/siwe/server.ts, server/embedded/server.ts) is the host's part.
 *
 * Checked on the modules each factory loads when it runs: every import that stays in the JavaScript
 * (`import type` and type-only names are erased, so they do not count), followed through the
 * project's own files. None may be the environment's reader, the server's configuration module or
 * the `@sigil/config` alias, nor name `process.env` itself.
 */
const root = process.cwd()

/** What a factory must not reach, with the reason a reader of a failure needs. */
const forbidden: Record<string, string> = {
  'server/config/env.ts': 'the environment reader',
  'server/config/server.ts': 'the deployment configuration read from the environment',
  'server/config/sigilConfig.ts': 'the deployment file read through @sigil/config',
  'server/config/readOncePerProcess.ts': 'the per-process configuration cache',
}

function resolve(from: string, specifier: string): string | undefined {
  if (specifier === '@sigil/config') return '@sigil/config'
  const byName = /^@sigil\/(lib|wallet-book|connectors)\/(.+)$/.exec(specifier)
  const base = byName ? path.join(root, byName[1]!, byName[2]!) : specifier.startsWith('@/') ? path.join(root, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : undefined
  if (!base) return undefined
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(root, candidate)
  }
  return undefined
}

/** The specifiers a module imports at run time: type-only imports and re-exports left out. */
export function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const typeOnly = clause?.isTypeOnly || (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly))
      if (!typeOnly) found.push(node.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      found.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Every module `entry` loads, with the chain of imports that reaches each (for the failure's message). */
function reached(entry: string): Map<string, string[]> {
  const paths = new Map<string, string[]>([[entry, [entry]]])
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.shift()!
    if (file === '@sigil/config') continue
    for (const specifier of runtimeImports(file, readFileSync(path.join(root, file), 'utf8'))) {
      const next = resolve(path.join(root, file), specifier)
      if (!next || paths.has(next)) continue
      paths.set(next, [...paths.get(file)!, next])
      queue.push(next)
    }
  }
  return paths
}

describe('the route factories take their configuration as arguments', () => {
  for (const entry of ['server/siwe/routes.ts', 'server/embedded/routes.ts', 'server/embedded/vaultPage.ts']) {
    it(`${entry} reaches neither the environment nor the deployment file`, () => {
      const modules = reached(entry)
      expect(modules.size).toBeGreaterThan(10)
      const problems: string[] = []
      for (const [module, chain] of modules) {
        if (forbidden[module]) problems.push(`${chain.join(' → ')}: ${forbidden[module]}`)
        else if (module === '@sigil/config') problems.push(`${chain.join(' → ')}: the deployment file`)
        else if (/\bprocess\.env\b/.test(readFileSync(path.join(root, module), 'utf8'))) problems.push(`${chain.join(' → ')}: reads process.env`)
      }
      expect(problems).toEqual([])
    })
  }

  it('the check sees through a value import and leaves a type-only one out', () => {
    const text = [
      "import type { A } from './typeOnly'",
      "import { type B } from './namedTypeOnly'",
      "import { c, type D } from './mixed'",
      "export type { E } from './reexportedType'",
      "export { f } from './reexported'",
      "import './sideEffect'",
      "const g = () => import('./lazy')",
    ].join('\n')
    expect(runtimeImports('probe.ts', text)).toEqual(['./mixed', './reexported', './sideEffect', './lazy'])
    // And the walk finds the wiring's own reads, which is what it guards the factories against.
    expect([...reached('server/siwe/server.ts').keys()]).toEqual(expect.arrayContaining(['server/config/env.ts', 'server/config/sigilConfig.ts', '@sigil/config']))
  })
})
