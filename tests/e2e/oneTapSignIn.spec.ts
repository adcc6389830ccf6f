import type { Page } from '@playwright/test'
import { generatePrivateKey } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { connectAndSignIn } from './signIn'
import { expect as baseExpect, test } from './walletConnectFixtures'

// Both SDKs and the relay share the machine's two cores with the browser and the app: the
// WalletConnect spec's generous waits (tests/e2e/walletconnect.spec.ts).
const expect = baseExpect.configure({ timeout: 30_000 })
test.beforeEach(() => test.slow())

/**
 * One-tap sign-in over WalletConnect (docs/sign-in.md#one-tap-sign-in-over-walletconnect) in the
 * production build: the page's WalletConnect pairing carries the authenticate request with a nonce
 * from the server; the real wallet SDK answers it through the loopback relay with one approval, and
 * the page is connected and signed in. A wallet without support connects as before and signs in
 * with the button.
 */

async function pairByQr(page: Page, pair: (uri: string) => Promise<void>): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('connect-dialog').getByTestId('wallet-option-walletconnect').click()
  const qr = page.getByTestId('wc-qr')
  await expect(qr).toHaveAttribute('data-uri', /^wc:/)
  await pair((await qr.getAttribute('data-uri'))!)
}

async function serverSession(page: Page): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/session', { cache: 'no-store' })
    return { status: response.status, body: await response.json().catch(() => null) }
  })
}

test('a wallet that supports it connects and signs in with one approval, and stays signed in after a reload', { tag: '@dev' }, async ({ page, wcServer, startWallet }) => {
  const wallet = await startWallet({ authenticate: true })
  await page.goto(wcServer.baseURL)
  await pairByQr(page, (uri) => wallet.pair(uri))
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
  await expect(page.getByTestId('auth-address')).toHaveText(wallet.address)
  // One round trip with the wallet: the authenticate request, nothing else.
  expect(wallet.authentications).toHaveLength(1)
  expect(wallet.proposals).toHaveLength(0)
  expect(wallet.requests.filter((request) => request.method === 'personal_sign')).toHaveLength(0)
  const origin = new URL(wcServer.baseURL)
  expect(parseSiweMessage(wallet.authentications[0]!.message)).toMatchObject({ address: wallet.address, domain: origin.host, uri: origin.origin })
  expect(await serverSession(page)).toMatchObject({ status: 200, body: { address: wallet.address } })

  await page.reload()
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
  expect(wallet.authentications).toHaveLength(1)
})

test('a wallet without support connects as before, with no error, and signs in with the button', async ({ page, wcServer, wcWallet }) => {
  await page.goto(wcServer.baseURL)
  await pairByQr(page, (uri) => wcWallet.pair(uri))
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', wcWallet.address)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  await expect(page.getByTestId('auth-error')).toBeHidden()
  expect(wcWallet.proposals).toHaveLength(1)
  await page.getByTestId('sign-in-button').click()
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
  expect(wcWallet.requests.filter((request) => request.method === 'personal_sign')).toHaveLength(1)
  expect(await serverSession(page)).toMatchObject({ status: 200, body: { address: wcWallet.address } })
})

test('a signed-in user links a phone wallet with one approval: its pairing carries the link message, and it is listed at once with its family', async ({
  page,
  wcServer,
  startWallet,
  installWallet,
}) => {
  const extension = await installWallet({ accountIndex: 2 })
  // A fresh key: no other test's sign-in has given it an account of its own on this server.
  const phone = await startWallet({ authenticate: true, privateKey: generatePrivateKey() })
  await page.goto(wcServer.baseURL)
  await connectAndSignIn(page, extension)

  await page.getByTestId('link-start').click()
  await page.getByTestId('connect-dialog').getByTestId('wallet-option-walletconnect').click()
  const qr = page.getByTestId('wc-qr')
  await expect(qr).toHaveAttribute('data-uri', /^wc:/)
  await phone.pair((await qr.getAttribute('data-uri'))!)

  // Linked with no tap on the page after the wallet's approval, and the session is still the extension's.
  await expect(page.getByTestId('wallets-list').locator(`[data-address="${phone.address}"]`)).toHaveAttribute('data-family', 'walletconnect')
  await expect(page.getByTestId('wallets-note')).toContainText(phone.address)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
  await expect(page.getByTestId('auth-address')).toHaveText(extension.address)
  await expect(page.getByTestId('link-candidate')).toHaveCount(0)
  // One round trip with the phone: the authenticate request carrying the link, nothing else.
  expect(phone.authentications).toHaveLength(1)
  expect(phone.proposals).toHaveLength(0)
  expect(phone.requests.filter((request) => request.method === 'personal_sign')).toHaveLength(0)
  expect(parseSiweMessage(phone.authentications[0]!.message).statement).toMatch(/^Link this wallet to Sigil account [0-9a-f-]{36}\. I further authorize/)
  const account = await page.evaluate(async () => (await fetch('/api/auth/account', { cache: 'no-store' })).json())
  expect((account as { wallets: { address: string }[] }).wallets.map((wallet) => wallet.address)).toEqual([extension.address, phone.address])
})
