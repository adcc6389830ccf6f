import type { Locator, Page } from '@playwright/test'
import { getAddress, toHex, verifyMessage, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { getSupportedChains } from '@/lib/chains'
import { en } from '@/lib/i18n/en'
import { storageKeys } from '@/lib/storageNames'
import { ANVIL_PRIVATE_KEYS } from '../fixtures/anvil'
import type { InjectedWallet } from '../fixtures/injectedWallet'
import { phoneContext } from '../fixtures/userAgents'
import { watchPageEgress } from './egress'
import { expect, test } from './fixtures'
import { readClipboard } from './readClipboard'
import { TEST_WALLET_KEY } from './signIn'

/**
 * Browser-extension wallets end to end (issue 2): the production build in Debian's Chromium, an
 * injected EIP-6963 test wallet whose keys sign in Node, and a real anvil. Every test also runs
 * the harness guards: no request may leave loopback, and no hydration error may reach the console.
 */

/** The default test wallet is unknown to the wallet-book, so its key is `connectorKey(name)`. */
const SUPPORTED_CHAIN_IDS = getSupportedChains({ includeLocal: true }).map((chain) => chain.id)
const SEPOLIA = 11155111

function shortened(address: Address): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

async function openDialog(page: Page): Promise<Locator> {
  await page.getByTestId('connect-button').click()
  const dialog = page.getByTestId('connect-dialog')
  await expect(dialog).toBeVisible()
  return dialog
}

async function connect(page: Page, key = TEST_WALLET_KEY): Promise<void> {
  const dialog = await openDialog(page)
  await dialog.getByTestId(`wallet-option-${key}`).click()
  await expect(page.getByTestId('account-address')).toBeVisible()
  await expect(dialog).toBeHidden()
}

/** The four persisted values of one connector, read from the page's localStorage. */
function readPersisted(page: Page, connectorKey = TEST_WALLET_KEY) {
  return page.evaluate((keys) => {
    const values: Record<string, string | null> = {}
    for (const [value, name] of Object.entries(keys)) values[value] = window.localStorage.getItem(name)
    return values
  }, storageKeys(connectorKey))
}

/** Every localStorage entry whose name ends with the connector key (whatever the app named it). */
function readKeysEndingWith(page: Page, connectorKey = TEST_WALLET_KEY) {
  return page.evaluate((suffix) => {
    const found: Record<string, string | null> = {}
    for (let i = 0; i < window.localStorage.length; i++) {
      const name = window.localStorage.key(i)
      if (name?.endsWith(suffix)) found[name] = window.localStorage.getItem(name)
    }
    return found
  }, connectorKey)
}

function signatureAnswers(wallet: InjectedWallet): Hex[] {
  return wallet.requests.filter((r) => r.method === 'personal_sign' && typeof r.result === 'string').map((r) => r.result as Hex)
}

test.describe('connecting', () => {
  test('connects an EIP-6963 wallet and shows the checksummed address shortened, with a copy button, and the chain', { tag: '@dev' }, async ({
    page,
    app,
    installWallet,
    snap,
    context,
    blankPageURL,
  }) => {
    const wallet = await installWallet()
    await context.grantPermissions(['clipboard-write'], { origin: app.baseURL })
    await page.goto(app.baseURL)
    await expect(page.getByTestId('connect-button')).toHaveText('Connect wallet')
    await snap('disconnected')

    const dialog = await openDialog(page)
    await expect(dialog).toHaveAttribute('role', 'dialog')
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toBeVisible()
    const option = dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`)
    await expect(option).toHaveAttribute('data-installed', 'true')
    await expect(option).toContainText('Sigil Test Wallet')
    await expect(option.getByRole('img', { name: 'Sigil Test Wallet' })).toBeVisible()
    await snap('dialog-open')

    await option.click()
    const address = page.getByTestId('account-address')
    await expect(address).toHaveText(shortened(wallet.address))
    await expect(address).toHaveAttribute('title', getAddress(wallet.address))
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', '31337')
    await expect(page.getByTestId('wrong-network')).toHaveCount(0)
    expect(wallet.requests.map((r) => r.method)).toContain('eth_requestAccounts')

    const persisted = await readPersisted(page)
    expect(persisted.activeAccount).toBe(getAddress(wallet.address))
    expect(persisted.currentChain).toBe('31337')

    const copy = page.getByTestId('copy-address')
    await expect(copy).toHaveAccessibleName('Copy address')
    await copy.click()
    await expect(copy).toContainText('Copied')
    expect(await readClipboard(page, blankPageURL)).toBe(getAddress(wallet.address))
    await snap('connected')
  })

  test('a wallet that rejects the connection shows "Connection rejected. Please try again.", leaves nothing connected, and retry connects', async ({
    page,
    app,
    installWallet,
    snap,
    expectAccessible,
  }) => {
    const wallet = await installWallet({ behaviour: { rejectConnect: true } })
    await page.goto(app.baseURL)
    const dialog = await openDialog(page)
    await dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`).click()

    const error = dialog.getByTestId('connect-error')
    await expect(error).toBeVisible()
    await expect(error).toHaveAttribute('role', 'alert')
    await expect(error).toContainText(en.errors.connection_rejected)
    await expect(error).toHaveAttribute('data-code', 'connection_rejected')
    await expect(page.getByTestId('account-address')).toHaveCount(0)
    await expect(page.getByTestId('disconnect-button')).toHaveCount(0)
    expect(Object.values(await readPersisted(page)).filter((v) => v !== null)).toEqual([])
    expect(wallet.connected).toBe(false)
    await snap('connect-error')
    await expectAccessible({ label: 'connect error' })

    wallet.set({ rejectConnect: false })
    await dialog.getByTestId('connect-retry').click()
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wallet.address))
    await expect(dialog).toBeHidden()
  })

  test('lists two wallets announced at once exactly once each, installed first, and does not take a MetaMask impersonator for MetaMask', async ({
    page,
    app,
    installWallet,
  }) => {
    await installWallet({ name: 'Sigil Test Wallet', rdns: 'dev.sigil.testwallet' })
    await installWallet({ name: 'Second Test Wallet', rdns: 'dev.sigil.secondwallet', accountIndex: 1 })
    // A legacy provider that claims to be MetaMask, as Rabby does for old dapps.
    await installWallet({ name: 'Impersonator', announce: false, legacy: true, flags: { isMetaMask: true, isRabby: true }, accountIndex: 2 })
    await page.goto(app.baseURL)
    const dialog = await openDialog(page)

    const options = dialog.locator('[data-testid^="wallet-option-"]')
    await expect(dialog.getByTestId('wallet-option-sigiltestwallet')).toHaveCount(1)
    await expect(dialog.getByTestId('wallet-option-secondtestwallet')).toHaveCount(1)
    const listed = await options.evaluateAll((elements) =>
      elements.map((el) => ({ key: el.getAttribute('data-testid')?.replace('wallet-option-', ''), installed: el.getAttribute('data-installed') })),
    )
    // Each wallet listed once.
    const keys = listed.map((o) => o.key)
    expect(new Set(keys).size).toBe(keys.length)
    // Installed first: no installed option after a non-installed one.
    const firstNotInstalled = listed.findIndex((o) => o.installed === 'false')
    const lastInstalled = listed.map((o) => o.installed).lastIndexOf('true')
    expect(firstNotInstalled === -1 || lastInstalled < firstNotInstalled, JSON.stringify(listed)).toBe(true)
    expect(listed.filter((o) => o.key === 'sigiltestwallet' || o.key === 'secondtestwallet').every((o) => o.installed === 'true')).toBe(true)
    // isMetaMask + isRabby is Rabby, not MetaMask.
    const metamask = listed.find((o) => o.key === 'metamask')
    expect(metamask === undefined || metamask.installed === 'false', JSON.stringify(metamask)).toBe(true)
    expect(listed.find((o) => o.key === 'rabby')?.installed).toBe('true')
  })

  test('deduplicates EIP-6963 announcements by rdns', async ({ page, app, installWallet }) => {
    // Two provider objects announcing the same rdns (e.g. an extension injected twice).
    await installWallet({ name: 'Sigil Test Wallet', rdns: 'dev.sigil.testwallet' })
    await installWallet({ name: 'Sigil Test Wallet', rdns: 'dev.sigil.testwallet' })
    await page.goto(app.baseURL)
    const dialog = await openDialog(page)
    await expect(dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`)).toHaveCount(1)
  })

  test('connects a legacy-only window.ethereum provider (no EIP-6963) as the generic browser wallet', async ({ page, app, installWallet }) => {
    const wallet = await installWallet({ name: 'Legacy Wallet', announce: false, legacy: true })
    await page.goto(app.baseURL)
    const dialog = await openDialog(page)
    const option = dialog.getByTestId('wallet-option-browserwallet')
    await expect(option).toHaveAttribute('data-installed', 'true')
    await option.click()
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wallet.address))
    expect(wallet.requests.map((r) => r.method)).toContain('eth_requestAccounts')
  })

  test('reload keeps the connection with no flash of the connect button and no hydration error', { tag: '@dev' }, async ({ page, app, installWallet, consoleLog }) => {
    const wallet = await installWallet()
    await page.goto(app.baseURL)
    await connect(page)

    // From the first byte of the reloaded document, note whether a rendered connect button ever appears.
    await page.addInitScript(() => {
      const w = window as unknown as { __connectButtonSeen?: string[] }
      w.__connectButtonSeen = []
      const check = () => {
        const button = document.querySelector('[data-testid="connect-button"]')
        if (button && button.getClientRects().length > 0) w.__connectButtonSeen?.push(document.readyState)
      }
      new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true })
    })
    consoleLog.clear()
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().isNavigationRequest() && r.url().startsWith(app.baseURL)),
      page.reload(),
    ])
    const html = await response.text()
    // An element carrying the button's test id (the early-tap script names it in a selector, inside its text).
    expect(html, 'the server-rendered page shows the disconnected state').not.toMatch(/<[a-z][^<>]*\sdata-testid="connect-button"/)

    await expect(page.getByTestId('account-address')).toHaveText(shortened(wallet.address))
    // Let the wallet reconnect settle: a late flip to "disconnected" would show up in the record.
    await page.waitForLoadState('load')
    await page.waitForTimeout(1_000)
    expect(await page.evaluate(() => (window as unknown as { __connectButtonSeen?: string[] }).__connectButtonSeen)).toEqual([])
    await expect(page.getByTestId('connect-button')).toHaveCount(0)
    expect(consoleLog.hydrationErrors()).toEqual([])
    // The reconnect asks the wallet quietly; it must not prompt the user again.
    const afterReload = wallet.requests.slice(wallet.requests.findIndex((r) => r.method === 'eth_requestAccounts') + 1)
    expect(afterReload.map((r) => r.method)).not.toContain('eth_requestAccounts')
  })

  test('disconnect clears the four persisted values and shows the connect button again', { tag: '@dev' }, async ({ page, app, installWallet }) => {
    const wallet = await installWallet()
    await page.goto(app.baseURL)
    await connect(page)
    // The user switches network in the wallet, so the switched-network flag is set too.
    await wallet.switchChain(SEPOLIA)
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(SEPOLIA))
    const before = await readPersisted(page)
    expect(before.activeAccount).not.toBeNull()
    expect(before.currentChain).toBe(String(SEPOLIA))
    expect(before.switchedNetwork).toBe('true')

    await page.getByTestId('disconnect-button').click()
    await expect(page.getByTestId('connect-button')).toBeVisible()
    await expect(page.getByTestId('account-address')).toHaveCount(0)
    expect(await readPersisted(page)).toEqual({ activeAccount: null, sessionTopic: null, switchedNetwork: null, currentChain: null })
    expect(await readKeysEndingWith(page)).toEqual({})

    // Still disconnected after a reload.
    await page.reload()
    await expect(page.getByTestId('connect-button')).toBeVisible()
    await expect(page.getByTestId('account-address')).toHaveCount(0)
  })

  test('a wallet-side account switch shows the new address and persists it', async ({ page, app, installWallet }) => {
    const wallet = await installWallet()
    await page.goto(app.baseURL)
    await connect(page)
    await wallet.switchAccount(1)
    const second = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]).address
    await expect(page.getByTestId('account-address')).toHaveText(shortened(second))
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', second)
    await expect.poll(async () => (await readPersisted(page)).activeAccount).toBe(second)
  })

  test('a wallet that disconnects the site (accountsChanged []) leaves the app disconnected', async ({ page, app, installWallet }) => {
    const wallet = await installWallet()
    await page.goto(app.baseURL)
    await connect(page)
    await wallet.disconnect()
    await expect(page.getByTestId('connect-button')).toBeVisible()
    await expect(page.getByTestId('account-address')).toHaveCount(0)
    await expect.poll(() => readPersisted(page)).toEqual({ activeAccount: null, sessionTopic: null, switchedNetwork: null, currentChain: null })
  })
})

test.describe('signing a message', () => {
  test('signs with personal_sign [hex message, lowercased address], and the signature verifies in the page and in Node', { tag: '@dev' }, async ({
    page,
    app,
    installWallet,
  }) => {
    const wallet = await installWallet()
    await page.goto(app.baseURL)
    await connect(page)
    const message = 'I own this address — Sigil e2e ✓'
    await page.getByTestId('sign-message-input').fill(message)
    await page.getByTestId('sign-message-button').click()

    const output = page.getByTestId('signature-output')
    await expect(output).toHaveText(/^0x[0-9a-f]{130}$/)
    expect(wallet.requestsOf('personal_sign')).toEqual([[toHex(message), wallet.address.toLowerCase()]])
    const signature = (await output.textContent()) as Hex
    expect(signatureAnswers(wallet)).toEqual([signature])
    const verdict = page.getByTestId('signature-verified')
    await expect(verdict).toHaveAttribute('data-verified', 'true')
    await expect(verdict).toHaveText('Signature verified')
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
  })

  test('a rejected signature shows the rejection message and the wallet stays connected', async ({ page, app, installWallet }) => {
    const wallet = await installWallet({ behaviour: { rejectSign: true } })
    await page.goto(app.baseURL)
    await connect(page)
    await page.getByTestId('sign-message-input').fill('please reject me')
    await page.getByTestId('sign-message-button').click()

    const error = page.getByTestId('sign-error')
    await expect(error).toHaveAttribute('role', 'alert')
    await expect(error).toContainText(en.errors.user_rejected)
    await expect(page.getByTestId('signature-output')).toHaveCount(0)
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wallet.address))
    expect((await readPersisted(page)).activeAccount).toBe(wallet.address)

    // Still usable: the next signature goes through.
    wallet.set({ rejectSign: false })
    await page.getByTestId('sign-message-button').click()
    await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true')
  })

  test('when the wallet switches chain while a signature is pending, the app asks for it exactly once more', async ({
    page,
    app,
    installWallet,
  }) => {
    const wallet = await installWallet()
    await page.goto(app.baseURL)
    await connect(page)
    wallet.set({ switchChainDuringSign: SEPOLIA })
    const message = 'sign across a chain change'
    await page.getByTestId('sign-message-input').fill(message)
    await page.getByTestId('sign-message-button').click()

    await expect(page.getByTestId('signature-output')).toHaveText(/^0x[0-9a-f]{130}$/)
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(SEPOLIA))
    // Give a third request the chance to show up before counting.
    await page.waitForTimeout(500)
    const params = [toHex(message), wallet.address.toLowerCase()]
    expect(wallet.requestsOf('personal_sign')).toEqual([params, params])
    const signature = (await page.getByTestId('signature-output').textContent()) as Hex
    // The signature shown is the answer to the second request.
    expect(signatureAnswers(wallet)[1]).toBe(signature)
    await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true')
  })
})

test.describe('chains', () => {
  test('the chain menu offers exactly the supported chains and switching to one is shown and persisted', { tag: '@dev' }, async ({ page, app, installWallet }) => {
    const wallet = await installWallet()
    await page.goto(app.baseURL)
    await connect(page)

    const menuButton = page.getByTestId('chain-menu-button')
    await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu')
    await menuButton.click()
    const items = page.locator('[data-testid^="chain-option-"]')
    const offered = await items.evaluateAll((elements) => elements.map((el) => Number(el.getAttribute('data-testid')?.replace('chain-option-', ''))))
    expect([...offered].sort((a, b) => a - b)).toEqual([...SUPPORTED_CHAIN_IDS].sort((a, b) => a - b))
    await expect(page.getByTestId('chain-option-31337')).toHaveAttribute('role', 'menuitemradio')
    await expect(page.getByTestId('chain-option-31337')).toHaveAttribute('aria-checked', 'true')

    await page.getByTestId(`chain-option-${SEPOLIA}`).click()
    const current = page.getByTestId('current-chain')
    await expect(current).toHaveAttribute('data-chain-id', String(SEPOLIA))
    await expect(current).toContainText('Sepolia')
    expect(wallet.requestsOf('wallet_switchEthereumChain')).toEqual([[{ chainId: toHex(SEPOLIA) }]])
    expect(wallet.chainId).toBe(SEPOLIA)
    const persisted = await readPersisted(page)
    expect(persisted.currentChain).toBe(String(SEPOLIA))
    expect(persisted.switchedNetwork).toBe('true')
    await expect(page.getByTestId('chain-error')).toHaveCount(0)

    await menuButton.click()
    await expect(page.getByTestId(`chain-option-${SEPOLIA}`)).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByTestId('chain-option-31337')).not.toHaveAttribute('aria-checked', 'true')
  })

  test('asking for an unsupported chain shows the exact catalogue message and never asks the wallet', async ({ page, app, installWallet }) => {
    const wallet = await installWallet()
    await page.goto(app.baseURL)
    await connect(page)
    await page.waitForFunction(() => typeof window.__sigilTest?.switchChain === 'function')
    await page.evaluate(() =>
      window.__sigilTest!.switchChain!(424242).catch(() => undefined),
    )

    const error = page.getByTestId('chain-error')
    await expect(error).toHaveAttribute('role', 'alert')
    await expect(error).toContainText(
      'Network switching is not available at this time. The user should manually switch network in their wallet',
    )
    await expect(error.locator('p').first()).toHaveText('Switch the network in your wallet app.')
    await expect(error).toHaveAttribute('data-code', 'network_switching_only_available_in_wallet')
    expect(wallet.requestsOf('wallet_switchEthereumChain')).toEqual([])
    expect(wallet.requestsOf('wallet_addEthereumChain')).toEqual([])
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', '31337')
  })

  test('a wallet on an unsupported chain is flagged as wrong network, and one click switches it to a supported chain', async ({
    page,
    app,
    installWallet,
    snap,
  }) => {
    const wallet = await installWallet({ chainId: 424242 })
    await page.goto(app.baseURL)
    await connect(page)

    const banner = page.getByTestId('wrong-network')
    await expect(banner).toBeVisible()
    await expect(banner).toHaveAttribute('role', 'alert')
    await snap('wrong-network')
    await banner.getByTestId('switch-to-supported').click()

    await expect(banner).toBeHidden()
    const requested = wallet.requestsOf('wallet_switchEthereumChain') as [{ chainId: Hex }][]
    expect(requested).toHaveLength(1)
    const target = Number(requested[0]![0].chainId)
    expect(SUPPORTED_CHAIN_IDS).toContain(target)
    expect(wallet.chainId).toBe(target)
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', String(target))
  })
})

test.describe('a wallet-side network switch (docs/connectors/chain-switching.md#when-the-wallet-switches-by-itself)', () => {
  test('the wallet moving to a chain the app does not support runs the switch rules: one banner with one action (no second, contradictory alert), gone once it is back', async ({
    page,
    app,
    installWallet,
  }) => {
    const wallet = await installWallet()
    await page.goto(app.baseURL)
    await connect(page)
    await expect(page.getByTestId('chain-error')).toHaveCount(0)

    await wallet.switchChain(424242)
    const banner = page.getByTestId('wrong-network')
    await expect(banner).toBeVisible()
    await expect(banner).toHaveAttribute('data-code', 'network_switching_only_available_in_wallet')
    await expect(banner.getByTestId('switch-to-supported')).toBeVisible()
    // One message on the page about it: the banner's.
    await expect(page.getByTestId('chain-error')).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(1)
    // Nothing was asked of the wallet: it chose the chain itself.
    expect(wallet.requestsOf('wallet_switchEthereumChain')).toEqual([])

    await wallet.switchChain(31337)
    await expect(banner).toBeHidden()
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', '31337')
  })
})

test.describe('accessibility', () => {
  test('the page, the open dialog and the connected view have no axe-core violations', async ({ page, app, installWallet, expectAccessible }) => {
    await installWallet()
    await page.goto(app.baseURL)
    await expectAccessible({ label: 'disconnected page' })
    const dialog = await openDialog(page)
    await expectAccessible({ label: 'page with the dialog open' })
    await dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`).click()
    await expect(page.getByTestId('account-address')).toBeVisible()
    await expectAccessible({ label: 'connected page' })
  })

  test('the dialog works with the keyboard alone: Tab to open, focus trapped, Esc closes and restores focus, Enter connects', { tag: '@dev' }, async ({
    page,
    app,
    installWallet,
  }) => {
    const wallet = await installWallet()
    await page.goto(app.baseURL)
    const opener = page.getByTestId('connect-button')
    const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement)

    let presses = 0
    while (!(await isFocused(opener)) && presses < 30) {
      await page.keyboard.press('Tab')
      presses++
    }
    await expect(opener).toBeFocused()
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('connect-dialog')
    await expect(dialog).toBeVisible()
    const focusInDialog = () => dialog.evaluate((el) => el.contains(document.activeElement))
    await expect.poll(focusInDialog).toBe(true)

    // Tab and Shift+Tab more times than there are controls: focus never leaves the dialog.
    const controls = await dialog.locator('button, a[href], input, textarea, select, [tabindex]:not([tabindex="-1"])').count()
    for (let i = 0; i < controls + 3; i++) {
      await page.keyboard.press('Tab')
      expect(await focusInDialog(), `focus left the dialog after ${i + 1} Tab presses`).toBe(true)
    }
    for (let i = 0; i < controls + 3; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusInDialog(), `focus left the dialog after ${i + 1} Shift+Tab presses`).toBe(true)
    }
    await expect(dialog.getByTestId('dialog-close')).toHaveAccessibleName('Close')

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()

    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    const option = dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`)
    presses = 0
    while (!(await isFocused(option)) && presses < controls + 3) {
      await page.keyboard.press('Tab')
      presses++
    }
    await expect(option).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wallet.address))
  })
})

test.describe('the dialog backdrop', () => {
  test('a click in the dialog’s own blank space, or a drag from inside let go over the backdrop, keeps it open while the wallet asks; a click on the backdrop closes it', async ({
    page,
    app,
    installWallet,
  }) => {
    await installWallet({ behaviour: { neverAnswer: ['eth_requestAccounts'] } })
    await page.goto(app.baseURL)
    const dialog = await openDialog(page)
    await dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`).click()
    await expect(dialog.getByTestId('connect-status')).toBeVisible()
    // The connecting view is shorter than the list the dialog keeps the height of: blank card below it.
    const box = (await dialog.boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - 6)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('connect-status')).toBeVisible()

    const status = (await dialog.getByTestId('connect-status').boundingBox())!
    await page.mouse.move(status.x + 4, status.y + status.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2, box.y - 12, { steps: 4 })
    await page.mouse.up()
    await expect(dialog).toBeVisible()

    await page.mouse.click(box.x + box.width / 2, box.y - 12)
    await expect(dialog).toBeHidden()
  })
})

test.describe('a 360 px wide screen', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the page, the dialog and the connected view fit without horizontal scrolling', { tag: '@dev' }, async ({ page, app, installWallet, snap, expectAccessible }) => {
    await installWallet()
    await page.goto(app.baseURL)
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(await overflow()).toBeLessThanOrEqual(0)

    const dialog = await openDialog(page)
    const box = await dialog.boundingBox()
    expect(box).not.toBeNull()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(360)
    const options = dialog.locator('[data-testid^="wallet-option-"]')
    expect(await options.count()).toBeGreaterThan(0)
    for (const optionBox of await options.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(optionBox.left).toBeGreaterThanOrEqual(0)
      expect(optionBox.right).toBeLessThanOrEqual(360)
    }
    expect(await overflow()).toBeLessThanOrEqual(0)
    await snap('mobile-360-dialog')
    await expectAccessible({ label: 'dialog at 360 px' })

    await dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`).click()
    await expect(page.getByTestId('account-address')).toBeVisible()
    expect(await overflow()).toBeLessThanOrEqual(0)
    await snap('mobile-360-connected')
  })
})

test.describe('an iPhone without a wallet', () => {
  test.use(phoneContext())

  test('tapping MetaMask opens the page in MetaMask’s in-app browser (https://metamask.app.link/dapp/<page url>)', async ({
    page,
    app,
    networkGuard,
    snap,
  }) => {
    const pageUrl = `${app.baseURL}/`
    const expected = `https://metamask.app.link/dapp/${pageUrl}`
    // The one non-loopback request this test expects: intercepted here, never sent.
    networkGuard.allow(expected)
    await page.route('https://metamask.app.link/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>MetaMask in-app browser</title>' }),
    )
    await page.goto(pageUrl)
    expect(await page.evaluate(() => 'ethereum' in window)).toBe(false)
    await page.getByTestId('connect-button').tap()
    const dialog = page.getByTestId('connect-dialog')
    await expect(dialog).toBeVisible()
    const metamask = dialog.getByTestId('wallet-option-metamask')
    await expect(metamask).toHaveAttribute('data-installed', 'false')
    await snap('iphone-dialog')

    const navigation = page.waitForRequest((request) => request.url().startsWith('https://metamask.app.link/'))
    await metamask.tap()
    const request = await navigation
    expect(request.url()).toBe(expected)
    expect(request.isNavigationRequest()).toBe(true)
    await expect(page).toHaveTitle('MetaMask in-app browser')
  })
})

test.describe('network', () => {
  test('with the deployment-default RPC settings, loading, opening the dialog and connecting request loopback only', async ({
    page,
    app,
    installWallet,
    networkGuard,
  }) => {
    // It boots a second `next start` of its own first: under load that boot alone took most of the
    // default 30 s (one CI run timed out on this test's last step), as account.spec.ts's ENS tests saw.
    test.setTimeout(90_000)
    // The shared app routes every public chain's RPC to anvil; this server keeps the defaults,
    // so a read of a public chain at load would show up here as a request to its public RPC host.
    const server = await app.startAnotherServer({ routePublicChainsToLocalRpc: false })
    const wallet = await installWallet()
    await page.goto(server.baseURL)
    // Not 'networkidle': what the page does after load is watched by the guard whenever it happens.
    await page.waitForLoadState('load')
    await page.waitForTimeout(1_000)
    const dialog = await openDialog(page)
    await dialog.getByTestId(`wallet-option-${TEST_WALLET_KEY}`).click()
    await expect(page.getByTestId('account-address')).toHaveText(shortened(wallet.address))
    await page.waitForTimeout(1_000)
    expect(networkGuard.violations()).toEqual([])
    expect(networkGuard.requests.length).toBeGreaterThan(0)
  })

  test('after connecting, the page reaches its own origin and what the manifest declares for extensions (nothing), never the chain’s node', async ({ page, app, installWallet }) => {
    const egress = watchPageEgress(page)
    const wallet = await installWallet()
    await page.goto(app.baseURL)
    await connect(page)
    await expect(page.getByTestId('current-chain')).toHaveAttribute('data-chain-id', '31337')
    // The balance is a chain read: through /api/rpc/31337, not anvil's own port.
    await expect(page.getByTestId('account-balance')).toBeVisible()
    await page.waitForTimeout(1_000)
    expect(wallet.address).toBeTruthy()
    await egress.expectWithinManifest(app.baseURL, 'injected')
  })
})
