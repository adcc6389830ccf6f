import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { BaseError } from '@/lib/errors/BaseError'

type Env = Record<string, string | undefined>

const MIN_SESSION_SECRET_LENGTH = 32
export const SESSION_SECRET_FILE = 'session-secret'

/** Raised at startup (first use) when the session secret is missing or too short. */
export class SessionSecretError extends BaseError {
  override name = 'SessionSecretError'
  override readonly code = 'session_secret_invalid'
}

/**
 * The secrets that seal session cookies, newest first: `SESSION_SECRET` is one secret or, while
 * rotating, a comma-separated list (each at least 32 characters; `openssl rand -base64 32` never
 * writes a comma). Cookies are sealed with the first and opened with any, so adding a new secret in
 * front keeps every session valid, and removing an old one ends the sessions it sealed.
 * Required in production. In development a random one is generated once and kept in the data
 * folder, so sessions survive restarts of `npm run dev` without any setup.
 */
export function resolveSessionSecrets(options: { env?: Env; dataDir: string }): string[] {
  const env = options.env ?? process.env
  const configured = env.SESSION_SECRET
  if (configured !== undefined && configured.trim() !== '') {
    const secrets = configured.split(',').map((secret) => secret.trim())
    secrets.forEach((secret, index) => {
      if (secret.length < MIN_SESSION_SECRET_LENGTH) {
        throw new SessionSecretError(
          `SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters long` +
            `${secrets.length > 1 ? ` (entry ${index + 1} of ${secrets.length}` : ' (it'} has ${secret.length}). ` +
            'Generate one with: openssl rand -base64 32',
        )
      }
    })
    return [...new Set(secrets)]
  }
  if (env.NODE_ENV === 'production') {
    throw new SessionSecretError(
      `SESSION_SECRET is required in production: set it to a random string of at least ${MIN_SESSION_SECRET_LENGTH} characters ` +
        '(e.g. openssl rand -base64 32). Every instance of the app must use the same one.',
    )
  }
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
