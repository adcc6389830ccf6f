import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createSigilConfig } from '@sigil/react/wagmi/createSigilConfig'

/**
 * next.config.mjs aliases two of wagmi's imports to stubs that throw (stubs/wagmi): `mipd` and
 * createConfig's `./connectors/injected.js`. That is only sound while wagmi imports them under those
 * names and calls them only for its own EIP-6963 discovery, which Sigil turns off. A wagmi upgrade
 * that changes either fails here instead of shipping a page that throws.
 */
describe('the wagmi aliases of next.config.mjs', () => {
  const require = createRequire(import.meta.url)
  const createConfigFile = path.join(path.dirname(require.resolve('@wagmi/core')), '..', 'createConfig.js')
  const source = readFileSync(createConfigFile, 'utf8')

  it('match the requests wagmi’s createConfig makes', () => {
    expect(source).toMatch(/from 'mipd'/)
    expect(source).toMatch(/from '\.\/connectors\/injected\.js'/)
    const config = readFileSync(path.join(process.cwd(), 'next.config.mjs'), 'utf8')
    expect(config).toContain("mipd: './stubs/wagmi/mipd.js'")
    expect(config).toContain("'./connectors/injected.js': './stubs/wagmi/wagmiInjected.js'")
  })

  it('are only reached through multiInjectedProviderDiscovery, which Sigil turns off', () => {
    // Every use of the two imports sits behind the `mipd` store that discovery creates.
    expect(source).toMatch(/multiInjectedProviderDiscovery\s*\n?\s*\?\s*createMipd\(\)/)
    const config = createSigilConfig({ chainIds: [1], rpcUrls: {}, walletConnectProjectId: '', appOrigins: ['http://localhost:3000'] })
    expect(config._internal.mipd).toBeUndefined()
  })

  it('stubs throw when called, so an unexpected use cannot pass silently', async () => {
    // @ts-expect-error plain JavaScript stubs without type declarations
    const { createStore } = await import('./mipd.js')
    // @ts-expect-error plain JavaScript stubs without type declarations
    const { injected } = await import('./wagmiInjected.js')
    expect(() => createStore()).toThrow(/multiInjectedProviderDiscovery/)
    expect(() => injected()).toThrow(/connectors\/injected/)
  })
})
