import { createPublicClient, http, parseEther, recoverMessageAddress, toHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from '../fixtures/anvil'
import { expect, test } from './fixtures'

/**
 * The harness checks itself: the injected test wallet behaves like a browser extension in a real
 * Chromium, and the guards catch what they promise to catch. Runs on a blank loopback page, so it
 * does not depend on the app.
 */

type TestWindow = Window & {
  ethereum?: { request: (args: { method: string; params?: unknown }) => Promise<unknown>; providers?: unknown[] } & Record<string, unknown>
  __announced?: { name: string; rdns: string; uuid: string; icon: string }[]
  __providers?: { request: (args: { method: string; params?: unknown }) => Promise<unknown> }[]
}

const account0 = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])

/** Records EIP-6963 announcements from document start (installed before the wallets). */
async function listenForAnnouncements(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    const w = window as TestWindow
    w.__announced = []
    w.__providers = []
    window.addEventListener('eip6963:announceProvider', (event) => {
      const detail = (event as CustomEvent).detail as { info: NonNullable<TestWindow['__announced']>[number]; provider: NonNullable<TestWindow['__providers']>[number] }
      w.__announced?.push({ ...detail.info })
      w.__providers?.push(detail.provider)
    })
  })
}

/** Calls `request` on the first announced provider; errors come back as `{ code, message }`. */
function requestInPage(page: import('@playwright/test').Page, method: string, params?: unknown[]) {
  return page.evaluate(
    async ([m, p]) => {
      const provider = (window as TestWindow).__providers?.[0]
      if (!provider) throw new Error('no provider announced')
      try {
        return { result: await provider.request({ method: m as string, params: p as unknown[] | undefined }) }
      } catch (error) {
        const { code, message } = error as { code?: unknown; message?: unknown }
        return { error: { code, message, isError: error instanceof Error } }
      }
    },
    [method, params] as const,
  )
}

test.describe('injected test wallet', () => {
  test('announces itself through EIP-6963 at once and again on every eip6963:requestProvider', async ({ page, installWallet, blankPageURL }) => {
    await listenForAnnouncements(page)
    const wallet = await installWallet({ name: 'Harness Wallet', rdns: 'dev.sigil.harness' })
    await page.goto(blankPageURL)
    await expect.poll(() => page.evaluate(() => (window as TestWindow).__announced?.length)).toBe(1)
    await page.evaluate(() => {
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      window.dispatchEvent(new Event('eip6963:requestProvider'))
    })
    const announced = await page.evaluate(() => (window as TestWindow).__announced ?? [])
    expect(announced).toHaveLength(3)
    expect(new Set(announced.map((a) => a.uuid))).toEqual(new Set([wallet.info.uuid]))
    expect(announced[0]).toMatchObject({ name: 'Harness Wallet', rdns: 'dev.sigil.harness' })
    expect(announced[0]?.icon).toMatch(/^data:image\/svg\+xml,/)
    // EIP-6963 only: no legacy global unless asked for.
    expect(await page.evaluate(() => 'ethereum' in window)).toBe(false)
  })

  test('answers accounts and chain, and records every request with its params', async ({ page, installWallet, blankPageURL }) => {
    await listenForAnnouncements(page)
    const wallet = await installWallet({ chainId: 31337 })
    await page.goto(blankPageURL)
    expect(await requestInPage(page, 'eth_accounts')).toEqual({ result: [] })
    expect(await requestInPage(page, 'eth_requestAccounts')).toEqual({ result: [account0.address] })
    expect(await requestInPage(page, 'eth_accounts')).toEqual({ result: [account0.address] })
    expect(await requestInPage(page, 'eth_chainId')).toEqual({ result: '0x7a69' })
    // Anything else is forwarded to anvil.
    expect(await requestInPage(page, 'eth_blockNumber')).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]+$/) })
    expect(wallet.requests.map((r) => r.method)).toEqual(['eth_accounts', 'eth_requestAccounts', 'eth_accounts', 'eth_chainId', 'eth_blockNumber'])
    expect(wallet.connected).toBe(true)
  })

  test('rethrows rejections in the page as errors carrying EIP-1193 code 4001', async ({ page, installWallet, blankPageURL }) => {
    await listenForAnnouncements(page)
    const wallet = await installWallet({ behaviour: { rejectConnect: true } })
    await page.goto(blankPageURL)
    expect(await requestInPage(page, 'eth_requestAccounts')).toEqual({
      error: { code: 4001, message: 'User rejected the request.', isError: true },
    })
    expect(wallet.connected).toBe(false)
    wallet.set({ rejectConnect: false, rejectSign: true })
    await requestInPage(page, 'eth_requestAccounts')
    const rejected = await requestInPage(page, 'personal_sign', [toHex('hi'), account0.address.toLowerCase()])
    expect(rejected).toEqual({ error: { code: 4001, message: 'User rejected the request.', isError: true } })
  })

  test('signs personal_sign with the anvil key in Node, for the authorised address only', async ({ page, installWallet, blankPageURL }) => {
    await listenForAnnouncements(page)
    const wallet = await installWallet()
    await page.goto(blankPageURL)
    await requestInPage(page, 'eth_requestAccounts')
    const message = 'Sigil harness check'
    const signed = await requestInPage(page, 'personal_sign', [toHex(message), account0.address.toLowerCase()])
    expect('result' in signed).toBe(true)
    const signature = (signed as { result: Hex }).result
    expect(await recoverMessageAddress({ message, signature })).toBe(account0.address)
    expect(wallet.requestsOf('personal_sign')).toEqual([[toHex(message), account0.address.toLowerCase()]])

    const stranger = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]).address
    expect(await requestInPage(page, 'personal_sign', [toHex(message), stranger.toLowerCase()])).toEqual({
      error: expect.objectContaining({ code: 4100 }),
    })
  })

  test('sends eth_sendTransaction signed in Node to the real anvil', async ({ page, installWallet, blankPageURL, chain }) => {
    await listenForAnnouncements(page)
    await installWallet()
    await page.goto(blankPageURL)
    await requestInPage(page, 'eth_requestAccounts')
    const to = privateKeyToAccount(ANVIL_PRIVATE_KEYS[2]).address
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: to })
    const sent = await requestInPage(page, 'eth_sendTransaction', [{ from: account0.address, to, value: toHex(parseEther('1')) }])
    expect(sent).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    const receipt = await client.waitForTransactionReceipt({ hash: (sent as { result: Hex }).result, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(before + parseEther('1'))
  })

  test('switches chain mid-signature: chainChanged reaches the page before the signature', async ({ page, installWallet, blankPageURL }) => {
    await listenForAnnouncements(page)
    const wallet = await installWallet({ behaviour: { switchChainDuringSign: 8453 } })
    await page.goto(blankPageURL)
    await requestInPage(page, 'eth_requestAccounts')
    const order = await page.evaluate(async (address) => {
      const provider = (window as TestWindow).__providers?.[0] as unknown as {
        request: (a: { method: string; params?: unknown[] }) => Promise<unknown>
        on: (e: string, f: (d: unknown) => void) => void
      }
      const events: string[] = []
      provider.on('chainChanged', (id) => events.push(`chainChanged ${String(id)}`))
      await provider.request({ method: 'personal_sign', params: ['0x6869', address] })
      events.push('signature')
      await provider.request({ method: 'personal_sign', params: ['0x6869', address] })
      events.push('signature')
      return events
    }, account0.address.toLowerCase())
    // Once only: the second signature comes without another switch.
    expect(order).toEqual(['chainChanged 0x2105', 'signature', 'signature'])
    expect(wallet.chainId).toBe(8453)
  })

  test('emits accountsChanged when the user switches account or disconnects in the wallet', async ({ page, installWallet, blankPageURL }) => {
    await listenForAnnouncements(page)
    const wallet = await installWallet()
    await page.goto(blankPageURL)
    await requestInPage(page, 'eth_requestAccounts')
    await page.evaluate(() => {
      const provider = (window as TestWindow).__providers?.[0] as unknown as { on: (e: string, f: (d: unknown) => void) => void }
      ;(window as unknown as { __accounts: unknown[] }).__accounts = []
      provider.on('accountsChanged', (accounts) => (window as unknown as { __accounts: unknown[] }).__accounts.push(accounts))
    })
    await wallet.switchAccount(1)
    await wallet.disconnect()
    const seen = await page.evaluate(() => (window as unknown as { __accounts: unknown[] }).__accounts)
    expect(seen).toEqual([[privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]).address], []])
    expect(await requestInPage(page, 'eth_accounts')).toEqual({ result: [] })
  })

  test('installs legacy-only providers as window.ethereum, then window.ethereum.providers, with their flags', async ({ page, installWallet, blankPageURL }) => {
    await listenForAnnouncements(page)
    await installWallet({ legacy: true, announce: false, flags: { isMetaMask: true, isRabby: true } })
    await installWallet({ legacy: true, announce: false, flags: { isCoinbaseWallet: true } })
    await page.goto(blankPageURL)
    const seen = await page.evaluate(() => {
      const w = window as TestWindow
      return {
        announced: w.__announced?.length,
        isMetaMask: w.ethereum?.isMetaMask,
        isRabby: w.ethereum?.isRabby,
        providers: (w.ethereum?.providers as Record<string, unknown>[] | undefined)?.map((p) => ({
          isMetaMask: p.isMetaMask === true,
          isCoinbaseWallet: p.isCoinbaseWallet === true,
        })),
      }
    })
    expect(seen).toEqual({
      announced: 0,
      isMetaMask: true,
      isRabby: true,
      providers: [
        { isMetaMask: true, isCoinbaseWallet: false },
        { isMetaMask: false, isCoinbaseWallet: true },
      ],
    })
  })

  test('an absent wallet leaves no provider at all', async ({ page, installWallet, blankPageURL }) => {
    await listenForAnnouncements(page)
    await installWallet({ absent: true })
    await page.goto(blankPageURL)
    await page.evaluate(() => window.dispatchEvent(new Event('eip6963:requestProvider')))
    expect(await page.evaluate(() => ({ ethereum: 'ethereum' in window, announced: (window as TestWindow).__announced?.length }))).toEqual({
      ethereum: false,
      announced: 0,
    })
  })
})

test.describe('harness guards', () => {
  test('the network guard records a request to a non-loopback host (allowed here so this test passes)', async ({ page, networkGuard, blankPageURL }) => {
    await page.goto(blankPageURL)
    await page.evaluate(() => fetch('https://third-party.example/pixel.gif').catch(() => undefined))
    expect(networkGuard.violations()).toEqual([{ url: 'https://third-party.example/pixel.gif', kind: 'request' }])
    networkGuard.allow('https://third-party.example/pixel.gif')
    expect(networkGuard.violations()).toEqual([])
  })

  test('a route the test sets for an expected URL wins over the guard, which still records it', async ({ page, networkGuard, blankPageURL }) => {
    networkGuard.allow('https://wallet.example/*')
    await page.route('https://wallet.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>wallet</title>' }))
    await page.goto(blankPageURL)
    await page.evaluate(() => {
      window.location.href = 'https://wallet.example/dapp/x'
    })
    await expect(page).toHaveTitle('wallet')
    expect(networkGuard.requests.map((r) => r.url)).toContain('https://wallet.example/dapp/x')
  })

  test('the console log sees errors and page errors', async ({ page, consoleLog, blankPageURL }) => {
    await page.goto(blankPageURL)
    await page.evaluate(() => {
      console.error('visible error')
      setTimeout(() => {
        throw new Error('uncaught')
      })
    })
    await expect.poll(() => consoleLog.problems().map((e) => e.text)).toEqual(['visible error', 'Error: uncaught'])
  })

  test('the CSP guard records what the policy blocked, from the event and the console (expected here so this test passes)', async ({ page, app, cspViolations }) => {
    await page.goto(app.baseURL)
    // Another port of localhost is not in connect-src.
    await page.evaluate(() => {
      try {
        new WebSocket('ws://localhost:1/')
      } catch {
        // older Chromium threw; newer ones report and fail the socket
      }
    })
    await expect.poll(() => cspViolations.unexpected().map((v) => v.source).sort()).toEqual(['console', 'event'])
    expect(cspViolations.unexpected().find((v) => v.source === 'event')).toMatchObject({ directive: 'connect-src', blocked: 'ws://localhost:1/' })
    cspViolations.expect((v) => v.directive === 'connect-src' || /ws:\/\/localhost:1\//.test(v.blocked))
    expect(cspViolations.unexpected()).toEqual([])
  })

  test('axe-core finds a real violation (an unlabelled button) and passes a clean page', async ({ page, blankPageURL, expectAccessible }) => {
    await page.goto(blankPageURL)
    await expectAccessible({ label: 'blank page' })
    await page.evaluate(() => {
      const button = document.createElement('button')
      button.id = 'bad'
      document.querySelector('main')?.append(button)
    })
    await expect(expectAccessible({ include: '#bad', label: 'unlabelled button' })).rejects.toThrow(/button-name/)
  })
})
