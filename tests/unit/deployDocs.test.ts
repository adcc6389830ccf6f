import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const repoRoot = join(import.meta.dirname, '..', '..')

/**
 * docs/deploy.md shows the nginx configuration of docs/deploy/nginx.conf, the one file the
 * deployment e2e runs (tests/e2e/deploymentShape.spec.ts): what an operator copies is what was tested.
 */
describe('docs/deploy.md', () => {
  it('shows docs/deploy/nginx.conf verbatim', () => {
    const doc = readFileSync(join(repoRoot, 'docs/deploy.md'), 'utf8')
    const shown = /<!-- nginx:start[^>]*-->\n```nginx\n([\s\S]*?)```\n<!-- nginx:end -->/.exec(doc)?.[1]
    expect(shown, 'the nginx block between the nginx markers').toBe(readFileSync(join(repoRoot, 'docs/deploy/nginx.conf'), 'utf8'))
  })
})
