/**
 * The package's build, last step: the plain JavaScript modules (`.mjs`, with their `.d.mts`
 * declarations) next to the compiled ones in dist/. tsc compiles only the TypeScript; these are
 * written as JavaScript because `next.config.mjs` loads them unbundled, before any build. Run by
 * `npm run build --workspace server`.
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const skipped = new Set(['dist', 'node_modules', 'scripts'])

function copyModules(folder) {
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const file = path.join(folder, entry.name)
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) copyModules(file)
    } else if (entry.name.endsWith('.mjs') || entry.name.endsWith('.d.mts')) {
      mkdirSync(path.join(root, 'dist', folder), { recursive: true })
      copyFileSync(path.join(root, file), path.join(root, 'dist', file))
    }
  }
}

copyModules('')
