import { type Address, type Hex, parseEther, verifyMessage } from 'viem'
import { approveInSheet, createWallet, expect, passkeyPrompts, test, uniqueEmail, vault, vaultFrame } from './embeddedFixtures'

/**
 * The embedded wallet holds real money only if nothing is signed or sent without the user seeing it
 * (issue 12 §1): every request that uses the key waits for the app's confirmation sheet, only the
 * user's own click or key press approves, and the key leaves memory after 15 idle minutes. The page
 * script here plays the attacker: an injected script calling the wallet's provider directly.
 */

test.describe.configure({ timeout: 120_000 })

const RECIPIENT: Address = '0x000000000000000000000000000000000000bEEF'

/** What a hostile script in the page can do: call the connected wallet's provider (here via the test handle, the same `request`). */
function scriptRequest(page: import('@playwright/test').Page, method: string, params: unknown[]) {
  return page.evaluate(
    async ([method, params]) => {
      await new Promise<void>((resolve) => {
        const wait = () => (window.__sigilEmbeddedTest ? resolve() : setTimeout(wait, 50))
        wait()
      })
      try {
        return { result: await window.__sigilEmbeddedTest!.request({ method, params }) }
      } catch (error) {
        return { error: { code: (error as { code?: number }).code, message: (error as Error).message } }
      }
    },
    [method, params] as const,
  ) as Promise<{ result?: unknown; error?: { code?: number; message: string } }>
}

test('a page script’s eth_sendTransaction signs nothing until the user decides, and Reject answers 4001', async ({
  page,
  embeddedApp,
  authenticator: _,
  chainClient,
  expectAccessible,
  mail,
}) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('confirm-reject'))
  await page.evaluate(() => window.__sigilTest!.switchChain(31337))
  await chainClient.setBalance({ address, value: parseEther('1') })

  const attempt = scriptRequest(page, 'eth_sendTransaction', [{ from: address, to: RECIPIENT, value: '0xde0b6b3a7640000' }])
  const sheet = vault(page).getByTestId('confirm-sheet')
  await expect(sheet.getByTestId('confirm-value')).toHaveText('1 ETH')
  // The sheet has the focus (Reject first), and nothing has been signed or sent while it waits.
  await expect(sheet.getByTestId('confirm-reject')).toBeFocused()
  await expectAccessible({ include: '[data-testid="confirm-sheet"]', label: 'confirmation sheet' })
  await page.waitForTimeout(1_000)
  expect(await chainClient.getTransactionCount({ address })).toBe(0)

  await sheet.getByTestId('confirm-reject').click()
  expect(await attempt).toEqual({ error: { code: 4001, message: expect.any(String) } })
  await expect(sheet).toBeHidden()
  expect(await chainClient.getTransactionCount({ address })).toBe(0)
  expect(await chainClient.getBalance({ address })).toBe(parseEther('1'))
})

test('a script cannot approve: element.click() and synthetic events do nothing; the user’s keyboard does', async ({ page, embeddedApp, authenticator: _, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('confirm-click'))
  const message = 'transfer everything'
  const attempt = scriptRequest(page, 'personal_sign', [`0x${Buffer.from(message).toString('hex')}`, address])
  const sheet = vault(page).getByTestId('confirm-sheet')
  await expect(sheet.getByTestId('confirm-message')).toHaveText(message)

  // The attacker's approvals: a programmatic click, a dispatched mouse event, a forged event object.
  await page.evaluate(() => {
    const approve = document.querySelector<HTMLButtonElement>('[data-testid="confirm-approve"]')!
    approve.click()
    approve.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }))
    const props = Object.entries(approve).find(([key]) => key.startsWith('__reactProps'))?.[1] as { onClick?: (event: unknown) => void } | undefined
    props?.onClick?.({ nativeEvent: { isTrusted: true, type: 'click', target: approve } })
  })
  await page.waitForTimeout(500)
  await expect(sheet).toBeVisible()
  expect(await Promise.race([attempt.then(() => 'answered'), page.waitForTimeout(200).then(() => 'waiting')])).toBe('waiting')

  // The user: Tab from Reject to Approve, Enter.
  await expect(sheet.getByTestId('confirm-reject')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(sheet.getByTestId('confirm-approve')).toBeFocused()
  await page.keyboard.press('Enter')
  const { result } = await attempt
  expect(await verifyMessage({ address, message, signature: result as Hex })).toBe(true)
})

test('locks itself after 15 idle minutes: the next request asks the passkey again', async ({ page, embeddedApp, authenticator: _, mail }) => {
  await page.clock.install()
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('confirm-lock'))
  const sign = async (text: string) => {
    await page.getByTestId('sign-message-input').fill(text)
    await page.getByTestId('sign-message-button').click()
    await approveInSheet(page, 'Sign a message')
    await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true', { timeout: 15_000 })
  }
  // Unlocked since creation: signing asks no passkey.
  await sign('first')
  expect(await passkeyPrompts(page)).toEqual({ create: 1, get: 0 })

  // 14 idle minutes: still unlocked.
  await page.clock.runFor('14:00')
  await sign('second')
  expect(await passkeyPrompts(page)).toEqual({ create: 1, get: 0 })

  // 15 idle minutes after that use: locked; the next signature asks the passkey once more.
  await page.clock.runFor('15:01')
  await sign('third')
  expect(await passkeyPrompts(page)).toEqual({ create: 1, get: 1 })
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address)
})
