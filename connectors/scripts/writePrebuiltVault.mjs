import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildVaultBundle, prebuiltModule } from './vaultBundle.mjs'

/**
 * The package's build, last step (`node scripts/writePrebuiltVault.mjs [file]`, in this folder):
 * writes the vault's script, bundled and minified, over tsc's stand-in for
 * embedded/vault/prebuilt.ts (by default `dist/embedded/vault/prebuilt.js`).
 */
const file = path.resolve(process.argv[2] ?? 'dist/embedded/vault/prebuilt.js')
const bundle = await buildVaultBundle({ production: true })
writeFileSync(file, prebuiltModule(bundle))
const chunkBytes = Object.values(bundle.chunks).reduce((sum, code) => sum + code.length, 0)
console.log(`${path.relative(process.cwd(), file)}: the vault's script ${bundle.code.length} B and ${Object.keys(bundle.chunks).length} chunks ${chunkBytes} B, sha256 ${bundle.sha256.slice(0, 16)}…`)
