import type { Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createKeysWallet, type KeysWallet, type KeysWalletBehaviour } from '../fixtures/coinbase/keysWallet'
import { deploySmartWalletFactory } from '../fixtures/coinbase/smartAccount'
import { expect, test as base } from './fixtures'

/**
 * Fixtures of the Coinbase Smart Wallet specs: on top of the worker's local keys page (a stand-in for
 * Coinbase's popup, tests/fixtures/coinbase) and the app server whose `COINBASE_KEYS_URL` points the
 * SDK at it (`keysServer`, `coinbaseApp`: tests/e2e/familyServers.ts), per test the wallet behind the
 * page — by default a smart account of the ERC-1271 factory on the worker's anvil, not deployed yet.
 * Coinbase's own service is the network edge this replaces.
 */

export type KeysWalletSetup = {
  /** `false`: a plain key (EOA) instead of a smart account. Default: a smart account, `deployed: false`. */
  smartAccount?: { deployed?: boolean } | false
  behaviour?: Partial<KeysWalletBehaviour>
}

/** The chains the wallet lists at the handshake, as Coinbase's smart wallet lists the ones it supports. */
export const KEYS_WALLET_CHAINS = [84532, 8453, 1] as const

type TestFixtures = {
  /** Puts a wallet behind the keys page for this test (the chain is reverted afterwards). */
  useKeysWallet: (setup?: KeysWalletSetup) => Promise<KeysWallet>
}

export const test = base.extend<TestFixtures>({
  useKeysWallet: async ({ keysServer, chain, chainSnapshot: _ }, provide) => {
    await provide(async (setup = {}) => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const chains = Object.fromEntries(KEYS_WALLET_CHAINS.map((id) => [id, chain.rpcUrl]))
      let smartAccount: { kit: Awaited<ReturnType<typeof deploySmartWalletFactory>>; salt: number } | undefined
      if (setup.smartAccount !== false) {
        const kit = await deploySmartWalletFactory(chain.rpcUrl)
        smartAccount = { kit, salt: 1 }
        if (setup.smartAccount?.deployed) await kit.deploy(owner.address, 1)
      }
      const wallet = await createKeysWallet({ owner, smartAccount, chains, behaviour: setup.behaviour })
      keysServer.wallet = wallet
      return wallet
    })
    keysServer.wallet = undefined
    keysServer.settings = { closeAfterAnswer: true }
    keysServer.events.length = 0
  },
})

export { expect }

/** The localStorage key the SDK writes when it is created: the family is warmed up and its provider ready. */
export const SDK_CREATED_KEY = '-CBWSDK:VERSION'

/** The Coinbase Smart Wallet's row in the connect dialog. */
export const COINBASE_OPTION = 'wallet-option-coinbasesmartwallet'

/**
 * Opens the connect dialog and reaches for the Coinbase row the way a mouse user does (the pointer
 * moves over it), then waits until that intent has created the SDK and the row is ready, so the
 * click that follows opens the popup at once.
 */
export async function openDialogWarm(page: Page) {
  await page.getByTestId('connect-button').click()
  const dialog = page.getByTestId('connect-dialog')
  await expect(dialog).toBeVisible()
  const row = dialog.getByTestId(COINBASE_OPTION)
  await row.hover()
  await page.waitForFunction((key) => window.localStorage.getItem(key) !== null, SDK_CREATED_KEY)
  await expect(row).not.toHaveAttribute('data-preparing', 'true')
  return dialog
}

/**
 * Runs `action`, which opens the keys page in a popup, and waits until the page has answered and
 * closed itself. The SDK hands a request to its popup while that window is still open, so the next
 * request opens a window of its own only once this one is gone (as with Coinbase's own popup).
 */
export async function throughPopup(page: Page, action: () => Promise<unknown>) {
  const opened = page.waitForEvent('popup')
  await action()
  const popup = await opened
  await expect.poll(() => popup.isClosed()).toBe(true)
}
