/**
 * The build's first-load budget, for CI (`npm test` runs it after `next build`): exits 1 when the
 * first-load JS of any page grows past `BUDGETS.firstLoadJsGzipBytes`. It reads Next's build
 * diagnostics and gzips the listed chunks, so it is deterministic: no server, no browser, no timing.
 *   npx tsx tests/bench/checkBudget.ts
 */
import path from 'node:path'
import { checkFirstLoadBudget } from './budgets'

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
