import type { Page } from '@playwright/test'
import type { InjectedWallet } from '../fixtures/injectedWallet'
import { expect } from './fixtures'

/** The injected test wallet's row key (tests/fixtures/injectedWallet.ts announces it over EIP-6963). */
export const TEST_WALLET_KEY = 'sigiltestwallet'

/** A second browser's User-Agent, for the sessions list's "Edge on Windows". */
export const EDGE_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0'

/** Connects the injected test wallet from the dialog, as a user does. */
export async function connectTestWallet(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('connect-dialog').getByTestId(`wallet-option-${TEST_WALLET_KEY}`).click()
  await expect(page.getByTestId('account-address')).toBeVisible()
}

/** Signs in with the connected test wallet, as a user does: "Sign in", then signed in as its address. */
export async function signInWithTestWallet(page: Page, wallet: InjectedWallet): Promise<void> {
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'idle')
  await page.getByTestId('sign-in-button').click()
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
  await expect(page.getByTestId('auth-address')).toHaveText(wallet.address)
}

/** Connects the injected test wallet from the dialog and signs in with it, as a user does. */
export async function connectAndSignIn(page: Page, wallet: InjectedWallet): Promise<void> {
  await connectTestWallet(page)
  await signInWithTestWallet(page, wallet)
}

/**
 * What the server says about the page's session: `GET /api/auth/session` with the page's cookies,
 * sent from Node by Playwright's request context (`origin`: the app's, by default the page's own).
 * `Connection: close`, as that context keeps sockets alive without reading the server's `Keep-Alive:
 * timeout=5` answer: a request sent on an idle socket just as the server closes it fails with "read
 * ECONNRESET" (seen under `next dev` in siwe.spec.ts; microsoft/playwright issue 42698).
 */
export async function serverSession(page: Page, origin: string = page.url()): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await page.request.get(new URL('/api/auth/session', origin).href, { headers: { connection: 'close' } })
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> }
}
