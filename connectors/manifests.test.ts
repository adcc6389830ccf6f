import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENV_VARIABLES } from '@sigil/server/config/envSchema.mjs'
import { families } from './families'
import { manifests } from './manifests'
import { familySettings } from './settings'

const importsOf = (file: string) => [...readFileSync(path.join(process.cwd(), 'connectors', file), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1]!)

/** What `file` of `folder` imports, directly or through its folder's modules, that is neither lib/ nor its folder. */
function impureImports(folder: string, file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return []
  seen.add(file)
  return importsOf(`${folder}/${file}`).flatMap((specifier) => {
    if (specifier.startsWith('@sigil/lib/')) return []
    if (/^\.\/[\w.]+$/.test(specifier)) return impureImports(folder, `${specifier.slice(2)}.ts`, seen)
    return [`${file}: ${specifier}`]
  })
}

describe('the server registry of manifests', () => {
  it('lists the families of the browser registry, by the same ids, in the same order', () => {
    expect(manifests.map((manifest) => manifest.id)).toEqual(families.map((family) => family.id))
  })

  it('is server-safe: a manifest imports lib/, its own id, egress, messages and settings modules and the manifest type, nothing else', () => {
    for (const folder of ['injected', 'walletConnect', 'coinbaseSmartWallet', 'embedded']) {
      const imports = importsOf(`${folder}/manifest.ts`)
      expect(imports.every((specifier) => specifier.startsWith('@sigil/lib/') || specifier === './id' || specifier === './egress' || specifier === './messages' || specifier === './settings' || specifier.endsWith('shared/manifest')), `${folder}: ${imports.join(', ')}`).toBe(true)
    }
    expect(importsOf('shared/manifest.ts').every((specifier) => specifier.startsWith('@sigil/lib/'))).toBe(true)
    // A settings parser is pure: lib/ and its own folder's modules that are themselves pure (it runs in
    // the composition roots, never in the page).
    for (const folder of ['walletConnect', 'coinbaseSmartWallet']) expect(impureImports(folder, 'settings.ts'), folder).toEqual([])
  })

  it('declares only variables the environment’s schema lists (its docs, .env.example and the reader’s change detection follow it)', () => {
    const listed = new Set(ENV_VARIABLES.map((variable) => variable.name))
    expect(familySettings.variables.filter((name) => !listed.has(name))).toEqual([])
    expect(familySettings.variables).toEqual(['WALLETCONNECT_PROJECT_ID', 'NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID', 'WALLETCONNECT_RELAY_URL', 'COINBASE_KEYS_URL', 'COINBASE_PREFERENCE'])
  })

  it('gives each catalogue section and each error code to one family only', () => {
    const sections = manifests.flatMap((manifest) => Object.keys(manifest.messages.sections))
    expect(new Set(sections).size).toBe(sections.length)
    const codes = manifests.flatMap((manifest) => Object.values(manifest.messages.sections).flatMap((section) => Object.keys(section.errors ?? {})))
    expect(new Set(codes).size).toBe(codes.length)
  })
})
