/**
 * The package's build, last step: the panels' CSS modules next to the modules that import them in
 * dist/ (tsc copies no stylesheet). Run by `npm run build --workspace connectors`.
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const skipped = new Set(['dist', 'node_modules', 'scripts'])

function copyStyles(folder) {
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const file = path.join(folder, entry.name)
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) copyStyles(file)
    } else if (entry.name.endsWith('.module.css')) {
      mkdirSync(path.join(root, 'dist', folder), { recursive: true })
      copyFileSync(path.join(root, file), path.join(root, 'dist', file))
    }
  }
}

copyStyles('')
