import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { families } from './families'
import { manifests } from './manifests'

const importsOf = (file: string) => [...readFileSync(path.join(process.cwd(), 'connectors', file), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1]!)

describe('the server registry of manifests', () => {
  it('lists the families of the browser registry, by the same ids, in the same order', () => {
    expect(manifests.map((manifest) => manifest.id)).toEqual(families.map((family) => family.id))
  })

  it('is server-safe: a manifest imports lib/, its own egress declaration and the manifest type, nothing else', () => {
    for (const folder of ['injected', 'walletConnect', 'coinbaseSmartWallet', 'embedded']) {
      const imports = importsOf(`${folder}/manifest.ts`)
      expect(imports.every((specifier) => specifier.startsWith('@/lib/') || specifier === './egress' || specifier === './messages' || specifier.endsWith('shared/manifest')), `${folder}: ${imports.join(', ')}`).toBe(true)
    }
    expect(importsOf('shared/manifest.ts').every((specifier) => specifier.startsWith('@/lib/'))).toBe(true)
  })

  it('gives each catalogue section and each error code to one family only', () => {
    const sections = manifests.flatMap((manifest) => Object.keys(manifest.messages.sections))
    expect(new Set(sections).size).toBe(sections.length)
    const codes = manifests.flatMap((manifest) => Object.values(manifest.messages.sections).flatMap((section) => Object.keys(section.errors ?? {})))
    expect(new Set(codes).size).toBe(codes.length)
  })
})
