import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/*
 * The rules the code cites are in the repository. A comment that cites a rule points at the page of
 * docs/ that states it (`docs/connectors/lifecycle.md#connecting`), never at notes kept outside the
 * clone, which a newcomer cannot read. This test reads every source and documentation file and fails
 * on (a) a citation of those outside notes, (b) a cited docs/ page that does not exist and (c) a
 * cited `#anchor` that is not a heading of its page.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const thisFile = relative(repoRoot, fileURLToPath(import.meta.url)).split(sep).join('/')

const SOURCE_EXTENSIONS = /\.(?:ts|tsx|mjs|mts|js|css|sh|md)$/
/** Dependencies and what builds and test runs write (see .gitignore): not the project's text. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  '.git',
  '.next',
  'out',
  '.data',
  'test-results',
  'playwright-report',
  'coverage',
  'tests/artifacts',
  'lib/dist',
  'wallet-book/dist',
  'connectors/dist',
  'server/dist',
  'tests/kit/dist',
  '.packages',
])

/**
 * Lines that may name the folder beside the clone, each for a reason; matched by file and by the
 * line's exact text, so any other mention in the same file still fails.
 */
const ALLOWED_LINES: ReadonlyArray<{ file: string; line: string; why: string }> = [
  {
    file: '.ci/run',
    line: '# CI entry point: a clean clone (with ../shared beside it), run as root with CI=true and no stdin.',
    why: 'describes the CI machine the script runs on; nothing in the repository reads that folder',
  },
]

/** Every file to read, relative to the repository with forward slashes. */
function sourceFiles(dir: string = repoRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    const rel = relative(repoRoot, path).split(sep).join('/')
    // `.next-<name>/`: a second build beside `.next` (NEXT_DIST_DIR), git-ignored like it.
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) || SKIPPED_DIRS.has(rel) || entry.name.startsWith('.next-') ? [] : sourceFiles(path)
    if (!entry.isFile()) return []
    // .ci/ holds the CI entry point, a shell script without an extension.
    return SOURCE_EXTENSIONS.test(entry.name) || rel.startsWith('.ci/') ? [rel] : []
  })
}

/** The notes beside the clone, by name: `SPEC.md`, `REFERENCE §1`, `STYLE.md habit 3`, `the SPEC's`. */
const OUTSIDE_NOTE = /\b(?:SPEC|REFERENCE|STYLE|TESTING)\b(?:\.md\b)?/g
/**
 * A bare `§5`: a section of those notes, unless a standard or an issue is named just before it
 * (`RFC 9110 §9.2.1`, `WebAuthn L3 §5.1.3, §5.1.4`, `issue 12 §1`).
 */
const BARE_SECTION = /(?<!(?:RFC \d+|WebAuthn L\d|EIP-\d+|ERC-\d+|CAIP-\d+|issue \d+) ?|§[\d.]+, ?)§ ?\d/g
/** `../shared`, `../../shared`: fine when it is a folder of the repository (connectors/shared/). */
const SHARED_PATH = /(?:\.\.\/)+shared\b/g

interface Finding {
  file: string
  line: number
  text: string
}

function outsideCitations(file: string, text: string): Finding[] {
  const findings: Finding[] = []
  text.split('\n').forEach((line, index) => {
    if (ALLOWED_LINES.some((allowed) => allowed.file === file && allowed.line === line)) return
    const notes = [...line.matchAll(OUTSIDE_NOTE), ...line.matchAll(BARE_SECTION)].map((match) => match[0])
    const shared = [...line.matchAll(SHARED_PATH)]
      .map((match) => match[0])
      .filter((path) => {
        const target = resolve(repoRoot, dirname(file), path)
        const inside = target.startsWith(repoRoot + sep)
        return !inside || !existsSync(target) || !statSync(target).isDirectory()
      })
    for (const found of [...notes, ...shared]) findings.push({ file, line: index + 1, text: found })
  })
  return findings
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped, each space a hyphen. */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image shows its text
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-')
}

const anchorCache = new Map<string, Set<string>>()

/** The anchors of a Markdown file's headings, code blocks left out; repeated headings get -1, -2… */
function anchorsOf(path: string): Set<string> {
  const cached = anchorCache.get(path)
  if (cached) return cached
  const prose = readFileSync(path, 'utf8').replace(/^```[\s\S]*?^```/gm, '')
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const match of prose.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const slug = githubSlug(match[1]!)
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  anchorCache.set(path, anchors)
  return anchors
}

/** `docs/….md`, optionally with `#anchor`, cited from any file (a path from the repository's root). */
const DOCS_CITATION = /(?<![\w./-])(?:\.\.\/)*(docs\/[\w./-]*?\.md)(?:#([\w%-]+))?/g
/** A Markdown link to a relative `.md` file with an anchor (docs/ pages and READMEs link so). */
const MARKDOWN_LINK = /\[[^\]]*\]\(([^)\s#]+\.md)#([^)\s]+)\)/g

function brokenCitations(file: string, text: string): Finding[] {
  const findings: Finding[] = []
  const check = (line: number, shown: string, target: string, anchor: string | undefined) => {
    const inside = target.startsWith(repoRoot + sep)
    if (!inside || !existsSync(target) || !statSync(target).isFile()) {
      findings.push({ file, line, text: `${shown} (no such file)` })
    } else if (anchor !== undefined && !anchorsOf(target).has(decodeURIComponent(anchor))) {
      findings.push({ file, line, text: `${shown} (no heading with this anchor)` })
    }
  }
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(DOCS_CITATION)) {
      check(index + 1, match[0], join(repoRoot, match[1]!), match[2])
    }
    if (!file.endsWith('.md')) return
    for (const match of line.matchAll(MARKDOWN_LINK)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(match[1]!) || match[1]!.startsWith('/')) continue
      check(index + 1, match[0], resolve(repoRoot, dirname(file), match[1]!), match[2])
    }
  })
  return findings
}

const files = sourceFiles().filter((file) => file !== thisFile)
const texts = new Map(files.map((file) => [file, readFileSync(join(repoRoot, file), 'utf8')]))
const show = (findings: Finding[]) => findings.map(({ file, line, text }) => `${file}:${line}: ${text}`)

describe('citations of rules', () => {
  it('reads the repository’s source and docs', () => {
    expect(files).toContain('docs/README.md')
    expect(files).toContain('connectors/shared/familyConnector.ts')
    expect(files).toContain('.ci/run')
    expect(files.some((file) => file.startsWith('node_modules/'))).toBe(false)
  })

  it('never cites notes kept outside the repository', () => {
    const findings = files
      .flatMap((file) => outsideCitations(file, texts.get(file)!))
    expect(show(findings), 'cite the docs/ page that states the rule instead').toEqual([])
  })

  it('cites only docs pages that exist, and anchors that are headings of them', () => {
    const findings = files.flatMap((file) => brokenCitations(file, texts.get(file)!))
    expect(show(findings)).toEqual([])
  })

  it('computes anchors as GitHub does', () => {
    expect(githubSlug('No provider when an address is asked for')).toBe('no-provider-when-an-address-is-asked-for')
    expect(githubSlug('`injectedConfig[]`')).toBe('injectedconfig')
    expect(githubSlug('`disconnect` and `session_delete`')).toBe('disconnect-and-session_delete')
    expect(githubSlug('Sign-in API')).toBe('sign-in-api')
    expect(githubSlug('ENS and the page’s policy: images, styles')).toBe('ens-and-the-pages-policy-images-styles')
    expect(githubSlug('[Wallet families](x.md)')).toBe('wallet-families')
  })
})
