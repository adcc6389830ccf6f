import type { Page } from '@playwright/test'
import { createWalletClient, formatEther, http, parseEther, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { localChain } from '@/lib/chains'
import { ANVIL_PRIVATE_KEYS, startAnvil, type Anvil } from '../fixtures/anvil'
import { installEnsResolver } from '../fixtures/ensResolver'
import type { NextServer } from '../fixtures/nextServer'
import { expect, test, type App } from './fixtures'
import { connectTestWallet } from './signIn'

/**
 * Who is connected (issue 15, part 4): the account view's ENS name and avatar, checked forward and
 * back on the server, and the native balance, following the chain. ENS runs on a second real anvil
 * with chain id 1 whose Universal Resolver address holds a stand-in answering a fixed table
 * (tests/fixtures/ensResolver.ts); the app server is pointed at it with RPC_URL_1.
 */
const accounts = ANVIL_PRIVATE_KEYS.map((key) => privateKeyToAccount(key).address)
const AVATAR = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

/** Connects and waits for the page's own ENS answer, so "not shown" is checked after it arrived. */
async function connectAndAwaitEns(page: Page, address: Address): Promise<{ name: unknown; unavailable?: unknown }> {
  const answer = page.waitForResponse((response) => response.url().endsWith(`/api/ens/${address}`))
  await connectTestWallet(page)
  return (await (await answer).json()) as { name: unknown; unavailable?: unknown }
}

test('shows the native balance, and a transfer to the address shows without a reload', async ({ app, page, installWallet }) => {
  await installWallet({ accountIndex: 2 })
  await page.goto(app.baseURL)
  await connectTestWallet(page)
  const balance = page.getByTestId('account-balance')
  const before = BigInt((await balance.getAttribute('data-value')) ?? '0')
  await expect(balance).toHaveText(/^[\d,]+(\.\d{1,4})? ETH$/)
  const sender = createWalletClient({ account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]!), chain: localChain, transport: http(app.rpcUrl) })
  await sender.sendTransaction({ to: accounts[2]!, value: parseEther('1.25') })
  const after = before + parseEther('1.25')
  await expect(balance).toHaveAttribute('data-value', after.toString(), { timeout: 15_000 })
  await expect(balance).toContainText(formatEther(after).split('.')[0]!.replace(/\B(?=(\d{3})+(?!\d))/g, ','))
})

test('names the connected wallet with its icon, and keeps the balance in its place from the first frame (no layout shift when it arrives)', async ({
  app,
  page,
  installWallet,
}) => {
  const wallet = await installWallet()
  // The balance answers late, as over a slow network: its arrival must move nothing on the page.
  await page.route(
    () => true,
    async (route) => {
      if (route.request().method() === 'POST' && route.request().postData()?.includes('eth_getBalance')) await new Promise((resolve) => setTimeout(resolve, 1_000))
      await route.fallback()
    },
  )
  await page.goto(app.baseURL)
  await page.evaluate(() => {
    const shifts: number[] = []
    ;(window as unknown as { __shifts: number[] }).__shifts = shifts
    // Every shift counts here, also those right after the click (CLS itself would forgive those).
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value)
    }).observe({ type: 'layout-shift' })
  })
  await connectTestWallet(page)
  await expect(page.getByTestId('account-wallet-name')).toHaveText(wallet.info.name)
  await expect(page.getByTestId('account-wallet-icon')).toHaveAttribute('src', wallet.info.icon)
  await expect(page.getByTestId('account-balance-loading')).toBeVisible()
  const shiftsBefore = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.length)
  await expect(page.getByTestId('account-balance')).toHaveText(/ETH$/)
  await page.waitForTimeout(300)
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)
  expect(shifts.slice(shiftsBefore)).toEqual([])
})

for (const viewport of [
  { name: 'a computer', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  test(`on ${viewport.name}, choosing a wallet moves nothing: the dialog keeps its place until the account view replaces the page's card in one step`, async ({ app, page, installWallet }) => {
    await installWallet()
    await page.setViewportSize(viewport)
    await page.goto(app.baseURL)
    await page.getByTestId('connect-button').click()
    const row = page.getByTestId('connect-dialog').getByTestId('wallet-option-sigiltestwallet')
    await expect(row).toBeVisible()
    await page.evaluate(() => {
      const shifts: { value: number; moved: string[] }[] = []
      ;(window as unknown as { __shifts: typeof shifts }).__shifts = shifts
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node | null }[] })[])
          shifts.push({ value: entry.value, moved: entry.sources.map((source) => (source.node as Element | null)?.getAttribute?.('data-testid') ?? source.node?.nodeName ?? '?') })
      }).observe({ type: 'layout-shift' })
    })
    // A click with no hover first: the account view's chunk is asked for only now.
    await row.click()
    await expect(page.getByTestId('account-address')).toBeVisible()
    await expect(page.getByTestId('connect-button')).toHaveCount(0)
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts)).toEqual([])
  })
}

test('a local chain that does not answer is said once on the page, with the command that starts it', async ({ app, page, installWallet }) => {
  // The reads back off while it does not answer: the one after it is back may come some seconds later.
  test.setTimeout(90_000)
  await installWallet()
  // The page's balance reads fail as they do with no anvil running (the wallet itself still answers).
  await page.route(
    () => true,
    async (route) => {
      if (route.request().method() === 'POST' && route.request().postData()?.includes('eth_getBalance')) return route.abort('connectionrefused')
      await route.fallback()
    },
  )
  await page.goto(app.baseURL)
  await connectTestWallet(page)
  const note = page.getByTestId('local-chain-down')
  await expect(note).toContainText('npx anvil')
  await expect(note).toHaveCount(1)
  await expect(page.getByTestId('account-balance-loading')).toHaveText('Unavailable')
  // Once it answers again, the note goes and the balance shows.
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await expect(page.getByTestId('account-balance')).toHaveText(/ETH$/, { timeout: 40_000 })
  await expect(note).toHaveCount(0)
})

test.describe('ENS', () => {
  // A test may boot a second `next start` before it opens the page: under load that boot alone took
  // over 20 s of the default 30 (one CI run, with the interop matrix starting beside it).
  test.describe.configure({ timeout: 90_000 })
  const LONG_NAME = 'averyveryverylongnamethatgoesonandon.eth'
  let ensChain: Anvil
  let trickChain: Anvil
  test.beforeAll(async () => {
    ensChain = await startAnvil({ chainId: 1 })
    await installEnsResolver(ensChain.rpcUrl, [
      { address: accounts[0]!, name: 'alice.eth', avatar: AVATAR },
      // Account 1's reverse record claims a name whose forward record points to account 0.
      { address: accounts[1]!, name: 'vitalik.eth', forward: accounts[0]! },
    ])
    // Names that resolve forward and back, which the display rules refuse or cut (server/ens/displayName.ts).
    trickChain = await startAnvil({ chainId: 1 })
    await installEnsResolver(trickChain.rpcUrl, [
      { address: accounts[0]!, name: '0x70997970c8.eth', avatar: AVATAR },
      { address: accounts[1]!, name: 'שלום.eth' },
      { address: accounts[2]!, name: LONG_NAME },
    ])
  })
  test.afterAll(async () => {
    await ensChain?.stop()
    await trickChain?.stop()
  })
  // One server per mainnet the tests point it at, shared by the worker's tests: each looks up
  // addresses of its own, so none finds another's answer in the server's cache.
  const servers = new Map<string, Promise<NextServer>>()
  function serverOn(app: App, mainnetRpcUrl: string): Promise<NextServer> {
    let server = servers.get(mainnetRpcUrl)
    if (!server) servers.set(mainnetRpcUrl, (server = app.startAnotherServer({ routePublicChainsToLocalRpc: true, env: { RPC_URL_1: mainnetRpcUrl } })))
    return server
  }

  test('shows the primary name and avatar when the name resolves back to the address, the address beside them', async ({ app, page, installWallet, snap }) => {
    const server = await serverOn(app, ensChain.rpcUrl)
    await installWallet({ accountIndex: 0 })
    await page.goto(server.baseURL)
    const avatarResponse = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/ens/${accounts[0]!}/avatar`)
    expect((await connectAndAwaitEns(page, accounts[0]!)).name).toBe('alice.eth')
    await expect(page.getByTestId('account-ens-name')).toHaveText('alice.eth')
    // In its own bidi isolate: it cannot reorder the address beside it.
    expect(await page.getByTestId('account-ens-name').evaluate((element) => element.tagName)).toBe('BDI')
    // The avatar comes from this origin's endpoint, which decoded and checked the record's image.
    await expect(page.getByTestId('account-avatar')).toHaveAttribute('src', new RegExp(`^/api/ens/${accounts[0]!}/avatar\\?v=[0-9a-f]{16}$`))
    const served = await avatarResponse
    expect(served.status()).toBe(200)
    expect(served.headers()).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' })
    expect(served.headers()['content-security-policy']).toMatch(/^default-src 'none'/)
    expect(Buffer.from(await served.body())).toEqual(Buffer.from(AVATAR.split(',')[1]!, 'base64'))
    await expect.poll(() => page.getByTestId('account-avatar').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    await expect(page.getByTestId('account-address')).toHaveText(`${accounts[0]!.slice(0, 6)}…${accounts[0]!.slice(-4)}`)
    await snap('account-ens')
  })

  test('a name whose forward lookup does not come back to the address is not shown', async ({ app, page, installWallet }) => {
    const server = await serverOn(app, ensChain.rpcUrl)
    await installWallet({ accountIndex: 1 })
    await page.goto(server.baseURL)
    expect(await connectAndAwaitEns(page, accounts[1]!)).toMatchObject({ name: null })
    await expect(page.getByTestId('account-address')).toBeVisible()
    await expect(page.getByTestId('account-ens-name')).toHaveCount(0)
    await expect(page.getByTestId('account-avatar')).toHaveCount(0)
  })

  test('names shaped like an address, or mixing right-to-left and left-to-right, are not shown: the shortened address is', async ({ app, page, installWallet }) => {
    const server = await serverOn(app, trickChain.rpcUrl)
    const wallet = await installWallet({ accountIndex: 0 })
    await page.goto(server.baseURL)
    // The name resolves forward and back to account 0; it is refused for its shape alone.
    expect(await connectAndAwaitEns(page, accounts[0]!)).toMatchObject({ name: null, avatar: null })
    await expect(page.getByTestId('account-address')).toHaveText(`${accounts[0]!.slice(0, 6)}…${accounts[0]!.slice(-4)}`)
    await expect(page.getByTestId('account-ens-name')).toHaveCount(0)
    await expect(page.getByTestId('account-avatar')).toHaveCount(0)
    // The wallet moves to account 1, whose name is Hebrew under .eth.
    const rtl = page.waitForResponse((response) => response.url().endsWith(`/api/ens/${accounts[1]!}`))
    await wallet.switchAccount(1)
    expect(await (await rtl).json()).toMatchObject({ name: null })
    await expect(page.getByTestId('account-address')).toHaveText(`${accounts[1]!.slice(0, 6)}…${accounts[1]!.slice(-4)}`)
    await expect(page.getByTestId('account-ens-name')).toHaveCount(0)
    await expect(page.getByText('שלום')).toHaveCount(0)
  })

  test('a long name is cut around a visible ellipsis, the full name in its title and accessible text', async ({ app, page, installWallet, expectAccessible }) => {
    const server = await serverOn(app, trickChain.rpcUrl)
    await installWallet({ accountIndex: 2 })
    await page.goto(server.baseURL)
    expect((await connectAndAwaitEns(page, accounts[2]!)).name).toBe(LONG_NAME)
    const name = page.getByTestId('account-ens-name')
    await expect(page.getByTestId('account-ens-name-shown')).toHaveText('averyveryver…andon.eth')
    await expect(name).toHaveAttribute('title', LONG_NAME)
    expect(await name.evaluate((element) => element.tagName)).toBe('BDI')
    // What a screen reader gets: the full name once, not the cut one.
    expect(await page.getByTestId('account-address').locator('xpath=..').evaluate((row) => row.textContent)).toContain(LONG_NAME)
    await expect(page.getByTestId('account-address')).toBeVisible()
    await expectAccessible({ include: '[data-testid="account-ens-name"]', label: 'long ENS name' })
  })

  test('an unreachable mainnet RPC leaves the address view intact, with its balance', async ({ app, page, installWallet }) => {
    const server = await serverOn(app, 'http://127.0.0.1:9')
    await installWallet({ accountIndex: 0 })
    await page.goto(server.baseURL)
    expect(await connectAndAwaitEns(page, accounts[0]!)).toMatchObject({ name: null, unavailable: true })
    await expect(page.getByTestId('account-address')).toBeVisible()
    await expect(page.getByTestId('account-ens-name')).toHaveCount(0)
    await expect(page.getByTestId('account-balance')).toHaveText(/ ETH$/)
    await expect(page.getByRole('heading', { name: 'Connected' })).toBeVisible()
  })
})
