import { envOf, type EnvInput } from '@/server/config/env'

/** The data folder: `DATA_DIR`, default `.data/` in the working directory (git-ignored). */
export function dataDir(input?: EnvInput): string {
  return envOf(input).dataDir
}
