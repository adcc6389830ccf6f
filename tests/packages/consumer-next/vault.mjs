// The vault on this app's second origin (VAULT_ORIGIN's default on loopback: http://wallet.localhost:<port>),
// in Chromium: its page runs the script @sigil/connectors shipped prebuilt (named by that script's
// hash, under the page's nonce, no policy violation), serves the script's chunks by name and the
// wallet's API; the app's own origin serves none of those. Prints what it found.
// Run: node --conditions=react-server vault.mjs <origin> (the app under next start; the condition
// lets plain Node read the server-only module of the prebuilt script).
import { chromium } from '@playwright/test'
import { prebuiltVaultScript } from '@sigil/connectors/embedded/vault/prebuilt'

process.once('SIGTERM', () => process.exit(143))

const origin = new URL(process.argv[2])
const vault = `http://wallet.localhost:${origin.port}`
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
try {
  const page = await browser.newPage()
  const violations = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text())
  })
  const response = await page.goto(`${vault}/`)
  await page.getByRole('button', { name: 'Create wallet' }).waitFor({ timeout: 20_000 })
  const found = await page.evaluate(async (chunks) => {
    const script = document.querySelector('script[src^="/vault.js"]')
    const chunk = await fetch(`/${chunks[0]}`)
    const api = await fetch('/api/embedded/wallets/options', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })
    const wrongMethod = await fetch('/api/embedded/wallets/options')
    return {
      mode: document.documentElement.dataset.mode,
      scriptSrc: script?.getAttribute('src'),
      scriptNonced: Boolean(script?.nonce),
      chunk: { status: chunk.status, text: await chunk.text() },
      api: { status: api.status, code: (await api.json()).code },
      wrongMethod: `${wrongMethod.status} ${wrongMethod.headers.get('allow')}`,
    }
  }, Object.keys(prebuiltVaultScript.chunks))
  // The app's own origin: none of the vault's paths.
  const app = await browser.newPage()
  const appVault = await app.goto(`${origin.origin}/vault`)
  const appApi = await app.evaluate(async () => (await fetch('/api/embedded/wallets/options', { method: 'POST', body: '{}' })).status)
  const firstChunk = Object.keys(prebuiltVaultScript.chunks)[0]
  console.log(
    JSON.stringify({
      page: response?.status(),
      csp: Boolean(response?.headers()['content-security-policy']?.includes("'nonce-")),
      mode: found.mode,
      script: found.scriptSrc === `/vault.js?v=${prebuiltVaultScript.sha256.slice(0, 16)}` && found.scriptNonced,
      chunk: found.chunk.status === 200 && found.chunk.text === prebuiltVaultScript.chunks[firstChunk],
      api: `${found.api.status} ${found.api.code}`,
      wrongMethod: found.wrongMethod,
      appVault: appVault?.status(),
      appApi,
      violations,
    }),
  )
} finally {
  await browser.close()
}
