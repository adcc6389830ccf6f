import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { resolveSessionSecrets, SESSION_SECRET_FILE, SessionSecretError } from './secret'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})
function tempFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'sigil-secret-'))
  folders.push(folder)
  return path.join(folder, 'data')
}

describe('resolveSessionSecrets', () => {
  it('uses SESSION_SECRET when it has at least 32 characters', () => {
    const secret = 'x'.repeat(32)
    expect(resolveSessionSecrets({ env: { NODE_ENV: 'production', SESSION_SECRET: secret }, dataDir: tempFolder() })).toEqual([secret])
  })

  it('fails in production without SESSION_SECRET, saying what to set', () => {
    expect(() => resolveSessionSecrets({ env: { NODE_ENV: 'production' }, dataDir: tempFolder() })).toThrow(
      /SESSION_SECRET is required in production.*at least 32 characters/,
    )
  })

  it('fails for a SESSION_SECRET shorter than 32 characters in any environment', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => resolveSessionSecrets({ env: { NODE_ENV, SESSION_SECRET: 'short' }, dataDir: tempFolder() })).toThrow(SessionSecretError)
    }
  })

  it('generates a development secret once, keeps it in the data folder (mode 600) and reuses it', () => {
    const dataDir = tempFolder()
    const [first = ''] = resolveSessionSecrets({ env: { NODE_ENV: 'development' }, dataDir })
    expect(first.length).toBeGreaterThanOrEqual(32)
    const file = path.join(dataDir, SESSION_SECRET_FILE)
    expect(readFileSync(file, 'utf8')).toBe(first)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(resolveSessionSecrets({ env: { NODE_ENV: 'development' }, dataDir })).toEqual([first])
    expect(resolveSessionSecrets({ env: { NODE_ENV: 'development' }, dataDir: tempFolder() })).not.toEqual([first])
  })

  it('takes a comma-separated list for rotation, newest first, each of at least 32 characters', () => {
    const [newest, older] = ['n'.repeat(44), 'o'.repeat(32)]
    expect(resolveSessionSecrets({ env: { NODE_ENV: 'production', SESSION_SECRET: `${newest}, ${older}` }, dataDir: tempFolder() })).toEqual([newest, older])
    expect(() => resolveSessionSecrets({ env: { NODE_ENV: 'production', SESSION_SECRET: `${newest},short` }, dataDir: tempFolder() })).toThrow(/entry 2 of 2 has 5/)
    expect(() => resolveSessionSecrets({ env: { NODE_ENV: 'production', SESSION_SECRET: `${newest},` }, dataDir: tempFolder() })).toThrow(SessionSecretError)
  })

  it('refuses a development secret file that is too short rather than using it', () => {
    const dataDir = tempFolder()
    resolveSessionSecrets({ env: {}, dataDir })
    writeFileSync(path.join(dataDir, SESSION_SECRET_FILE), 'short')
    expect(() => resolveSessionSecrets({ env: {}, dataDir })).toThrow(/delete it to generate a new one/)
  })
})
