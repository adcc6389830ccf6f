/**
 * A package's build, the step tsc cannot do: copies the package's files whose names end with one of
 * the given endings into dist/, each beside the compiled modules of its folder. Run from the
 * package's folder (`npm run build --workspace <floor>` runs there), e.g.
 * `node ../lib/scripts/copyIntoDist.mjs .module.css` for the connectors' CSS modules, or
 * `… .mjs .d.mts` for the server's plain JavaScript modules and their declarations.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'

const endings = process.argv.slice(2)
if (endings.length === 0 || endings.some((ending) => !ending.startsWith('.'))) {
  console.error('usage: node copyIntoDist.mjs .ending [.ending…]  (run from the package folder)')
  process.exit(2)
}

const root = process.cwd()
// A package's folder: run from anywhere else, the walk would copy another tree.
if (!existsSync(path.join(root, 'package.json')) || !existsSync(path.join(root, 'tsconfig.build.json'))) {
  console.error(`copyIntoDist: ${root} is not a package folder with a tsconfig.build.json; run it from the package's build script`)
  process.exit(2)
}
const skipped = new Set(['dist', 'node_modules', 'scripts'])

function copyInto(folder) {
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const file = path.join(folder, entry.name)
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) copyInto(file)
    } else if (endings.some((ending) => entry.name.endsWith(ending))) {
      mkdirSync(path.join(root, 'dist', folder), { recursive: true })
      copyFileSync(path.join(root, file), path.join(root, 'dist', file))
    }
  }
}

copyInto('')
