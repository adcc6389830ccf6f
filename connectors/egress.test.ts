import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { egressByFamily, egressEntries, egressManifest, type EgressConfig } from './egress'
import { families } from './families'

const base: EgressConfig = { walletConnectProjectId: '', walletConnectRelayUrl: undefined, coinbasePreference: undefined, coinbaseKeysUrl: undefined, vaultOrigin: undefined }
const hosts = (config: Partial<EgressConfig>) => egressManifest({ ...base, ...config }).families

describe('egress declarations', () => {
  it('has one declaration per family of the registry, by the same id', () => {
    expect(Object.keys(egressByFamily(base))).toEqual(families.map((family) => family.id))
  })

  it('is pure data: a declaration imports no SDK, no connector and nothing but the egress types and the config types', () => {
    for (const id of ['injected', 'walletConnect', 'coinbaseSmartWallet', 'embedded']) {
      const source = readFileSync(path.join(process.cwd(), 'connectors', id, 'egress.ts'), 'utf8')
      // The family's own settings' type (erased at run time), whose fields the options pick.
      const withoutSettingsType = source.replace(/^import type \{ \w+ \} from '\.\/settings'$/m, '')
      const imports = [...withoutSettingsType.matchAll(/from '([^']+)'/g)].map((match) => match[1])
      expect(imports.every((specifier) => specifier === '@sigil/lib/config/public' || specifier === '@sigil/lib/config/egress'), `${id}: ${imports.join(', ')}`).toBe(true)
    }
  })

  it('declares nothing but the Coinbase popup for a deployment with no project id, no vault, the default preference', () => {
    expect(hosts({})).toEqual({
      injected: { hosts: [] },
      walletconnect: { hosts: [] },
      coinbasesmartwallet: { hosts: [{ origin: 'https://keys.coinbase.com', directive: 'popup', purpose: expect.any(String) }] },
      embedded: { hosts: [] },
    })
  })

  it('declares WalletConnect’s relay, Verify (fetched and framed), API and Pulse only with a project id', () => {
    const walletConnect = hosts({ walletConnectProjectId: 'abc' }).walletconnect.hosts
    expect(walletConnect.map(({ origin, directive }) => `${directive} ${origin}`)).toEqual([
      'connect wss://relay.walletconnect.org',
      'connect wss://relay.walletconnect.com',
      'connect https://verify.walletconnect.org',
      'connect https://verify.walletconnect.com',
      'frame https://verify.walletconnect.org',
      'frame https://verify.walletconnect.com',
      'connect https://rpc.walletconnect.org',
      'connect https://pulse.walletconnect.org',
    ])
    expect(hosts({ walletConnectProjectId: '   ' }).walletconnect.hosts).toEqual([])
    const selfHosted = hosts({ walletConnectProjectId: 'abc', walletConnectRelayUrl: 'ws://127.0.0.1:4123/?auth=secret' }).walletconnect.hosts
    expect(selfHosted.filter((entry) => entry.purpose.startsWith('relay')).map((entry) => entry.origin)).toEqual(['ws://127.0.0.1:4123'])
    expect(JSON.stringify(selfHosted)).not.toContain('secret')
  })

  it('declares WalletLink only when Coinbase’s popup may hand over to the app, and the popup at the configured keys page', () => {
    expect(hosts({ coinbasePreference: 'smartWalletOnly' }).coinbasesmartwallet.hosts.map((entry) => entry.directive)).toEqual(['popup'])
    for (const coinbasePreference of ['all', 'eoaOnly'] as const) {
      expect(hosts({ coinbasePreference }).coinbasesmartwallet.hosts.filter((entry) => entry.directive === 'connect').map((entry) => entry.origin)).toEqual(['https://www.walletlink.org', 'wss://www.walletlink.org'])
    }
    expect(hosts({ coinbaseKeysUrl: 'http://127.0.0.1:4555/connect?x=1' }).coinbasesmartwallet.hosts).toEqual([{ origin: 'http://127.0.0.1:4555', directive: 'popup', purpose: expect.any(String) }])
  })

  it('declares the vault as a frame and a popup, never as a host the page fetches', () => {
    expect(hosts({ vaultOrigin: 'https://vault.sigil.example' }).embedded.hosts.map(({ origin, directive }) => `${directive} ${origin}`)).toEqual([
      'frame https://vault.sigil.example',
      'popup https://vault.sigil.example',
    ])
  })

  it('gives origins only (no path, query or key) and a purpose for every entry', () => {
    const all = egressEntries({ ...base, walletConnectProjectId: 'abc', walletConnectRelayUrl: 'wss://relay.example/path?key=1', coinbasePreference: 'all', coinbaseKeysUrl: 'http://127.0.0.1:4555/connect', vaultOrigin: 'http://vault.localhost:3000' })
    for (const entry of all) {
      expect(new URL(entry.origin).origin).toBe(entry.origin)
      expect(entry.purpose.length).toBeGreaterThan(5)
    }
  })

  it('publishes the manifest as the families declare it, nothing added', () => {
    const config = { ...base, walletConnectProjectId: 'abc', vaultOrigin: 'http://vault.localhost:3000' }
    const manifest = egressManifest(config)
    expect(manifest.version).toBe(1)
    expect(Object.fromEntries(Object.entries(manifest.families).map(([id, { hosts }]) => [id, hosts]))).toEqual(egressByFamily(config))
  })
})
