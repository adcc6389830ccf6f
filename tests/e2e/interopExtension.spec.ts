import type { Page } from '@playwright/test'
import { recoverMessageAddress, type Hex } from 'viem'
import { en } from '@/lib/i18n/en'
import { ui } from '@/lib/i18n/ui'
import type { InjectedWallet } from '../fixtures/injectedWallet'
import { interopCells, type ExtensionCell } from '../fixtures/interop/matrix'
import { expect, test } from './fixtures'
import { cellsToRun, recordingResult, tableAgreesWithThisRun } from './interopTable'

/**
 * The extension half of the interop matrix (docs/compatibility.md): MetaMask's own inpage provider
 * (`@metamask/providers`, announced as `io.metamask` and set as `window.ethereum`, on MetaMask's
 * stream protocol to a wallet holding anvil's key), on the production build. Each cell: connect, sign,
 * sign in, switch chain, the wallet locks (the page lets go of the account) and unlocks (the site
 * connects again without a new approval), and the wallet disconnects the site.
 */

const SEPOLIA = 11155111

async function signMessage(page: Page, wallet: InjectedWallet, message: string): Promise<void> {
  await page.getByTestId('sign-message-input').fill(message)
  await page.getByTestId('sign-message-button').click()
  await expect(page.getByTestId('signature-output')).toHaveText(/^0x[0-9a-f]{130}$/)
  const signature = (await page.getByTestId('signature-output').textContent()) as Hex
  expect(await recoverMessageAddress({ message, signature })).toBe(wallet.address)
}

async function connect(page: Page, row: string, wallet: InjectedWallet): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('connect-dialog').getByTestId(`wallet-option-${row}`).click()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
}

async function runCell(cell: ExtensionCell, page: Page, wallet: InjectedWallet, baseURL: string): Promise<void> {
  const quirks = new Set(cell.quirks ?? [])
  await page.goto(baseURL)
  const dialog = page.getByTestId('connect-dialog')
  const row = dialog.getByTestId(`wallet-option-${cell.row}`)
  await page.getByTestId('connect-button').click()
  if (quirks.has('injected-late')) {
    // The dialog opened before the provider arrived: once it does, its row connects to it.
    await expect
      .poll(() => page.evaluate(() => Object.keys((window as unknown as { __sigilTestWallets?: object }).__sigilTestWallets ?? {}).length), { message: 'the late provider reached the page' })
      .toBeGreaterThan(0)
  }
  // One row however often the wallet announces itself (it answers every requestProvider too).
  await expect(row).toHaveCount(1)
  if (quirks.has('request-pending')) {
    wallet.set({ connectPending: true })
    await row.click()
    await expect(page.getByTestId('connect-error')).toHaveAttribute('data-code', 'request_pending')
    wallet.set({ connectPending: false })
    await page.getByTestId('connect-retry').click()
  } else {
    await row.click()
  }
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
  // MetaMask's own provider did the talking: it asked for its state over its stream at start.
  if (cell.wallet === 'metamask-inpage') expect(wallet.requestsOf('metamask_getProviderState').length).toBeGreaterThan(0)

  await signMessage(page, wallet, `interop ${cell.id}`)

  await page.getByTestId('sign-in-button').click()
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
  await expect(page.getByTestId('auth-address')).toHaveText(wallet.address)

  await page.getByTestId('chain-menu-button').click()
  await page.getByTestId(`chain-option-${SEPOLIA}`).click()
  await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(SEPOLIA))
  expect(wallet.chainId).toBe(SEPOLIA)
  if (quirks.has('add-chain-first')) expect(wallet.requestsOf('wallet_addEthereumChain')).toHaveLength(1)
  // Once the switch is over, the user changes network in the wallet: the page follows (hex or, for
  // some wallets, a number).
  await expect(page.getByTestId('chain-menu-button')).not.toContainText(ui['chain.switching'])
  await wallet.switchChain(1)
  await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', '1')

  // Locked: the wallet says accountsChanged([]), and the page lets go of the account.
  await wallet.lock()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await expect(page.getByTestId('account-address')).toHaveCount(0)
  // Unlocked: the site is still approved, so connecting again asks for nothing new.
  await wallet.unlock()
  const approvals = wallet.requestsOf('eth_requestAccounts').length
  await connect(page, cell.row, wallet)
  expect(wallet.requestsOf('eth_requestAccounts').length).toBe(approvals + 1)
  await signMessage(page, wallet, `after unlock ${cell.id}`)

  // The user disconnects the site in the wallet.
  await wallet.disconnect()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await expect(page.getByTestId('account-address')).toHaveCount(0)
}

test.describe('interop matrix: extensions', () => {
  for (const { cell } of cellsToRun(interopCells.extension)) {
    test(cell.id, async ({ page, app, installWallet }) => {
      const wallet = await installWallet(cell.install)
      await recordingResult(cell.id, cell.version, () => runCell(cell, page, wallet, app.baseURL))
    })
  }

  tableAgreesWithThisRun(interopCells.extension)
})

test.describe("a wallet answering malformed data through MetaMask's own provider", () => {
  const metamask = interopCells.extension.find((cell) => cell.wallet === 'metamask-inpage')!

  test('malformed accounts on connect: a typed error, nothing connected', async ({ page, app, installWallet }) => {
    const wallet = await installWallet({ ...metamask.install, behaviour: { answers: { eth_requestAccounts: ['0xnot-an-address'], eth_accounts: ['0xnot-an-address'] } } })
    await page.goto(app.baseURL)
    await page.getByTestId('connect-button').click()
    await page.getByTestId('connect-dialog').getByTestId(`wallet-option-${metamask.row}`).click()
    await expect(page.getByTestId('connect-error')).toHaveAttribute('data-code', /.+/)
    await expect(page.getByTestId('account-address')).toHaveCount(0)
    expect(wallet.requestsOf('eth_requestAccounts').length).toBeGreaterThan(0)
  })

  test('a malformed signature and malformed events: a typed error, the account and chain unchanged', async ({ page, app, installWallet }) => {
    const wallet = await installWallet(metamask.install)
    await page.goto(app.baseURL)
    await connect(page, metamask.row, wallet)
    const chainBefore = await page.getByTestId('current-chain').getAttribute('data-chain-id')

    // Not bytes (an odd hex digit), then not hex at all: each a typed error, no signature shown.
    for (const malformed of ['0x123', 'not a signature']) {
      wallet.set({ answers: { personal_sign: malformed } })
      await page.getByTestId('sign-message-button').click()
      await expect(page.getByTestId('sign-error')).toHaveAttribute('data-code', 'unknown')
      await expect(page.getByTestId('signature-output')).toHaveCount(0)
    }

    // Events the wallet should never send: an address that is not one, a chain id that is not one.
    await wallet.emit('accountsChanged', ['0xnot-an-address'])
    await wallet.emit('chainChanged', 'banana')
    await page.waitForTimeout(500)
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', chainBefore!)
  })
})

test.describe("a wallet that does not do what it is asked, through MetaMask's own provider", () => {
  const metamask = interopCells.extension.find((cell) => cell.wallet === 'metamask-inpage')!

  test("it ignores wallet_switchEthereumChain: the switch fails with a typed error, the chain stays, and the wallet's own change is still followed", async ({ page, app, installWallet }) => {
    const wallet = await installWallet({ ...metamask.install, behaviour: { ignoreSwitchChain: true } })
    await page.goto(app.baseURL)
    await connect(page, metamask.row, wallet)
    const chainBefore = (await page.getByTestId('current-chain').getAttribute('data-chain-id'))!

    await page.getByTestId('chain-menu-button').click()
    await page.getByTestId(`chain-option-${SEPOLIA}`).click()
    const error = page.getByTestId('chain-error')
    await expect(error).toHaveAttribute('data-code', 'switch_chain_rejected')
    await expect(error).toContainText(en.errors.switch_chain_rejected)
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', chainBefore)
    expect(wallet.requestsOf('wallet_switchEthereumChain')).toHaveLength(1)
    expect(wallet.chainId).toBe(Number(chainBefore))

    // The user changes network in the wallet itself: the page follows.
    await wallet.switchChain(1)
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', '1')
  })

  test("it never answers eth_chainId: connecting ends with the read's timeout, nothing connected, and a retry connects once it answers", async ({ page, app, installWallet }) => {
    const wallet = await installWallet({ ...metamask.install, behaviour: { neverAnswer: ['eth_chainId'] } })
    await page.goto(app.baseURL)
    await page.getByTestId('connect-button').click()
    await page.getByTestId('connect-dialog').getByTestId(`wallet-option-${metamask.row}`).click()
    const error = page.getByTestId('connect-error')
    // 1000 ms for the read (docs/connectors/retries-and-timeouts.md), well within the wait here.
    await expect(error).toHaveAttribute('data-code', 'request_timeout')
    await expect(error).toContainText(en.errors.request_timeout)
    await expect(page.getByTestId('account-address')).toHaveCount(0)

    wallet.set({ neverAnswer: [] })
    await page.getByTestId('connect-retry').click()
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', wallet.address)
  })

  test('it never answers eth_accounts after a reload: the restore gives up within its timeouts and the page offers Connect', async ({ page, app, installWallet }) => {
    const wallet = await installWallet(metamask.install)
    await page.goto(app.baseURL)
    await connect(page, metamask.row, wallet)

    wallet.set({ neverAnswer: ['eth_accounts', 'eth_chainId'] })
    await page.reload()
    await expect(page.getByTestId('connect-button')).toBeVisible({ timeout: 10_000 })
    await expect(page.getByTestId('account-address')).toHaveCount(0)
    expect(wallet.requestsOf('eth_accounts').length + wallet.requestsOf('eth_chainId').length).toBeGreaterThan(0)
  })
})
