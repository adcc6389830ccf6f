import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { readEnv } from '@/server/config/env'

/**
 * The CSP hashes (`'sha256-…'`) of this build's own style sheets. `experimental.inlineCss`
 * (next.config.mjs) writes the page's CSS into the HTML as `<style data-precedence="next">`
 * elements, which React renders without the nonce; each one's text is exactly one of the build's
 * `.css` files, so `style-src-elem` allows those texts by hash and no other inline style.
 * Read once per process from `<distDir>/static`; none before a build (next dev serves its CSS as links).
 */
export function readBuildStyleHashes(staticDir: string): string[] {
  const hashes: string[] = []
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[]
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (entry.name.endsWith('.css')) hashes.push(`'sha256-${createHash('sha256').update(readFileSync(file)).digest('base64')}'`)
    }
  }
  walk(staticDir)
  return [...new Set(hashes)].sort()
}

let cached: string[] | undefined

/** This server's build (`NEXT_DIST_DIR`, else `.next`, as next.config.mjs), production only. */
export function buildStyleHashes(): string[] {
  cached ??= readBuildStyleHashes(path.join(process.cwd(), readEnv().distDir, 'static'))
  return cached
}
