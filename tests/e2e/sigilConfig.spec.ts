import { hexToString, isHex } from 'viem'
import type { NextServer } from '../fixtures/nextServer'
import { expect as baseExpect, test as base } from './fixtures'
import { ACME_ICON } from '../fixtures/sigilConfig/custom'
import { TEST_WALLET_KEY } from './signIn'

/**
 * A deployment's sigil.config.ts (issue 43, part 1), as a visitor meets it: the file in
 * tests/fixtures/sigilConfig/custom.ts, named by SIGIL_CONFIG, under `next dev` (the file is compiled
 * into the app, so a production build of it would be a second build of the whole app; `next dev`
 * compiles what the page asks for). The production build the rest of the suite runs has no file, and
 * every other test holds that nothing changed for it.
 */
/**
 * Every wait here gets what the `dev` project's waits get (playwright.config.ts), whichever project runs
 * the file: `next dev` compiles each chunk on its first request, and the dialog, the watcher that finds
 * installed wallets and the account view load one after another. Clean-clone CI runs saw the installed
 * wallet still "Not installed" when the default 5 s ran out (a rebuild of 5.1 s), and, once the wallet
 * was picked, the account view still compiling (a rebuild of 3.7 s, after the click's own).
 */
const expect = baseExpect.configure({ timeout: 30_000 })

/**
 * One `next dev` of the configured app for the file's tests, which run one after the other in one
 * worker: the second finds the pages compiled (two starts took about 57 s each in a CI run).
 */
const test = base.extend<object, { acme: NextServer }>({
  acme: [
    async ({ startServer }, provide) => {
      await provide(await startServer({ mode: 'dev', routePublicChainsToLocalRpc: true, env: { SIGIL_CONFIG: 'tests/fixtures/sigilConfig/custom.ts' } }))
    },
    { scope: 'worker', timeout: 240_000 },
  ],
})

test.describe('a deployment with its own sigil.config.ts', () => {
  test.describe.configure({ timeout: 240_000 })

  test('shows its theme, its sentence, its wallet list and families, its chains, and signs in with its statement', async ({ page, acme: server, installWallet }) => {
    const wallet = await installWallet()
    await page.goto(server.baseURL)

    // The theme: fixed dark whatever the OS says (Chromium here prefers light), with its accent and radius.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    const look = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement)
      return { accent: style.getPropertyValue('--accent').trim(), radius: style.getPropertyValue('--radius').trim(), scheme: style.colorScheme, bg: style.getPropertyValue('--bg').trim() }
    })
    expect(look).toEqual({ accent: '#ff7a00', radius: '4px', scheme: 'dark', bg: '#101217' })

    await page.getByTestId('connect-button').click()
    const dialog = page.getByTestId('connect-dialog')
    // The deployment's own sentence in place of "Connect a wallet".
    await expect(dialog.getByRole('heading', { name: 'Pick your wallet' })).toBeVisible()
    await expect(dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`)).toBeVisible()
    const keys = await dialog.locator('[data-testid^="wallet-option-"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')!.replace('wallet-option-', '')))
    // Featured first, in their order; the excluded wallet nowhere; families left out have no row.
    // The installed wallet and the families' rows, then "More wallets": the featured ones first, in
    // their order, then the one the file orders first. The excluded wallet is nowhere, and the
    // families the file leaves out (WalletConnect, the Coinbase Smart Wallet) have no row.
    expect(keys.slice(0, 6)).toEqual([TEST_WALLET_KEY, 'embedded', 'acme', 'zerion', 'rabby', 'trust'])
    // The deployment's own wallet, not installed here: its name, its icon and its install page.
    const acme = dialog.getByTestId('wallet-option-acme')
    await expect(acme).toContainText('Acme Wallet')
    expect(await acme.locator('img').first().getAttribute('src')).toBe(ACME_ICON)
    await expect(dialog.getByTestId('wallet-install-acme')).toHaveAttribute('href', 'https://acme.example/wallet')
    expect(keys).not.toContain('phantom')
    expect(keys).not.toContain('walletconnect')
    expect(keys).not.toContain('coinbasesmartwallet')

    await dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`).click()
    await expect(page.getByTestId('account-address')).toBeVisible()
    // The chain menu: the file's chains in its order, then the local chain development adds.
    await page.getByTestId('chain-menu-button').click()
    const chainIds = await page.locator('[data-testid^="chain-option-"]:not([data-testid^="chain-option-reason-"])').evaluateAll((options) => options.map((option) => option.getAttribute('data-testid')!.replace('chain-option-', '')))
    expect(chainIds).toEqual(['8453', '1', '31337'])
    await page.keyboard.press('Escape')
    await page.getByTestId('sign-in-button').click()
    await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in')
    const [[signed]] = wallet.requestsOf('personal_sign') as [[string]]
    const message = isHex(signed) ? hexToString(signed) : signed
    expect(message.split('\n')[3]).toBe('Sign in to Acme to prove you own this address.')
  })

  test('finds its own wallet installed by its rdns: first as featured, connects under its key, and a reload keeps it', async ({ page, acme: server, installWallet }) => {
    // The operator's wallet, as its extension announces itself (EIP-6963).
    await installWallet({ rdns: 'com.acme.wallet', name: 'Acme Wallet' })
    await page.goto(server.baseURL)
    await page.getByTestId('connect-button').click()
    const dialog = page.getByTestId('connect-dialog')
    await expect(dialog.getByTestId('wallet-option-acme')).toBeVisible()
    const keys = await dialog.locator('[data-testid^="wallet-option-"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')!.replace('wallet-option-', '')))
    // Featured first of the installed wallets; no second row for the same wallet.
    expect(keys[0]).toBe('acme')
    expect(keys.filter((key) => key === 'acme')).toHaveLength(1)
    await expect(dialog.getByTestId('wallet-install-acme')).toHaveCount(0)
    await dialog.getByTestId('wallet-option-acme').click()
    await expect(page.getByTestId('account-address')).toBeVisible()
    await expect(page.getByTestId('account-wallet-name')).toHaveText('Acme Wallet')
    // Stored under its key: the reload reconnects the same wallet.
    expect(await page.evaluate(() => document.cookie + JSON.stringify(localStorage))).toContain('acme')
    await page.reload()
    await expect(page.getByTestId('account-address')).toBeVisible()
    await expect(page.getByTestId('account-wallet-name')).toHaveText('Acme Wallet')
  })
})
