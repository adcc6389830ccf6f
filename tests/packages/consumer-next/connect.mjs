// This app's e2e, on Sigil's test kit from its tarball: in Chromium, a person opens Sigil's
// "Connect wallet" dialog, picks the kit's EIP-6963 wallet (MetaMask's own inpage provider, on
// window.ethereum, mainnet, its reads on the kit's anvil), signs in from the account view, and the
// server's session names that account; a reload still shows it signed in, from the server's render.
// Prints what it found. Run: node connect.mjs <origin> (the app under next start).
import { chromium } from '@playwright/test'
import { startAnvil } from '@sigil/test-kit/anvil'
import { installInjectedWallet } from '@sigil/test-kit/injectedWallet'

// Stopped from outside (the check's time limit): exit so that the kit's exit handlers stop anvil.
process.once('SIGTERM', () => process.exit(143))

const origin = process.argv[2]
const anvil = await startAnvil()
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
try {
  const page = await browser.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  const wallet = await installInjectedWallet(page, { rpcUrl: anvil.rpcUrl, provider: 'metamask-inpage', chainId: 1 })
  await page.goto(origin)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: /MetaMask/ }).first().click()
  const shown = await page.getByTestId('account-address').getAttribute('title', { timeout: 20_000 })
  // The page's own read through the app's RPC route: past the page token the proxy gave the page
  // (no RPC_URL_1 here, so the upstream is out of reach offline; the token is what is checked).
  const rpc = await page.evaluate(async () => {
    const response = await fetch('/api/rpc/1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })
    return { status: response.status, body: await response.text() }
  })
  // The embedded wallet's transactions go out through the broadcast route: a junk body gets its typed refusal, not a 404.
  const broadcast = await page.evaluate(async () => {
    const response = await fetch('/api/rpc/1/broadcast', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    const body = await response.json().catch(() => ({}))
    return `${response.status} ${body.error?.data?.reason ?? 'no code'}`
  })
  await page.getByRole('button', { name: 'Sign in' }).click()
  const status = page.getByTestId('auth-status')
  await status.and(page.locator('[data-state="signed-in"]')).waitFor({ timeout: 20_000 })
  const signedInAs = await page.getByTestId('auth-address').textContent()
  const session = await page.evaluate(async () => (await fetch('/api/auth/session')).json())
  await page.reload()
  const afterReload = await page.getByTestId('auth-status').getAttribute('data-state', { timeout: 20_000 })
  const account = wallet.address
  const same = (value) => String(value).toLowerCase() === account.toLowerCase()
  console.log(JSON.stringify({ connected: same(shown), rpcAdmitted: !rpc.body.includes('page_token_required'), rpc: `${rpc.status} ${rpc.body.slice(0, 160)}`, broadcast, signedIn: same(signedInAs), session: same(session.address), afterReload, errors, account }))
} finally {
  await browser.close()
  await anvil.stop()
}
