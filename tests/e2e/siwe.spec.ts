import type { Page } from '@playwright/test'
import { hexToString, isHex, toHex, verifyMessage, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { en } from '@/lib/i18n/en'
import type { InjectedWallet } from '../fixtures/injectedWallet'
import { expect, test } from './fixtures'
import { connectTestWallet, serverSession, signInWithTestWallet } from './signIn'

/**
 * Sign-In with Ethereum end to end (issue 3): the production build, Debian's Chromium, the injected
 * test wallet (keys in Node, chain on a real anvil) and the real auth API with its embedded store.
 */

/** Signs in with the connected test wallet; the session is on the wallet's chain. */
async function signIn(page: Page, wallet: InjectedWallet): Promise<void> {
  await signInWithTestWallet(page, wallet)
  await expect(page.getByTestId('auth-chain')).toHaveAttribute('data-chain-id', String(wallet.chainId))
}

test('signs in, survives a reload, ends on an account switch, signs in again and signs out', { tag: '@dev' }, async ({ page, app, installWallet, snap }) => {
  const wallet = await installWallet()
  await page.goto(app.baseURL)
  await connectTestWallet(page)
  const first = wallet.address

  // Sign in: one personal_sign of an EIP-4361 message for this site, verified by the server.
  await signIn(page, wallet)
  const signRequests = wallet.requestsOf('personal_sign') as [Hex, string][]
  expect(signRequests).toHaveLength(1)
  const [hexMessage, signer] = signRequests[0]!
  expect(signer).toBe(first.toLowerCase())
  expect(isHex(hexMessage)).toBe(true)
  const message = hexToString(hexMessage)
  expect(toHex(message)).toBe(hexMessage)
  const origin = new URL(app.baseURL)
  expect(parseSiweMessage(message)).toMatchObject({ address: first, chainId: 31337, domain: origin.host, uri: origin.origin, version: '1' })
  const answered = wallet.requests.find((request) => request.method === 'personal_sign')?.result as Hex
  expect(await verifyMessage({ address: first, message, signature: answered })).toBe(true)
  expect(await serverSession(page)).toMatchObject({ status: 200, body: { address: first, chainId: 31337 } })
  const cookie = (await page.context().cookies(app.baseURL)).find((entry) => entry.name.endsWith('sigil_session'))
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
  await snap('siwe-signed-in')

  // Reload: still signed in, without signing again.
  await page.reload()
  await expect(page.getByTestId('account-address')).toBeVisible()
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
  await expect(page.getByTestId('auth-address')).toHaveText(first)
  expect(wallet.requestsOf('personal_sign')).toHaveLength(1)

  // Another account in the wallet: the session of the first one ends, in the page and on the server.
  await wallet.switchAccount(1)
  expect(wallet.address).not.toBe(first)
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  await expect(page.getByTestId('auth-address')).toBeHidden()
  await expect.poll(async () => (await serverSession(page)).status).toBe(401)

  // Sign in again, as the second account.
  await signIn(page, wallet)
  expect(await serverSession(page)).toMatchObject({ status: 200, body: { address: wallet.address } })

  // Sign out.
  await page.getByTestId('sign-out-button').click()
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  await expect(page.getByTestId('sign-in-button')).toBeVisible()
  expect((await serverSession(page)).status).toBe(401)
  expect((await page.context().cookies(app.baseURL)).some((entry) => entry.name.endsWith('sigil_session'))).toBe(false)
  await expect(page.getByTestId('auth-error')).toHaveCount(0)
})

test('a rejected signature returns to idle with a short note, not an error', async ({ page, app, installWallet }) => {
  const wallet = await installWallet({ behaviour: { rejectSign: true } })
  await page.goto(app.baseURL)
  await connectTestWallet(page)
  await page.getByTestId('sign-in-button').click()
  await expect(page.getByTestId('auth-note')).toHaveText(en.ui['auth.cancelled'])
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  await expect(page.getByTestId('auth-error')).toHaveCount(0)
  expect((await serverSession(page)).status).toBe(401)

  // The next attempt works (a fresh nonce: the first one was never used).
  wallet.set({ rejectSign: false })
  await signIn(page, wallet)
})

test('disconnecting the wallet ends the session', async ({ page, app, installWallet }) => {
  const wallet = await installWallet()
  await page.goto(app.baseURL)
  await connectTestWallet(page)
  await signIn(page, wallet)
  await page.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await expect.poll(async () => (await serverSession(page)).status).toBe(401)
})

// The signed-in view asks for the account and its sessions as it appears. When the session ends while
// those answers are on the way (the wallet switched account, or Sign out), the page stops them before
// it tells the server: a request the server reads after the session ended would come back 401, which
// the browser prints as an error ("Failed to load resource … 401") though nothing went wrong. The
// answers are held here until the server has ended the session, and let through while the sign-out's
// own answer is still held from the page (the moment a view that waited for it to go away lost the
// race, seen under `next dev` in CI). An account switch waits for the account's answer by design (the
// new address may be one of its linked wallets), so there only the sessions'.
const endings = [
  { ending: 'an account switch', held: ['/api/auth/sessions'] },
  { ending: 'Sign out', held: ['/api/auth/account', '/api/auth/sessions'] },
] as const
for (const { ending, held: heldPaths } of endings) {
  test(`a session ended by ${ending} while its account and sessions are asked prints no error`, async ({ page, app, installWallet, consoleLog }) => {
    const wallet = await installWallet()
    const held: { path: string; release: () => Promise<void> }[] = []
    for (const path of heldPaths) {
      await page.route(`**${path}`, async (route) => {
        const request = route.request()
        const settled = new Promise<void>((resolve) => {
          const done = (ended: typeof request) => {
            if (ended !== request) return
            page.off('requestfinished', done)
            page.off('requestfailed', done)
            resolve()
          }
          page.on('requestfinished', done)
          page.on('requestfailed', done)
        })
        held.push({
          path,
          release: async () => {
            // Already stopped by the page: nothing to let through.
            await route.continue().catch(() => undefined)
            await settled
          },
        })
      })
    }
    // The sign-out reaches the server; its answer waits here until the held reads are let through.
    let served!: () => void
    const signedOutAtServer = new Promise<void>((resolve) => (served = resolve))
    let answer!: () => void
    const answerLogout = new Promise<void>((resolve) => (answer = resolve))
    await page.route('**/api/auth/logout', async (route) => {
      const response = await route.fetch()
      served()
      await answerLogout
      await route.fulfill({ response })
    })
    await page.goto(app.baseURL)
    await connectTestWallet(page)
    await signIn(page, wallet)
    await expect.poll(() => held.map((entry) => entry.path).sort()).toEqual([...heldPaths])

    if (ending === 'Sign out') await page.getByTestId('sign-out-button').click()
    else await wallet.switchAccount(1)
    await signedOutAtServer
    expect((await serverSession(page)).status).toBe(401)
    await Promise.all(held.map((entry) => entry.release()))
    answer()
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')

    expect(consoleLog.problems().map((entry) => entry.text)).toEqual([])
    await expect(page.getByTestId('auth-error')).toHaveCount(0)
    await expect(page.getByTestId('sign-in-button')).toBeVisible()
  })
}
