import { chromium } from '@playwright/test'
import { startAnvil } from '../fixtures/anvil'
import { chromeFlags, chromePath } from '../fixtures/chromium'
import { startNextServer } from '../fixtures/nextServer'
import { addVirtualAuthenticator } from '../fixtures/passkeys'
async function main() {
  const anvil = await startAnvil()
  const server = await startNextServer({ rpcUrl: anvil.rpcUrl, routePublicChainsToLocalRpc: true, host: 'app.localhost' })
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags })
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    await addVirtualAuthenticator(page, { prf: true })
    const t0 = performance.now()
    await page.goto(server.baseURL)
    console.log('goto', performance.now() - t0)
    await page.getByTestId('connect-button').click()
    await page.getByTestId('connect-dialog').getByTestId('wallet-option-embedded').click()
    const panel = page.frameLocator('[data-testid="vault-frame"]').getByTestId('embedded-panel')
    await panel.waitFor()
    console.log('frames', page.frames().map((f) => f.url()))
    const cdp = await browser.newBrowserCDPSession()
    const { targetInfos } = await cdp.send('Target.getTargets') as { targetInfos: { type: string; url: string }[] }
    console.log(targetInfos.map((t) => `${t.type} ${t.url}`))
    const frame = page.frames().find((f) => f.url().startsWith('http://wallet.'))!
    for (let i = 0; i < 3; i++) {
      const a = await page.evaluate('performance.timeOrigin + performance.now()') as number
      const b = await frame.evaluate('performance.timeOrigin + performance.now()') as number
      const c = await page.evaluate('performance.timeOrigin + performance.now()') as number
      console.log('page', a, 'frame-mid', b - (a + c) / 2, 'rt', c - a)
    }
    console.log('step', await panel.getAttribute('data-step'))
  } finally {
    await browser.close(); await server.stop(); await anvil.stop()
  }
}
main().catch((e) => { console.error(e); process.exitCode = 1 })
