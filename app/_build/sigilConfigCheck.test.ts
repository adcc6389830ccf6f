import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from 'next/constants.js'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { checkSigilConfigFile, sigilConfigAlias } from './sigilConfigCheck.mjs'

const root = path.resolve(__dirname, '..', '..')
// Inside the project, as SIGIL_CONFIG requires (the bundler compiles nothing outside it), where
// nothing is linted or committed (tests/artifacts/, also the Playwright output's folder).
mkdirSync(path.join(root, 'tests', 'artifacts'), { recursive: true })
const folder = mkdtempSync(path.join(root, 'tests', 'artifacts', 'sigil-config-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** A configuration file outside the project, named by SIGIL_CONFIG as a deployment may. */
function file(name: string, body: string): Record<string, string> {
  const at = path.join(folder, name)
  writeFileSync(at, `import { defineSigilConfig } from '@sigil/lib/config/sigilConfig'\nexport default defineSigilConfig(${body})\n`)
  return { SIGIL_CONFIG: at }
}

describe('the build’s check of sigil.config.ts (next.config.mjs runs it as next build and next dev begin)', () => {
  it('passes a valid file, read with the app’s own catalogue: the book’s wallets, the build’s families and chains', async () => {
    const config = await checkSigilConfigFile(root, file('valid.ts', `{ chains: [8453, 1], families: ['injected', 'walletconnect'], wallets: { featured: ['rainbow'], exclude: ['phantom'] }, theme: { light: { accent: '#0b7a55' } } }`))
    expect(config.chains).toEqual([8453, 1])
    expect(config.wallets.featured).toEqual(['rainbow'])
    expect(config.theme.light).toEqual({ accent: '#0b7a55' })
  }, 30_000)

  it('stops on a bad file, naming each field', async () => {
    const env = file('bad.ts', `{ wallets: { featured: ['metamsk'] }, chains: [8453, 8453], theme: { dark: { accent: 'purple' } } }`)
    await expect(checkSigilConfigFile(root, env)).rejects.toThrow(
      /is not valid:\n- chains\[1\]: chain 8453 is listed twice\n- wallets\.featured\[0\]: "metamsk" is not a wallet Sigil knows \(did you mean "metamask"\?\)\n- theme\.dark\.accent: "purple" is not a colour/,
    )
  }, 30_000)

  it('stops on a file that does not compile, and on SIGIL_CONFIG naming no file', async () => {
    const broken = path.join(folder, 'broken.ts')
    writeFileSync(broken, 'export default {{')
    await expect(checkSigilConfigFile(root, { SIGIL_CONFIG: broken })).rejects.toThrow(/broken\.ts could not be read/)
    await expect(checkSigilConfigFile(root, { SIGIL_CONFIG: 'no/such/sigil.config.ts' })).rejects.toThrow('SIGIL_CONFIG names no/such/sigil.config.ts, which does not exist.')
    const outside = mkdtempSync(path.join(tmpdir(), 'sigil-config-outside-'))
    writeFileSync(path.join(outside, 'sigil.config.ts'), 'export default {}')
    try {
      await expect(checkSigilConfigFile(root, { SIGIL_CONFIG: path.join(outside, 'sigil.config.ts') })).rejects.toThrow(/outside the project: the file must be inside it\.$/)
    } finally {
      rmSync(outside, { recursive: true, force: true })
    }
  }, 30_000)

  it('without a file, points @sigil/config at the empty default and changes nothing', async () => {
    expect(sigilConfigAlias(tmpdir(), {})).toBe('./lib/config/noSigilConfig.ts')
    expect(await checkSigilConfigFile(root, {})).toEqual({ wallets: { exclude: [], order: [], featured: [] }, theme: { mode: 'system', light: {}, dark: {} }, copy: {}, signIn: {} })
  }, 30_000)

  it('is what next build and next dev run first: a bad file stops them, named', async () => {
    const { default: nextConfig } = (await import(path.join(root, 'next.config.mjs'))) as { default: (phase: string) => unknown }
    vi.stubEnv('SIGIL_CONFIG', file('stops.ts', `{ families: ['injected', 'walletconect'] }`).SIGIL_CONFIG)
    for (const phase of [PHASE_PRODUCTION_BUILD, PHASE_DEVELOPMENT_SERVER]) {
      await expect(Promise.resolve().then(() => nextConfig(phase))).rejects.toThrow(
        /^Sigil cannot start: .*stops\.ts is not valid:\n- families\[1\]: "walletconect" is not a wallet family Sigil knows \(did you mean "walletconnect"\?\)$/,
      )
    }
    vi.stubEnv('SIGIL_CONFIG', file('fine.ts', `{ families: ['injected'] }`).SIGIL_CONFIG)
    expect(await nextConfig(PHASE_PRODUCTION_BUILD)).toMatchObject({ reactStrictMode: true })
  }, 30_000)
})
