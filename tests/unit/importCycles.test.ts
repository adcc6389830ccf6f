import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No two modules import each other in a circle (issues 13 and 43): every import and re-export of the
 * product's own files (app, connectors, wallet-book, lib, server, proxy.ts), type-only ones and lazy
 * `import()`s included, as a graph; any strongly connected part larger than one file is a circle.
 * A lazy import back into the chunk that loaded you is a circle too: it ties the two chunks (and the
 * packages they become) to each other. The runtime's chunk reaches its own lazy views through a
 * registry that imports nothing (react/components/runtimeViews.ts) instead.
 */
const root = process.cwd()
const folders = ['app', 'react', 'connectors', 'wallet-book', 'lib', 'server']

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const file = path.join(folder, entry)
    if (statSync(file).isDirectory()) return entry === 'node_modules' || entry === 'dist' ? [] : sourceFiles(file)
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [file] : []
  })
}

function resolve(from: string, specifier: string): string | undefined {
  // The floors that are packages are imported by name (`@sigil/lib/…`): their folders here.
  const byName = /^@sigil\/(lib|wallet-book|connectors|react|server)\/(.+)$/.exec(specifier)
  const base = byName ? path.join(root, byName[1]!, byName[2]!) : specifier.startsWith('@/') ? path.join(root, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : undefined
  if (!base) return undefined
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(root, candidate)
  }
  return undefined
}

function importGraph(): Map<string, string[]> {
  const files = [...folders.flatMap((folder) => sourceFiles(folder)), 'proxy.ts']
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    const specifiers = [
      ...[...text.matchAll(/^\s*(?:import|export)\s[^;'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)].map((match) => match[1] ?? match[2]!),
      ...[...text.matchAll(/\bimport\(\s*(?:\/\*[^*]*\*\/\s*)?['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1]!),
    ]
    graph.set(file, [...new Set(specifiers.flatMap((specifier) => resolve(path.join(root, file), specifier) ?? []))])
  }
  return graph
}

/** Tarjan's strongly connected components, keeping those of two files or more. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0
  const stack: string[] = []
  const onStack = new Set<string>()
  const indices = new Map<string, number>()
  const lowest = new Map<string, number>()
  const found: string[][] = []
  const visit = (node: string) => {
    indices.set(node, index)
    lowest.set(node, index)
    index += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next)
        lowest.set(node, Math.min(lowest.get(node)!, lowest.get(next)!))
      } else if (onStack.has(next)) lowest.set(node, Math.min(lowest.get(node)!, indices.get(next)!))
    }
    if (lowest.get(node) === indices.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!indices.has(node)) visit(node)
  return found
}

describe('imports', () => {
  it('form no circle', () => {
    const graph = importGraph()
    expect(graph.size).toBeGreaterThan(200)
    expect([...graph.values()].flat().length, 'the import scan finds edges').toBeGreaterThan(500)
    expect(circles(graph)).toEqual([])
  })

  it('the check finds a circle when there is one', () => {
    expect(circles(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]))).toEqual([['a.ts', 'b.ts', 'c.ts']])
  })
})
