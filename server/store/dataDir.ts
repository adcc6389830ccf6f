import path from 'node:path'

type Env = Record<string, string | undefined>

/** The data folder: `DATA_DIR`, default `.data/` in the working directory (git-ignored). */
export function dataDir(env: Env = process.env): string {
  return path.resolve(env.DATA_DIR?.trim() || '.data')
}
