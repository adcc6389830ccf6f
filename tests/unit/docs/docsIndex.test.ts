import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const docsRoot = join(repoRoot, 'docs')

/** Every Markdown file under docs/, as a path relative to docs/ with forward slashes. */
function markdownFiles(dir: string = docsRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return markdownFiles(path)
    return entry.isFile() && entry.name.endsWith('.md') ? [relative(docsRoot, path).split(sep).join('/')] : []
  })
}

/** The targets of a page's Markdown links, code blocks and inline code left out (they show paths, not links). */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
  return [...prose.matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!)
}

/** A link to another file of the repository: not a URL with a scheme, not an anchor on the same page. */
function isRelativeLink(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#') && !target.startsWith('/')
}

const pages = markdownFiles()

describe('docs/', () => {
  it('has pages to check, and an index', () => {
    expect(pages).toContain('README.md')
    expect(pages.length).toBeGreaterThan(10)
  })

  it('lists every page in docs/README.md', () => {
    const index = readFileSync(join(docsRoot, 'README.md'), 'utf8')
    const listed = new Set(linkTargets(index).filter(isRelativeLink).map((target) => target.split('#')[0]))
    const missing = pages.filter((page) => page !== 'README.md' && !listed.has(page))
    expect(missing, 'pages not linked from docs/README.md').toEqual([])
  })

  it.each(pages)('resolves every relative link of %s to a file in the repository', (page) => {
    const from = dirname(join(docsRoot, page))
    const broken = linkTargets(readFileSync(join(docsRoot, page), 'utf8'))
      .filter(isRelativeLink)
      .filter((target) => {
        const path = resolve(from, decodeURIComponent(target.split('#')[0]!.split('?')[0]!))
        const inside = path === repoRoot || path.startsWith(repoRoot + sep)
        return !inside || !existsSync(path) || !statSync(path).isFile()
      })
    expect(broken, `broken links in docs/${page}`).toEqual([])
  })
})
