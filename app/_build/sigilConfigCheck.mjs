import { existsSync } from 'node:fs'
import path from 'node:path'

/**
 * Where `@sigil/config` points (lib/config/sigilConfig.ts): `SIGIL_CONFIG` (a path from the project's
 * root) when set, else `sigil.config.ts` at the root when the project has one, else the empty
 * default. A `SIGIL_CONFIG` that names no file is an error: a deployment that meant a file must not
 * silently run with none.
 */
export function sigilConfigPath(root, env) {
  if (env.SIGIL_CONFIG) {
    const named = path.resolve(root, env.SIGIL_CONFIG)
    if (!existsSync(named)) throw new Error(`SIGIL_CONFIG names ${env.SIGIL_CONFIG}, which does not exist.`)
    // The bundler compiles only what is inside the project.
    if (path.relative(root, named).startsWith('..')) throw new Error(`SIGIL_CONFIG names ${env.SIGIL_CONFIG}, outside the project: the file must be inside it.`)
    return named
  }
  const file = path.join(root, 'sigil.config.ts')
  return existsSync(file) ? file : path.join(root, 'lib', 'config', 'noSigilConfig.ts')
}

/** The same as a path from the root, as Turbopack's `resolveAlias` takes it. */
export function sigilConfigAlias(root, env) {
  return `./${path.relative(root, sigilConfigPath(root, env)).split(path.sep).join('/')}`
}

const ENTRY = `
import { appSigilConfig } from '@/app/_config/sigilConfig'
export const check = (source) => appSigilConfig(source)
`

/**
 * Checks the configuration file by the app's own rules (lib/config/sigilConfig.ts, against the
 * catalogue app/_config/sigilConfig.ts builds: the chains, families, wallet book and sentences), as
 * `next build`, `next dev` and `next start` begin (next.config.mjs). The file and the rules are
 * bundled by esbuild and run here. Throws an Error whose message lists every bad field.
 */
export async function checkSigilConfigFile(root, env) {
  const file = sigilConfigPath(root, env)
  const { build } = await import('esbuild')
  let code
  try {
    const result = await build({
      stdin: { contents: ENTRY, resolveDir: root, loader: 'ts', sourcefile: 'sigil-config-check.ts' },
      absWorkingDir: root,
      tsconfig: path.join(root, 'tsconfig.json'),
      alias: { '@sigil/config': file },
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    })
    code = result.outputFiles[0].text
  } catch (error) {
    throw new Error(`${path.relative(root, file)} could not be read: ${error.errors?.map((e) => e.text).join('; ') ?? error.message}`)
  }
  const { check } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)
  return check(path.relative(root, file))
}
