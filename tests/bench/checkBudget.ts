/**
 * The build's JS budgets, for CI (`npm test` runs it after `next build`): exits 1 when the first-load
 * JS of any page grows past `BUDGETS.firstLoadJsGzipBytes`, or the embedded wallet's vault page's
 * script (`<distDir>/vault/vault.js`, bundled apart from Next) past `BUDGETS.vaultPageJsGzipBytes`,
 * or when either is missing from the build. It reads Next's build diagnostics and the vault's script
 * and gzips them (-9), so it is deterministic: no server, no browser, no timing.
 *   npx tsx tests/bench/checkBudget.ts
 */
import path from 'node:path'
import { BUDGETS, checkFirstLoadBudget, checkVaultBudget } from './budgets'

const root = path.resolve(__dirname, '..', '..')
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next')
const results = checkFirstLoadBudget(root, distDir)
if (!results) {
  console.error(`No build to check: ${path.relative(root, distDir)}/diagnostics/route-bundle-stats.json is missing (run \`next build\`).`)
  process.exitCode = 1
} else if (results.length === 0) {
  // An empty list would pass every budget: a build step that broke Next's own figures must fail here.
  console.error(`No page in ${path.relative(root, distDir)}/diagnostics/route-bundle-stats.json lists its first-load chunks.`)
  process.exitCode = 1
} else {
  for (const result of results) {
    console.log(`${result.ok ? 'ok  ' : 'OVER'} ${result.route}: first-load JS ${result.gzipBytes} bytes gzip, budget ${result.budget}`)
  }
  if (results.some((result) => !result.ok)) process.exitCode = 1
}

// The vault page (the embedded wallet's own origin): a script of its own, no Next chunks.
const vault = checkVaultBudget(root, distDir)
if (!vault) {
  // A build without it serves no embedded wallet: that must fail here, not pass as "nothing to weigh".
  console.error(`MISSING vault page: ${path.relative(root, distDir)}/vault/vault.js is not in the build (next build writes it; budget ${BUDGETS.vaultPageJsGzipBytes} bytes gzip).`)
  process.exitCode = 1
} else {
  const lazy = Object.entries(vault.lazyGzipBytes).map(([name, bytes]) => `${name} ${bytes}`).join(', ')
  console.log(`${vault.ok ? 'ok  ' : 'OVER'} vault page: JS ${vault.gzipBytes} bytes gzip (${vault.rawBytes} raw, ${vault.file}), budget ${vault.budget}; on demand: ${lazy || 'none'}`)
  if (!vault.ok) process.exitCode = 1
}
