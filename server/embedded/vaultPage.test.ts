import { describe, expect, it } from 'vitest'
import { VAULT_CONFIG_ELEMENT_ID, type VaultPageConfig } from '@sigil/lib/embedded/vaultPageConfig'
import { embedded } from '@sigil/lib/i18n/embedded'
import { embeddedConfirmation } from '@sigil/lib/i18n/embeddedConfirmation'
import { loadCatalogue } from '@sigil/lib/i18n/loadCatalogue'
import { plainErrors } from '@sigil/lib/i18n/plainErrors'
import { createVaultPage, createVaultRoute, vaultChunkResponse, vaultScriptResponse, type VaultPageSettings } from './vaultPage'

const VAULT = 'https://wallet.shop.example/'
const HASH = 'ab'.repeat(32)
const NONCE = 'bm9uY2Utb2YtdGhpcy1yZXNwb25zZQ=='

const settings: VaultPageSettings = {
  appOrigins: ['https://shop.example'],
  chains: [{ id: 8453, name: 'Base', symbol: 'ETH', decimals: 18 }],
}

/** A request as the host's proxy forwards it: the response's policy, with its nonce, on the request. */
function request(query = '', headers: Record<string, string> = {}, nonce: string | null = NONCE): Request {
  const policy: Record<string, string> = nonce ? { 'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}' 'strict-dynamic'` } : {}
  return new Request(`${VAULT}${query}`, { headers: { ...policy, ...headers } })
}

async function render(req: Request, overrides: Partial<VaultPageSettings> = {}) {
  const page = createVaultPage({ settings: () => ({ ...settings, ...overrides }), scriptHash: async () => HASH })
  const response = await page(req)
  const html = await response.text()
  const json = new RegExp(`<script type="application/json" id="${VAULT_CONFIG_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1]
  return { response, html, config: json === undefined ? undefined : (JSON.parse(json) as VaultPageConfig) }
}

describe('the vault page, configured by its arguments', () => {
  it('writes the configuration it was given for the script, and names the script by its hash, under the nonce', async () => {
    const { response, html, config } = await render(request('', { 'accept-language': 'en' }), { idleLockMs: 4_000 })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(config).toMatchObject({ appOrigins: ['https://shop.example'], chains: settings.chains, mode: 'frame', locale: 'en', idleLockMs: 4_000 })
    expect(config?.strings.ui.title).toBe(embedded.ui.title)
    expect(config?.strings.errors.user_rejected).toBe(plainErrors.user_rejected)
    expect(html).toContain(`<style nonce="${NONCE}">`)
    expect(html).toContain(`<script nonce="${NONCE}" src="/vault.js?v=${HASH.slice(0, 16)}"></script>`)
    // Every script of the page is the nonce's, or data.
    expect([...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag).every((tag) => tag.includes(`nonce="${NONCE}"`) || tag.includes('application/json'))).toBe(true)
  })

  it('reads its settings for each request: a deployment that changes them is served the new ones', async () => {
    let origins = ['https://shop.example']
    const page = createVaultPage({ settings: () => ({ ...settings, appOrigins: origins }), scriptHash: async () => HASH })
    expect(await (await page(request())).text()).toContain('"appOrigins":["https://shop.example"]')
    origins = ['https://shop.example', 'https://www.shop.example']
    expect(await (await page(request())).text()).toContain('"appOrigins":["https://shop.example","https://www.shop.example"]')
  })

  it('speaks the asked language, else the browser’s, and opens as a popup when asked', async () => {
    const german = await loadCatalogue('de')
    const asked = await render(request('?lang=de&mode=popup', { 'accept-language': 'fr' }))
    expect(asked.config).toMatchObject({ locale: 'de', mode: 'popup' })
    expect(asked.html).toContain('<html lang="de">')
    // Every section in German: the screens, the confirmation sheet and the error words, none left in English.
    expect(german?.embedded.title).toBeTruthy()
    expect(asked.config?.strings.ui.title).toBe(german?.embedded.title)
    expect(asked.config?.strings.ui.title).not.toBe(embedded.ui.title)
    expect(asked.config?.strings.sheet).toEqual({ ...embeddedConfirmation, ...german?.embeddedConfirmation })
    expect(Object.keys(asked.config?.strings.sheet ?? {}).some((key) => asked.config?.strings.sheet[key] !== embeddedConfirmation[key as keyof typeof embeddedConfirmation])).toBe(true)
    expect(asked.config?.strings.errors.user_rejected).toBe(german?.errors.user_rejected)
    expect(asked.config?.strings.errors.user_rejected).not.toBe(plainErrors.user_rejected)
    expect((await render(request('?lang=xx', { 'accept-language': 'fr-CA,fr;q=0.9' }))).config?.locale).toBe('fr')
    expect((await render(request('?mode=window'))).config?.mode).toBe('frame')
  })

  it('a chain name cannot end the configuration’s element early', async () => {
    const { html, config } = await render(request(), { chains: [{ id: 1, name: '</script><script>alert(1)</script>', symbol: 'ETH', decimals: 18 }] })
    expect(html).not.toContain('<script>alert(1)')
    expect(config?.chains[0]?.name).toBe('</script><script>alert(1)</script>')
  })

  it('is not found without the proxy’s nonce: a request that did not come through the host’s proxy', async () => {
    const { response, config } = await render(request('', {}, null))
    expect(response.status).toBe(404)
    expect(config).toBeUndefined()
  })
})

describe('the vault script’s responses', () => {
  const script = { code: 'console.log(1)', sha256: HASH }

  it('the script is immutable when asked by the hash the page names, and not cached otherwise', async () => {
    const named = vaultScriptResponse(new Request(`${VAULT}vault.js?v=${HASH.slice(0, 16)}`), script)
    expect(named.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(named.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await named.text()).toBe(script.code)
    expect(vaultScriptResponse(new Request(`${VAULT}vault.js?v=0000000000000000`), script).headers.get('cache-control')).toBe('no-store')
    expect(vaultScriptResponse(new Request(`${VAULT}vault.js`), script).headers.get('cache-control')).toBe('no-store')
  })

  it('a chunk the build has is cached for good; one it has not is a 404', async () => {
    const chunk = vaultChunkResponse('export const words = []')
    expect(chunk.status).toBe(200)
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(chunk.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await chunk.text()).toBe('export const words = []')
    expect(vaultChunkResponse(undefined).status).toBe(404)
  })
})

describe('the vault as one route file (an optional catch-all behind the proxy’s rewrite)', () => {
  const script = Object.freeze({ code: 'console.log(2)', sha256: HASH, chunks: Object.freeze({ 'vault-words-0123456789ab.js': 'export const words = []' }) })
  const route = createVaultRoute({ settings: () => settings, script: () => script })
  const at = (path: string[] | undefined, req = request()) => route(req, { params: Promise.resolve(path === undefined ? {} : { path }) })

  it('serves the page at its root, naming the script it serves, and the script’s chunks by name', async () => {
    const page = await (await at(undefined)).text()
    expect(page).toContain(`src="/vault.js?v=${HASH.slice(0, 16)}"`)
    const served = await at(['script'], new Request(`${VAULT}vault.js?v=${HASH.slice(0, 16)}`))
    expect(await served.text()).toBe(script.code)
    expect(served.headers.get('cache-control')).toContain('immutable')
    expect(await (await at(['script', 'vault-words-0123456789ab.js'])).text()).toBe('export const words = []')
  })

  it('answers 404 for a chunk it has not (an inherited name among them) and for any other path', async () => {
    for (const path of [['script', 'vault-words-ffffffffffff.js'], ['script', 'constructor'], ['script', '__proto__'], ['script', 'toString'], ['other'], ['script', 'a', 'b']]) {
      expect((await at(path)).status, path.join('/')).toBe(404)
    }
  })
})
