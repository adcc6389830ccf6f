import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routeByHost, VAULT_ROUTES } from '@sigil/server/http/vaultRouting'
import { prebuiltModule, VAULT_CHUNK_PATTERN } from '@/connectors/scripts/vaultBundle.mjs'
import type { PrebuiltVaultScript } from '@sigil/connectors/embedded/vault/prebuilt'
import { readVaultBundle, writeVaultBundle, type VaultBundle } from './vaultBundle.mjs'

const root = path.resolve(__dirname, '..', '..')
const distDir = mkdtempSync(path.join(tmpdir(), 'sigil-vault-bundle-'))
let bundle: VaultBundle

beforeAll(async () => {
  bundle = await writeVaultBundle(distDir, root)
}, 60_000)
afterAll(() => rmSync(distDir, { recursive: true, force: true }))

describe('the vault page’s script', () => {
  it('leaves the clear-signing tables and the BIP-39 word list to chunks it imports on demand', () => {
    // The tables' own words and the word list's: none in the page's script, each in one chunk.
    const markers = { clear: 'transfer(address,uint256)', words: 'abandon' }
    for (const [name, marker] of Object.entries(markers)) {
      expect(bundle.code).not.toContain(marker)
      const holders = Object.entries(bundle.chunks).filter(([, code]) => code.includes(marker)).map(([file]) => file)
      expect(holders).toHaveLength(1)
      expect(holders[0]).toMatch(new RegExp(`^vault-${name}-`))
    }
  })

  it('imports each chunk by its hashed name beside it, and every name it imports is in the build', () => {
    const imported = [...bundle.code.matchAll(/import\("\.\/([^"]+)"\)/g)].map((match) => match[1]!)
    expect(imported.sort()).toEqual(Object.keys(bundle.chunks).sort())
    for (const name of imported) expect(name).toMatch(VAULT_CHUNK_PATTERN)
    // No bare specifier or other `import(` is left for the browser to fail on.
    expect(bundle.code.match(/import\(/g)).toHaveLength(imported.length)
  })

  it('names every chunk so that the vault’s host routes it to the chunk route (the two rules agree)', () => {
    // The build's pattern and the proxy's routing regex are written twice (the proxy cannot import
    // the build module): a name one accepts and the other refuses would be a chunk never served.
    const vaultOrigin = 'https://wallet.example'
    expect(Object.keys(bundle.chunks).length).toBeGreaterThan(0)
    for (const name of Object.keys(bundle.chunks)) {
      expect(routeByHost({ host: 'wallet.example', pathname: `/${name}`, vaultOrigin })).toEqual({ kind: 'vault', rewrite: `${VAULT_ROUTES.script}/${name}` })
    }
  })

  it('is written with its chunks and read back the same', () => {
    expect(readdirSync(path.join(distDir, 'vault')).sort()).toEqual(['manifest.json', 'vault.js', ...Object.keys(bundle.chunks)].sort())
    const read = readVaultBundle(distDir, root)!
    expect(read.sha256).toBe(bundle.sha256)
    expect(read.chunks).toEqual(bundle.chunks)
  })

  it('is what the connectors’ package ships prebuilt: the same bytes, hash and chunks, as a module of strings', async () => {
    // The package's build writes this module over its sources' stand-in (connectors/scripts/vaultBundle.mjs).
    const file = path.join(distDir, 'prebuilt.mjs')
    writeFileSync(file, prebuiltModule(bundle))
    const { prebuiltVaultScript } = (await import(pathToFileURL(file).href)) as { prebuiltVaultScript: PrebuiltVaultScript }
    expect(prebuiltVaultScript.code).toBe(bundle.code)
    expect(prebuiltVaultScript.sha256).toBe(bundle.sha256)
    expect({ ...prebuiltVaultScript.chunks }).toEqual(bundle.chunks)
    expect(Object.isFrozen(prebuiltVaultScript) && Object.isFrozen(prebuiltVaultScript.chunks)).toBe(true)
  })
})
