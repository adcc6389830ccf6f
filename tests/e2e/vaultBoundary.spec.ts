import type { Page } from '@playwright/test'
import { type Address, type Hex, parseEther, recoverTypedDataAddress, toHex, verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { approveInSheet, createWallet, disconnect, expect, manageInVaultTab, openEmbeddedPanel, passkeyPrompts, submitCreateWithEmailCode, tapCreateUntilMade, test, uniqueEmail, vault, vaultFrame } from './embeddedFixtures'

/**
 * The embedded wallet's boundary (issue 25), played by a hostile script in the app's page: a
 * compromised dependency or an XSS can read every global, storage area and DOM node of the app's
 * origin, walk React's tree, restyle anything and send any message. The wallet's key, records,
 * passkeys and Approve button live in the vault's origin (a frame here), so none of that reaches
 * them. Each test shows the legitimate path working in the same run, then what the script cannot do.
 * Clicks made with `page.mouse` are trusted input, as a user's are.
 */

test.describe.configure({ timeout: 120_000 })

const RECIPIENT: Address = '0x000000000000000000000000000000000000bEEF'

/** A request as a page script makes it: straight to the connected wallet's provider. */
function scriptRequest(page: Page, method: string, params: unknown[]) {
  return page.evaluate(
    async ([method, params]) => {
      await new Promise<void>((resolve) => {
        const wait = () => (window.__sigilTest?.embeddedProvider ? resolve() : setTimeout(wait, 50))
        wait()
      })
      try {
        return { result: await window.__sigilTest!.embeddedProvider!.request({ method, params }) }
      } catch (error) {
        return { error: { code: (error as { code?: number }).code, message: (error as Error).message } }
      }
    },
    [method, params] as const,
  ) as Promise<{ result?: unknown; error?: { code?: number; message: string } }>
}

/** Whether `promise` is still unsettled after `ms`. */
async function stillWaiting(page: Page, promise: Promise<unknown>, ms = 300): Promise<boolean> {
  return (await Promise.race([promise.then(() => 'answered'), page.waitForTimeout(ms).then(() => 'waiting')])) === 'waiting'
}

/** The Approve button's centre on the page (the frame fills the window). */
async function approveCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await vault(page).getByTestId('confirm-approve').boundingBox()
  if (!box) throw new Error('Approve is not on screen')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/**
 * Every string a page script can reach from the app's origin: globals (walked from `window`), the
 * DOM (text and attributes, every element), React's tree (fibers' props and state from every
 * element), and the origin's storage (localStorage, sessionStorage, readable cookies, IndexedDB).
 */
async function everythingThePageCanReach(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const strings: string[] = []
    const seen = new WeakSet<object>()
    const queue: unknown[] = [window]
    let budget = 400_000
    const skip = new Set(['window', 'self', 'top', 'parent', 'frames', 'globalThis', 'opener'])
    for (const element of document.querySelectorAll('*')) {
      queue.push(element)
      for (const key of Object.keys(element)) if (key.startsWith('__react')) queue.push((element as unknown as Record<string, unknown>)[key])
      for (const attribute of element.attributes) strings.push(attribute.value)
    }
    strings.push(document.documentElement.outerHTML)
    while (queue.length > 0 && budget-- > 0) {
      const value = queue.shift()
      if (typeof value === 'string') {
        if (value.length < 100_000) strings.push(value)
        continue
      }
      if (typeof value === 'bigint' || typeof value === 'number') {
        strings.push(String(value))
        continue
      }
      if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) continue
      seen.add(value)
      if (value instanceof Uint8Array) {
        strings.push(Array.from(value, (byte) => byte.toString(16).padStart(2, '0')).join(''))
        continue
      }
      if (value instanceof Map) {
        for (const [key, inner] of value) queue.push(key, inner)
        continue
      }
      if (value instanceof Set) {
        for (const inner of value) queue.push(inner)
        continue
      }
      let keys: string[] = []
      try {
        keys = Object.getOwnPropertyNames(value)
      } catch {
        continue
      }
      for (const key of keys) {
        if (skip.has(key)) continue
        try {
          const descriptor = Object.getOwnPropertyDescriptor(value, key)
          if (descriptor && 'value' in descriptor) queue.push(descriptor.value)
        } catch {
          // a cross-origin window, a throwing getter: nothing there for this script
        }
      }
    }
    const stored: Record<string, unknown> = { localStorage: { ...localStorage }, sessionStorage: { ...sessionStorage }, cookie: document.cookie }
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of [...db.objectStoreNames]) {
        stored[`${info.name}/${store}`] = await new Promise((resolve) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => resolve(null)
        })
      }
      db.close()
    }
    strings.push(JSON.stringify(stored))
    return strings.join('\n')
  })
}

test('a page script finds no key, record, credential id or salt in the app’s origin, and cannot run the vault’s passkey', { tag: '@dev' }, async ({
  page,
  embeddedApp,
  authenticator,
  mail,
}) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('boundary-scan'))
  // Unlocked and used: the vault holds the key in memory right now.
  const message = 'unlocked right now'
  const signing = scriptRequest(page, 'personal_sign', [toHex(message), address])
  await approveInSheet(page, 'Sign a message')
  expect(await verifyMessage({ address, message, signature: (await signing).result as Hex })).toBe(true)

  // What the vault keeps (read by the test, with privileges no page script has): the record and the phrase.
  const frame = await vaultFrame(page)
  const record = (await frame.evaluate(
    () =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const open = indexedDB.open('sigil-embedded')
        open.onsuccess = () => {
          const request = open.result.transaction('vaults', 'readonly').objectStore('vaults').getAll()
          request.onsuccess = () => resolve(request.result[0] as Record<string, unknown>)
          request.onerror = () => reject(request.error)
        }
        open.onerror = () => reject(open.error)
      }),
  )) as { walletId: string; credentialId: string; prfSalt: string; wrappedKey: { ct: string }; mnemonic: { ct: string } }
  expect(record.walletId).toBeTruthy()
  const [credential] = await authenticator.credentials()
  await vault(page).getByTestId('embedded-panel').count()
  // The phrase, through the vault's own Reveal (a fresh passkey touch), for the key it gives.
  await page.getByTestId('disconnect-button').click()
  const app = page.url()
  await manageInVaultTab(page)
  await page.getByTestId('embedded-reveal-button').click()
  const phrase = (await page.getByTestId('embedded-phrase').textContent())!
  await page.getByTestId('embedded-hide-phrase-button').click()
  await page.goto(app)
  await openEmbeddedPanel(page)
  await vault(page).getByTestId('embedded-unlock-button').click()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address)
  const account = mnemonicToAccount(phrase)
  expect(account.address).toBe(address)
  const privateKey = toHex(account.getHdKey().privateKey!).slice(2)

  const reachable = (await everythingThePageCanReach(page)).toLowerCase()
  expect(reachable).toContain(address.toLowerCase()) // the walk does reach the page's own state
  const secrets = {
    phrase,
    'three words of the phrase': phrase.split(' ').slice(3, 6).join(' '),
    'private key': privateKey,
    'wallet id': record.walletId,
    'credential id': record.credentialId,
    'credential id (CDP)': credential!.credentialId,
    'PRF salt': record.prfSalt,
    'wrapped data key': record.wrappedKey.ct,
    'sealed phrase': record.mnemonic.ct,
  }
  for (const [name, secret] of Object.entries(secrets)) expect(reachable.includes(secret.toLowerCase()), `${name} reachable from the app's origin`).toBe(false)

  // The page cannot read the vault's document, nor run a ceremony for the vault's RP ID.
  const promptsBefore = await passkeyPrompts(page)
  const signCountBefore = (await authenticator.credentials())[0]!.signCount
  const attempts = await page.evaluate(
    async ([rpId, credentialId]) => {
      const frame = document.querySelector<HTMLIFrameElement>('[data-testid="vault-frame"]')!
      let documentRead = 'read'
      try {
        documentRead = frame.contentWindow!.document.title
      } catch (error) {
        documentRead = (error as Error).name
      }
      const challenge = crypto.getRandomValues(new Uint8Array(32))
      const id = Uint8Array.from(atob(credentialId.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
      const outcome = async (run: () => Promise<unknown>) => {
        try {
          await run()
          return 'allowed'
        } catch (error) {
          return (error as Error).name
        }
      }
      return {
        documentRead,
        get: await outcome(() => navigator.credentials.get({ publicKey: { rpId, challenge, allowCredentials: [{ type: 'public-key', id }], timeout: 5_000 } })),
        create: await outcome(() =>
          navigator.credentials.create({
            publicKey: { rp: { id: rpId, name: 'x' }, user: { id: new Uint8Array([1]), name: 'x', displayName: 'x' }, challenge, pubKeyCredParams: [{ type: 'public-key', alg: -7 }, { type: 'public-key', alg: -257 }], timeout: 5_000 },
          }),
        ),
      }
    },
    [new URL(embeddedApp.vaultURL).hostname, credential!.credentialId] as const,
  )
  expect(attempts).toEqual({ documentRead: 'SecurityError', get: 'SecurityError', create: 'SecurityError' })
  // Neither attempt reached the authenticator: no new prompt in the vault, no new assertion signed.
  expect(await passkeyPrompts(page)).toEqual(promptsBefore)
  expect(await authenticator.credentials()).toMatchObject([{ signCount: signCountBefore }])
})

test('a page script cannot approve: no attribute, synthetic event, forged message or captured click reaches Approve', { tag: '@dev' }, async ({ page, embeddedApp, authenticator: _, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('boundary-forge'))
  const message = 'transfer everything'
  const attempt = scriptRequest(page, 'personal_sign', [toHex(message), address])
  const sheet = vault(page).getByTestId('confirm-sheet')
  await expect(sheet.getByTestId('confirm-message')).toHaveText(message)
  await expect(sheet.getByTestId('confirm-approve')).toHaveAttribute('data-live', 'true')

  await page.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>('[data-testid="vault-frame"]')!
    const dialog = frame.closest('dialog')!
    // The old attack: an approve attribute on <body> (and everywhere else the page owns).
    for (const element of [document.body, dialog, frame]) element.setAttribute('data-sigil-approve', '')
    // Synthetic events on the frame and the page.
    frame.click()
    frame.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }))
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    // Forged protocol messages: a fake answer, a fake approval, a request from another window.
    const target = frame.contentWindow!
    for (const data of [
      { protocol: 'sigil-vault/1', type: 'approve' },
      { protocol: 'sigil-vault/1', type: 'response', id: 'x', result: '0x' },
      { protocol: 'sigil-vault/1', type: 'request', id: 'forged', method: 'vault_lock' },
    ])
      target.postMessage(data, '*')
  })
  // A trusted click the user makes elsewhere on the page, captured by the script: it stays the page's.
  await page.evaluate(() => {
    window.addEventListener('click', (event) => (window as unknown as { captured: Event }).captured = event, { capture: true })
  })
  await page.mouse.click(5, 5)
  expect(await stillWaiting(page, attempt, 1_000)).toBe(true)
  await expect(sheet).toBeVisible()
  await expect(sheet.getByTestId('confirm-title')).toHaveText('Sign a message')

  // The user, by keyboard: Tab brings the focus back into the sheet (Reject first), Tab to Approve, Enter.
  await page.keyboard.press('Tab')
  await expect(sheet.getByTestId('confirm-reject')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(sheet.getByTestId('confirm-approve')).toBeFocused()
  await page.keyboard.press('Enter')
  const { result } = await attempt
  expect(await verifyMessage({ address, message, signature: result as Hex })).toBe(true)
})

test('a transparent or moved sheet does not sign: clicks count only while the frame is seen, and 500 ms after it settles', async ({ page, embeddedApp, authenticator: _, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('boundary-overlay'))
  const attempt = scriptRequest(page, 'personal_sign', [toHex('clickjacked'), address])
  const sheet = vault(page).getByTestId('confirm-sheet')
  await expect(sheet.getByTestId('confirm-approve')).toHaveAttribute('data-live', 'true')
  const target = await approveCentre(page)

  // Transparent: the sheet is there (and on top), the user sees the page's bait under it.
  await page.evaluate(() => {
    const dialog = document.querySelector<HTMLIFrameElement>('[data-testid="vault-frame"]')!.closest('dialog')!
    dialog.style.opacity = '0.01'
  })
  await page.waitForTimeout(700)
  await page.mouse.click(target.x, target.y)
  expect(await stillWaiting(page, attempt, 800)).toBe(true)

  // Visible again: inert for 500 ms after it settles, so a click right away does nothing either.
  await page.evaluate(() => {
    const dialog = document.querySelector<HTMLIFrameElement>('[data-testid="vault-frame"]')!.closest('dialog')!
    dialog.style.opacity = ''
  })
  await expect(sheet.getByTestId('confirm-approve')).toHaveAttribute('data-live', 'false')

  // Moved: shifted so Approve sits under the pointer; part of the frame leaves the window.
  await page.evaluate(() => {
    const dialog = document.querySelector<HTMLIFrameElement>('[data-testid="vault-frame"]')!.closest('dialog')!
    dialog.style.transform = 'translate(120px, 40px)'
  })
  await page.waitForTimeout(700)
  await page.mouse.click(target.x + 120, target.y + 40)
  expect(await stillWaiting(page, attempt, 800)).toBe(true)
  await page.evaluate(() => {
    const dialog = document.querySelector<HTMLIFrameElement>('[data-testid="vault-frame"]')!.closest('dialog')!
    dialog.style.transform = ''
  })

  // Back in place: the user's pointer comes by (the frame's new place restarts the inert time), and
  // once seen and settled, the user's click approves.
  await page.mouse.move(target.x - 30, target.y)
  await page.mouse.move(target.x, target.y)
  await expect(sheet.getByTestId('confirm-approve')).toHaveAttribute('data-live', 'true')
  await page.mouse.click(target.x, target.y)
  const { result } = await attempt
  expect(await verifyMessage({ address, message: 'clickjacked', signature: result as Hex })).toBe(true)
})

test('a double-click approves one request only: the next sheet’s Approve is inert for 500 ms', async ({ page, embeddedApp, authenticator: _, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('boundary-double'))
  const first = scriptRequest(page, 'personal_sign', [toHex('the one you meant'), address])
  const sheet = vault(page).getByTestId('confirm-sheet')
  await expect(sheet.getByTestId('confirm-message')).toHaveText('the one you meant')
  // Queued behind it by a script.
  const second = scriptRequest(page, 'personal_sign', [toHex('the one a script queued'), address])
  await expect(sheet.getByTestId('confirm-queued')).toBeVisible()
  await expect(sheet.getByTestId('confirm-approve')).toHaveAttribute('data-live', 'true')
  const target = await approveCentre(page)
  await page.mouse.dblclick(target.x, target.y)
  expect(await verifyMessage({ address, message: 'the one you meant', signature: (await first).result as Hex })).toBe(true)
  await expect(sheet.getByTestId('confirm-message')).toHaveText('the one a script queued')
  expect(await stillWaiting(page, second, 800)).toBe(true)
  await sheet.getByTestId('confirm-reject').click()
  expect((await second).error?.code).toBe(4001)
})

test('typed data changed by the caller after it was sent is signed as shown', async ({ page, embeddedApp, authenticator: _, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('boundary-typed'))
  await page.evaluate(() => window.__sigilTest!.switchChain!(31337))
  const shown = {
    types: { Demo: [{ name: 'value', type: 'uint256' }] },
    primaryType: 'Demo',
    domain: { name: 'Harmless Demo', chainId: 31337 },
    message: { value: '0' },
  }
  const pending = page.evaluate(
    async ([address, typedData]) => {
      const request = window.__sigilTest!.embeddedProvider!.request({ method: 'eth_signTypedData_v4', params: [address, typedData] })
      // After handing it over, the script turns it into a permit for everything.
      typedData.domain.name = 'USD Coin'
      typedData.primaryType = 'Permit'
      typedData.message.value = '115792089237316195423570985008687907853269984665640564039457584007913129639935'
      return request
    },
    [address, structuredClone(shown)] as const,
  )
  const sheet = vault(page).getByTestId('confirm-sheet')
  await expect(sheet.getByTestId('confirm-typed-data')).toContainText('Harmless Demo')
  await expect(sheet.getByTestId('confirm-fields')).toContainText('value 0')
  await approveInSheet(page, 'Sign structured data')
  const signature = (await pending) as Hex
  expect(await recoverTypedDataAddress({ ...shown, message: { value: 0n }, signature } as never)).toBe(address)
})

test('the sheet says in words what a permit does, warns on an unlimited amount, and names the account and chain', async ({ page, embeddedApp, authenticator: _, mail, expectAccessible }) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('boundary-clear'))
  await page.evaluate(() => window.__sigilTest!.switchChain!(1))
  const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
  const spender = '0x1234567890123456789012345678901234567890'
  const permit = {
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: usdc },
    message: { owner: address, spender, value: (2n ** 256n - 1n).toString(), nonce: '0', deadline: '1893456000' },
  }
  const attempt = scriptRequest(page, 'eth_signTypedData_v4', [address, JSON.stringify(permit)])
  const sheet = vault(page).getByTestId('confirm-sheet')
  await expect(sheet.getByTestId('confirm-summary')).toContainText('Lets 0x1234…7890 spend all your USD Coin')
  await expect(sheet.getByTestId('confirm-summary').locator('strong')).toHaveText('all your USD Coin')
  // The deadline, as a date in the page's language (English here).
  await expect(sheet.getByTestId('confirm-summary')).toContainText('January 1, 2030')
  await expect(sheet.getByTestId('confirm-warnings')).toContainText('No amount limit')
  await expect(sheet.getByTestId('confirm-account')).toContainText(address)
  await expect(sheet.getByTestId('confirm-chain')).toContainText('Ethereum (1)')
  await expectAccessible({ include: ['[data-testid="vault-frame"]', '[data-testid="confirm-sheet"]'] as never, label: 'confirmation sheet' })
  await sheet.getByTestId('confirm-reject').click()
  expect((await attempt).error?.code).toBe(4001)
})

test('on a phone the sheet rises from the bottom edge with who asks first, Tab stays inside it, and focus returns to the button the user came from', async ({ page, embeddedApp, authenticator: _, mail }) => {
  await page.setViewportSize({ width: 390, height: 664 })
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('boundary-phone'))
  await page.getByTestId('sign-message-input').fill('from a phone')
  await page.getByTestId('sign-message-button').focus()
  await page.keyboard.press('Enter')
  const sheet = vault(page).getByTestId('confirm-sheet')
  await expect(sheet).toBeVisible()
  // A sheet from the bottom edge, as tall as what it holds, and who asks is its first line, on screen.
  const card = (await sheet.boundingBox())!
  const origin = (await sheet.getByTestId('confirm-origin').boundingBox())!
  expect(card.y + card.height).toBeGreaterThan(664 - 2)
  expect(card.y).toBeGreaterThan(0)
  expect(origin.y - card.y).toBeLessThan(60)
  expect(origin.y).toBeGreaterThanOrEqual(0)
  // Tab cycles inside the sheet: from Approve it comes back to Reject, never to the page.
  await expect(sheet.getByTestId('confirm-reject')).toBeFocused()
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab')
  expect(await (await vaultFrame(page)).evaluate(() => document.activeElement?.getAttribute('data-testid'))).toMatch(/^confirm-(reject|approve)$/)
  await expect(sheet.getByTestId('confirm-approve')).toHaveAttribute('data-live', 'true')
  await sheet.getByTestId('confirm-approve').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true', { timeout: 15_000 })
  await expect(page.getByTestId('sign-message-button')).toBeFocused()
  void address
})

test('a vault that does not load gives a clear error within 10 s, and every other wallet still works', async ({ page, embeddedApp }) => {
  await page.route(`${embeddedApp.vaultURL}/**`, (route) => route.abort('blockedbyclient'))
  await page.goto(embeddedApp.baseURL)
  await page.getByTestId('connect-button').click()
  // From the user's pick of the wallet: the vault's load limit (7 s) and the family's own code. The
  // dialog's opening is not part of it (its figures are the first tap's, tests/bench); on a loaded
  // machine it took over a second, and the whole once came to 10.6 s from "Connect wallet".
  const started = Date.now()
  await page.getByTestId('connect-dialog').getByTestId('wallet-option-embedded').click()
  await expect(page.getByTestId('connect-error')).toContainText('The wallet could not be loaded. Check your connection and try again.', { timeout: 10_000 })
  expect(Date.now() - started).toBeLessThan(10_000)
  await expect(page.getByTestId('embedded-open-button')).toBeVisible()
})

test('malformed and oversized requests get -32602 with a reason, never a hang', async ({ page, embeddedApp, authenticator: _, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('boundary-bad'))
  const missingTypes = await scriptRequest(page, 'eth_signTypedData_v4', [address, { primaryType: 'X', message: {} }])
  expect(missingTypes.error).toMatchObject({ code: -32602 })
  expect(missingTypes.error?.message).toContain('typed data needs types, primaryType and message')
  const oversized = await scriptRequest(page, 'eth_signTypedData_v4', [address, { types: {}, primaryType: 'X', message: { blob: 'x'.repeat(200_000) } }])
  expect(oversized.error).toMatchObject({ code: -32602 })
  const notHex = await scriptRequest(page, 'personal_sign', ['hello', address])
  expect(notHex.error).toMatchObject({ code: -32602 })
  await expect(vault(page).getByTestId('confirm-sheet')).toHaveCount(0)
  // And a good request right after still works.
  const ok = scriptRequest(page, 'personal_sign', [toHex('still fine'), address])
  await approveInSheet(page, 'Sign a message')
  expect(await verifyMessage({ address, message: 'still fine', signature: (await ok).result as Hex })).toBe(true)
})

test('a page script’s eth_sendTransaction sends nothing until the user decides, and Reject answers 4001', async ({ page, embeddedApp, authenticator: _, chainClient, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('boundary-send'))
  await page.evaluate(() => window.__sigilTest!.switchChain!(31337))
  await chainClient.setBalance({ address, value: parseEther('1') })
  const attempt = scriptRequest(page, 'eth_sendTransaction', [{ from: address, to: RECIPIENT, value: '0xde0b6b3a7640000' }])
  const sheet = vault(page).getByTestId('confirm-sheet')
  await expect(sheet.getByTestId('confirm-value')).toHaveText('1 ETH')
  await page.waitForTimeout(1_000)
  expect(await chainClient.getTransactionCount({ address })).toBe(0)
  await sheet.getByTestId('confirm-reject').click()
  expect(await attempt).toEqual({ error: { code: 4001, message: expect.any(String) } })
  await expect(sheet).toBeHidden()
  expect(await chainClient.getTransactionCount({ address })).toBe(0)
})

test('the vault answers only its app’s origin: a page of another origin that opens it gets no answer', async ({ page, embeddedApp }) => {
  /** Opens the vault in a popup from the page's origin, greets it for 2 s, and says what came back. */
  const greet = (target: Page) =>
    target.evaluate(
      (vaultURL) =>
        new Promise<string[]>((resolve) => {
          const popup = window.open(`${vaultURL}/?mode=popup`, 'probe', 'popup')!
          const heard: string[] = []
          window.addEventListener('message', (event) => {
            if (event.origin === vaultURL) heard.push(String((event.data as { type?: unknown }).type))
          })
          const timer = setInterval(() => {
            try {
              void popup.location.href
            } catch {
              popup.postMessage({ protocol: 'sigil-vault/1', type: 'hello' }, vaultURL)
              popup.postMessage({ protocol: 'sigil-vault/1', type: 'request', id: 'probe', method: 'vault_restore', params: { address: '0x000000000000000000000000000000000000bEEF' } }, vaultURL)
            }
          }, 200)
          setTimeout(() => {
            clearInterval(timer)
            popup.close()
            resolve(heard)
          }, 2_000)
        }),
      embeddedApp.vaultURL,
    )
  // The app's own origin: the vault is ready and answers.
  await page.goto(embeddedApp.baseURL)
  expect(await greet(page)).toEqual(expect.arrayContaining(['ready', 'response']))
  // The same server on another origin (`other.localhost`, not one of APP_ORIGIN; plain `localhost`
  // would send the page on to app.localhost, server/http/loopbackRedirect.ts): silence.
  await page.goto(`http://other.localhost:${new URL(embeddedApp.baseURL).port}/`)
  expect(new URL(page.url()).hostname).toBe('other.localhost')
  expect(await greet(page)).toEqual([])
})

test('a page that opens the vault in a window it keeps a handle on gets no management screens there (no Reveal, Add a device or Activity)', async ({ page, embeddedApp, authenticator: _, mail }) => {
  await page.goto(embeddedApp.baseURL)
  await createWallet(page, mail, uniqueEmail('opened-by-page'))
  await disconnect(page)
  // Not the app's "Manage wallet" (no opener): window.open with the handle kept, no ?mode=popup.
  const opened = page.context().waitForEvent('page')
  await page.evaluate((vaultURL) => void window.open(`${vaultURL}/`, 'managed', 'popup'), embeddedApp.vaultURL)
  const popup = await opened
  await expect(popup.getByTestId('embedded-existing-address')).toBeVisible({ timeout: 30_000 })
  expect(await popup.evaluate(() => window.opener !== null)).toBe(true)
  for (const management of ['embedded-reveal-button', 'embedded-add-device-button', 'embedded-activity-button']) await expect(popup.getByTestId(management)).toHaveCount(0)
  await popup.close()
})

// The vault's script leaves the clear-signing tables and the BIP-39 word list to chunks it imports
// when needed (connectors/scripts/vaultBundle.mjs). A chunk the network drops must cost a retry, never a
// request shown without its warnings, a passkey made for no wallet, or the emailed code.
test('a chunk the network drops: a new wallet waits without a passkey made, typed data is refused with a reason, and both work once it is back', async ({ page, embeddedApp, authenticator: _, mail }) => {
  const words = `${embeddedApp.vaultURL}/vault-words-*.js`
  await page.route(words, (route) => route.abort('internetdisconnected'))
  await page.goto(embeddedApp.baseURL)
  await openEmbeddedPanel(page)
  await submitCreateWithEmailCode(page, mail, uniqueEmail('boundary-chunk'))
  const ui = vault(page)
  await expect(ui.getByTestId('connect-error')).toHaveText('The server could not be reached. Check your connection and try again.')
  expect((await passkeyPrompts(page)).create).toBe(0)
  // The proven email holds: no new code, only the passkey.
  await page.unroute(words)
  const address = await tapCreateUntilMade(page, { tapFirst: true })
  expect((await passkeyPrompts(page)).create).toBe(1)
  await page.evaluate(() => window.__sigilTest!.switchChain!(31337))

  const clear = `${embeddedApp.vaultURL}/vault-clear-*.js`
  let asked = 0
  await page.route(clear, (route) => {
    asked += 1
    return route.abort('internetdisconnected')
  })
  const typed = {
    types: { Mail: [{ name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    domain: { name: 'Chunk test', chainId: 31337 },
    message: { contents: 'hello' },
  }
  const refused = await scriptRequest(page, 'eth_signTypedData_v4', [address, JSON.stringify(typed)])
  expect(asked).toBeGreaterThan(0)
  expect(refused.error).toEqual({ code: -32603, message: expect.stringContaining('The wallet could not load what it needs to show this request.') })
  await expect(vault(page).getByTestId('confirm-sheet')).toHaveCount(0)
  // A plain message needs no chunk.
  const message = scriptRequest(page, 'personal_sign', [toHex('no chunk needed'), address])
  await approveInSheet(page, 'Sign a message')
  expect(await verifyMessage({ address, message: 'no chunk needed', signature: (await message).result as Hex })).toBe(true)

  await page.unroute(clear)
  const again = scriptRequest(page, 'eth_signTypedData_v4', [address, JSON.stringify(typed)])
  await approveInSheet(page, 'Sign structured data')
  expect(await recoverTypedDataAddress({ ...typed, signature: (await again).result as Hex } as never)).toBe(address)
})
