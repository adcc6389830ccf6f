// This app's e2e, on Sigil's test kit from its tarball: in Chromium, the kit's EIP-6963 wallet
// (MetaMask's own inpage provider, on window.ethereum, mainnet, its reads on the kit's anvil) is
// connected by the page's button, signs the page's sign-in message, and the server's session names
// its account. Prints what it found. Run: node connect.mjs <origin> (the app under next start).
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
  const wallet = await installInjectedWallet(page, { rpcUrl: anvil.rpcUrl, provider: 'metamask-inpage', chainId: 1 })
  await page.goto(origin)
  await page.getByRole('button', { name: 'Connect' }).click()
  const connected = await page.getByText(/^Connected: 0x/).textContent({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Sign in' }).click()
  const status = await page.getByRole('status').textContent({ timeout: 20_000 })
  const session = await page.evaluate(async () => (await fetch('/api/auth/session')).json())
  const account = wallet.address
  console.log(JSON.stringify({ connected: (connected ?? '').toLowerCase() === `connected: ${account.toLowerCase()}`, status, session: String(session.address).toLowerCase() === account.toLowerCase(), account }))
} finally {
  await browser.close()
  await anvil.stop()
}
