import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { appKitRequests, appKitStubModule, noSigilConfigModule, sigilConfigRequest, sigilConfigTarget, withSigil } from './withSigil'

describe('withSigil', () => {
  it('aliases both of AppKit’s requests to the stub and keeps the rest of the config', () => {
    const config = withSigil({ reactStrictMode: true, turbopack: { root: '/srv/app', resolveAlias: { underscore: 'lodash' } } })
    expect(config.reactStrictMode).toBe(true)
    expect(config.turbopack.root).toBe('/srv/app')
    expect(config.turbopack.resolveAlias).toEqual({ underscore: 'lodash', '@reown/appkit/core': appKitStubModule, '@reown/appkit': appKitStubModule, '@sigil/config': sigilConfigTarget(process.cwd()) })
  })

  it('works on a config without turbopack settings', () => {
    expect(withSigil({}).turbopack?.resolveAlias?.['@reown/appkit/core']).toBe(appKitStubModule)
  })

  it('keeps an alias the host set for the same request', () => {
    const config = withSigil({ turbopack: { resolveAlias: { '@reown/appkit/core': './my-appkit.js' } } })
    expect(config.turbopack.resolveAlias['@reown/appkit/core']).toBe('./my-appkit.js')
    expect(config.turbopack.resolveAlias['@reown/appkit']).toBe(appKitStubModule)
  })

  it('wraps a config written as a function of the phase, sync or async', async () => {
    const seen: string[] = []
    const wrapped = withSigil((phase) => {
      seen.push(phase)
      return { distDir: `.next-${phase}` }
    })
    const config = await wrapped('phase-production-build', { defaultConfig: {} })
    expect(seen).toEqual(['phase-production-build'])
    expect(config.distDir).toBe('.next-phase-production-build')
    expect(config.turbopack?.resolveAlias?.['@reown/appkit']).toBe(appKitStubModule)
    const fromAsync = await withSigil(async () => ({ poweredByHeader: false }))('phase-development-server', { defaultConfig: {} })
    expect(fromAsync).toMatchObject({ poweredByHeader: false, turbopack: { resolveAlias: { '@reown/appkit/core': appKitStubModule } } })
  })

  it('names the requests WalletConnect’s provider makes, and this app aliases them too', () => {
    // The SDK's build imports `@reown/appkit/core` for its QR modal; an upgrade that renames it fails here.
    const sdk = readFileSync(path.join(process.cwd(), 'node_modules/@walletconnect/ethereum-provider/dist/index.js'), 'utf8')
    const requested = [...new Set([...sdk.matchAll(/import\(\s*["'](@reown\/appkit[^"']*)["']\s*\)|from\s*["'](@reown\/appkit[^"']*)["']/g)].map((match) => match[1] ?? match[2]))]
    expect(requested.length).toBeGreaterThan(0)
    for (const request of requested) expect(appKitRequests).toContain(request)
    // This app's own config (next.config.mjs, plain JavaScript that cannot import this module) sets the alias itself.
    const appConfig = readFileSync(path.join(process.cwd(), 'next.config.mjs'), 'utf8')
    for (const request of appKitRequests) expect(appConfig).toContain(`'${request}': './stubs/reown-appkit/core.js'`)
  })

  it('names the host’s sigil.config.ts for @sigil/config when it has one, else a module with no choices', async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'sigil-with-config-'))
    try {
      expect(sigilConfigTarget(project)).toBe(noSigilConfigModule)
      writeFileSync(path.join(project, 'sigil.config.ts'), 'export default {}\n')
      expect(sigilConfigTarget(project)).toBe('./sigil.config.ts')
      // A file the host names elsewhere; a name that is not there stops the wrapping, never the defaults.
      mkdirSync(path.join(project, 'config'))
      writeFileSync(path.join(project, 'config/sigil.ts'), 'export default {}\n')
      expect(sigilConfigTarget(project, 'config/sigil.ts')).toBe('./config/sigil.ts')
      expect(() => sigilConfigTarget(project, './config/missing.ts')).toThrow(`withSigil: the configuration file ./config/missing.ts (sigilConfig) does not exist in ${project}`)
      expect(() => withSigil({}, { sigilConfig: './no-such-sigil.config.ts' })).toThrow('(sigilConfig) does not exist')
    } finally {
      rmSync(project, { recursive: true, force: true })
    }
    expect(noSigilConfigModule).toBe('@sigil/connectors/noSigilConfig')
    expect((await import('./noSigilConfig')).default).toBeUndefined()
    // The host's own alias for the configuration wins, as for AppKit's.
    expect(withSigil({ turbopack: { resolveAlias: { [sigilConfigRequest]: './config/sigil.ts' } } }).turbopack.resolveAlias[sigilConfigRequest]).toBe('./config/sigil.ts')
  })

  it('points at a module that stands in for createAppKit and throws when called', async () => {
    const { createAppKit } = await import('./walletConnect/appKitStub')
    expect(() => createAppKit()).toThrow('The WalletConnect QR modal is off in Sigil (showQrModal: false): @sigil/appkit-stub stands in for @reown/appkit here.')
  })
})
