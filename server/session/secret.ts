import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import { envOf, SessionSecretError, type EnvInput } from '@/server/config/env'
import { MIN_SESSION_SECRET_LENGTH } from '@/server/config/envSchema.mjs'

export { SessionSecretError }
export const SESSION_SECRET_FILE = 'session-secret'

/**
 * The secrets that seal session cookies, newest first: `SESSION_SECRET` is one secret or, while
 * rotating, a comma-separated list (each at least 32 characters; `openssl rand -base64 32` never
 * writes a comma). Cookies are sealed with the first and opened with any, so adding a new secret in
 * front keeps every session valid, and removing an old one ends the sessions it sealed.
 * Required in production. In development a random one is generated once and kept in the data
 * folder, so sessions survive restarts of `npm run dev` without any setup.
 */
export function resolveSessionSecrets(options: { env?: EnvInput; dataDir: string }): string[] {
  // The rules (32+ characters each, required in production) are the reader's: server/config/env.ts.
  const configured = envOf(options.env).sessionSecrets
  if (configured) return [...configured]
  return [developmentSecret(options.dataDir)]
}

function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE)
  const existing = readSecretFile(file)
  if (existing) return existing
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  try {
    // 'wx': if another process wrote one meanwhile, use theirs rather than overwrite it.
    writeFileSync(file, secret, { flag: 'wx', mode: 0o600 })
    return secret
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const theirs = readSecretFile(file)
    if (!theirs) throw new SessionSecretError(`The development session secret in ${file} is unreadable or too short; delete it to generate a new one.`)
    return theirs
  }
}

function readSecretFile(file: string): string | null {
  try {
    const value = readFileSync(file, 'utf8').trim()
    return value.length >= MIN_SESSION_SECRET_LENGTH ? value : null
  } catch {
    return null
  }
}
