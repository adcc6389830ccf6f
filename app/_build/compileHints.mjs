import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'

/**
 * V8's explicit compile hint (Chrome 136+): a script that starts with this comment has all its
 * functions compiled eagerly, on the background thread that compiles the script while it downloads,
 * instead of each one on the main thread the first time it is called. Other engines read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * The scripts every page loads before it can hydrate: Next's root main files (React DOM, the
 * router, the bundler's runtime) and each app page's entry chunks, as the build's manifests list them
 * (the same lists Next's own first-load figures read). Paths relative to `distDir`, sorted.
 */
export function firstLoadScripts(distDir) {
  distDir = path.resolve(distDir)
  const files = new Set()
  const buildManifest = path.join(distDir, 'build-manifest.json')
  if (existsSync(buildManifest)) {
    for (const file of JSON.parse(readFileSync(buildManifest, 'utf8')).rootMainFiles ?? []) files.add(file)
  }
  for (const manifest of clientReferenceManifests(path.join(distDir, 'server', 'app'))) {
    // Each manifest is a script that sets `globalThis.__RSC_MANIFEST`: run it in a context of its own
    // (not `require`, whose cache Next's own first-load figures read the same files through).
    const context = vm.createContext({})
    vm.runInContext(readFileSync(manifest, 'utf8'), context, { filename: manifest })
    for (const entry of Object.values(context.__RSC_MANIFEST ?? {})) {
      for (const chunks of Object.values(entry.entryJSFiles ?? {})) for (const file of chunks) files.add(file)
    }
  }
  return [...files].filter((file) => file.endsWith('.js')).sort()
}

/** Every `page_client-reference-manifest.js` under the build's server app folder. */
function clientReferenceManifests(folder) {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'page_client-reference-manifest.js')
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * Puts the compile hint at the top of every first-load script of a finished production compile
 * (`next.config.mjs`'s `runAfterProductionCompile`). Chunks loaded later (the connect dialog, the
 * wallet SDKs) stay lazily compiled: most of their functions never run. Idempotent. Returns the
 * scripts it changed.
 */
export function addCompileHints(distDir) {
  const changed = []
  for (const file of firstLoadScripts(distDir)) {
    const target = path.join(distDir, file)
    if (!existsSync(target)) continue
    const source = readFileSync(target, 'utf8')
    if (source.startsWith(COMPILE_HINT)) continue
    writeFileSync(target, COMPILE_HINT + source)
    changed.push(file)
  }
  return changed
}
