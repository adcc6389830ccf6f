/**
 * The test kit's build, last step. The fixtures run as CommonJS under Playwright's loader and use
 * `__dirname` / `__filename` (where `import.meta` would be a syntax error); the package is ESM, so
 * each compiled module that uses them gets them from `import.meta` (Node 20.11 and later). The
 * smart wallet's Solidity source goes beside its module, which reads it at run time.
 */
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const kit = path.resolve(import.meta.dirname, '..')
const dist = path.join(kit, 'dist')

function modules(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name)
    return entry.isDirectory() ? modules(file) : entry.name.endsWith('.js') ? [file] : []
  })
}

for (const file of modules(dist)) {
  const text = readFileSync(file, 'utf8')
  const lines = [
    /\b__dirname\b/.test(text) ? 'const __dirname = import.meta.dirname;' : undefined,
    /\b__filename\b/.test(text) ? 'const __filename = import.meta.filename;' : undefined,
  ].filter(Boolean)
  if (lines.length > 0) writeFileSync(file, `${lines.join('\n')}\n${text}`)
}

copyFileSync(path.join(kit, '..', 'fixtures', 'contracts', 'SmartWallet.sol'), path.join(dist, 'contracts', 'SmartWallet.sol'))
