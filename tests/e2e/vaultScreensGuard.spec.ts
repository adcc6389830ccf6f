import type { Page } from '@playwright/test'
import { toHex } from 'viem'
import { attempt, expectNoneActed, TRICKS } from './hostileTricks'
import { createWallet, disconnect, expect, openEmbeddedPanel, passkeyPrompts, test, uniqueEmail, vault, vaultFrame } from './embeddedFixtures'

/**
 * The vault's own screens, as guarded as its sheet (docs/embedded/threat-model.md#the-guard), played
 * by a hostile script in the app's page, in frame mode: the page brings the screens up whenever it
 * likes (`vault_connect`) and owns the frame's paint. For each guarded action the script tries the
 * tricks that worked before the guard (a transparent dialog, the frame moved under the pointer, an
 * overlay that lets clicks through, a double-click whose first press reveals the frame), and none of
 * them acts; the user's own visible click does. Then 200+ malformed and hostile protocol messages,
 * none acted on.
 */

test.describe.configure({ timeout: 180_000 })

test('Unlock and "Manage wallet" in the frame: none of 4 tricks acts, a visible click does; the page\'s vault_connect never shows the device, Reveal or settings screens; the account view\'s "Manage wallet" opens them in the vault\'s own tab', async ({
  page,
  embeddedApp,
  authenticator: _,
  mail,
}) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('screens-guard'))
  await disconnect(page)
  await openEmbeddedPanel(page)

  // Management is not in the frame a page controls: only "Manage wallet", which opens the vault's own tab.
  const panel = vault(page).getByTestId('embedded-panel')
  await expect(panel).toHaveAttribute('data-step', 'home')
  for (const management of ['embedded-add-device-button', 'embedded-reveal-button', 'embedded-activity-button']) await expect(vault(page).getByTestId(management)).toHaveCount(0)
  await expect(vault(page).getByTestId('embedded-manage-button')).toBeVisible()

  const acted: Record<string, number> = {}
  // Unlock: acting is a passkey prompt (and the page connected).
  for (const trick of TRICKS) {
    const before = (await passkeyPrompts(page)).get
    await attempt(page, 'embedded-unlock-button', trick)
    const prompted = (await passkeyPrompts(page)).get > before
    acted[`unlock/${trick}`] = prompted || (await page.getByTestId('account-address').count()) > 0 ? 1 : 0
  }
  // Manage wallet: acting is a new tab.
  let tabs = 0
  page.context().on('page', () => tabs++)
  for (const trick of TRICKS) {
    const before = tabs
    await attempt(page, 'embedded-manage-button', trick)
    acted[`manage/${trick}`] = tabs > before ? 1 : 0
  }
  expectNoneActed(acted)

  // The user's own visible click acts.
  const opened = page.context().waitForEvent('page')
  await vault(page).getByTestId('embedded-manage-button').click()
  await (await opened).close()
  await vault(page).getByTestId('embedded-unlock-button').click()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address, { timeout: 15_000 })

  // Management one tap from the app: the account view's "Manage wallet" opens the vault's own tab (no
  // opener: no page reaches it), in the page's language, where the management screens are.
  const manage = page.getByTestId('account-manage-wallet')
  await expect(manage).toHaveAttribute('href', `${embeddedApp.vaultURL}/?lang=en`)
  await expect(manage).toHaveAttribute('target', '_blank')
  const tab = page.context().waitForEvent('page')
  await manage.click()
  const vaultTab = await tab
  await vaultTab.waitForLoadState()
  expect(await vaultTab.evaluate(() => window.opener)).toBeNull()
  await expect(vaultTab.getByTestId('embedded-panel')).toBeVisible()
  await expect(vaultTab.getByTestId('embedded-add-device-button')).toBeVisible()
  await vaultTab.close()
})

test('Create and Recover in the frame (the email typed by the user): none of 4 tricks sends a code, a visible click does', async ({ page, embeddedApp, authenticator: _, mail }) => {
  await page.goto(embeddedApp.baseURL)
  await openEmbeddedPanel(page)
  const acted: Record<string, number> = {}
  // Acting is a code mailed: the server asked to send one.
  const mailed = (email: string) => mail.inbox.filter((message) => message.to.includes(email)).length

  // Create: the user typed an email; the script's tricks aim the user's click at "Create wallet".
  const createEmail = uniqueEmail('guard-create')
  await vault(page).getByTestId('embedded-email-input').fill(createEmail)
  for (const trick of TRICKS) {
    await attempt(page, 'embedded-create-button', trick)
    acted[`create/${trick}`] = mailed(createEmail) > 0 || (await vault(page).getByTestId('embedded-confirm-code-sent').count()) > 0 ? 1 : 0
  }

  // Recover: the same at "Send code".
  await vault(page).getByTestId('embedded-recover-button').click()
  const recoverEmail = uniqueEmail('guard-recover')
  await vault(page).getByTestId('embedded-recover-email-input').fill(recoverEmail)
  for (const trick of TRICKS) {
    await attempt(page, 'embedded-send-code-button', trick)
    acted[`recover/${trick}`] = (await vault(page).getByTestId('embedded-code-sent').count()) > 0 ? 1 : 0
  }
  expectNoneActed(acted)

  // The user's own visible click sends the code.
  await vault(page).getByTestId('embedded-send-code-button').click()
  await expect(vault(page).getByTestId('embedded-code-sent')).toContainText(recoverEmail)
})

/** The vault's answers the page received, by request id (collected by a listener the script adds). */
async function listenForAnswers(page: Page, vaultOrigin: string): Promise<void> {
  await page.evaluate((vaultOrigin) => {
    const answers: Record<string, unknown[]> = {}
    ;(window as unknown as { __fuzzAnswers: typeof answers }).__fuzzAnswers = answers
    window.addEventListener('message', (event) => {
      const data = event.data as { type?: string; id?: string }
      if (event.origin !== vaultOrigin || data?.type !== 'response' || typeof data.id !== 'string') return
      ;(answers[data.id] ??= []).push(data)
    })
  }, vaultOrigin)
}

test('200+ malformed and hostile protocol messages from the page, another window and before ready: none acted on', async ({ page, embeddedApp, authenticator: _, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const address = await createWallet(page, mail, uniqueEmail('screens-fuzz'))
  const vaultOrigin = embeddedApp.vaultURL
  await listenForAnswers(page, vaultOrigin)
  const sign = (message: string) => ({ method: 'personal_sign', params: [toHex(message), address], chainId: 31337, address })
  const request = (id: string, method: string, params: unknown) => ({ protocol: 'sigil-vault/1', type: 'request', id, method, params })

  const messages: { label: string; data: unknown; raw?: string }[] = []
  // Oversized: past the 128 KB bound, in every method.
  for (let index = 0; index < 40; index++) messages.push({ label: 'oversized', data: request(`big${index}`, ['vault_sign', 'vault_connect', 'vault_restore', 'vault_lock'][index % 4]!, { blob: 'x'.repeat(140_000 + index) }) })
  // Prototype-pollution keys, as raw JSON (an object literal would not keep `__proto__` as a key).
  for (let index = 0; index < 40; index++) {
    const key = ['__proto__', 'constructor', 'prototype', '__defineGetter__'][index % 4]!
    // The signing request under the polluted keys is itself malformed (not hex): a typed error, never a sheet.
    messages.push({ label: 'pollution', data: undefined, raw: `{"${key}":{"isAdmin":true},"protocol":"sigil-vault/1","type":"request","id":"pp${index}","method":"vault_sign","params":{"${key}":{"isAdmin":true,"method":"personal_sign"},"method":"personal_sign","params":["not hex","${address}"],"chainId":31337,"address":"${address}"}}` })
  }
  // Shapes that are not requests: wrong protocol, bad ids, unknown methods, non-objects.
  const junk: unknown[] = [null, 42, 'vault_sign', [], { protocol: 'sigil-vault/2', type: 'request', id: 'a', method: 'vault_sign' }, { protocol: 'sigil-vault/1', type: 'request', id: '../../x', method: 'vault_sign' }, { protocol: 'sigil-vault/1', type: 'request', id: 'x'.repeat(65), method: 'vault_sign' }, { protocol: 'sigil-vault/1', type: 'request', id: 'ok', method: 'eth_sign' }, { protocol: 'sigil-vault/1', type: 'response', id: 'r', result: '0x' }, { protocol: 'sigil-vault/1', type: 'ready', approvals: 'frame' }]
  for (let index = 0; index < 40; index++) messages.push({ label: 'junk', data: junk[index % junk.length] })
  // Malformed signing requests: each gets -32602 (or another typed error), none a sheet.
  const malformed: unknown[] = [
    { method: 'personal_sign', params: ['not hex', address], chainId: 31337, address },
    { method: 'personal_sign', params: [toHex('x'), '0xnot-an-address'], chainId: 31337, address },
    { method: 'personal_sign', params: [toHex('x'), address], chainId: -1, address },
    { method: 'personal_sign', params: [toHex('x'), address], chainId: 31337, address: '0x0000000000000000000000000000000000000001' },
    { method: 'eth_signTypedData_v4', params: [address, { primaryType: 'X', message: {} }], chainId: 31337, address },
    { method: 'wallet_nuke', params: [], chainId: 31337, address },
  ]
  for (let index = 0; index < 36; index++) messages.push({ label: 'malformed', data: request(`mf${index}`, 'vault_sign', malformed[index % malformed.length]) })
  // One good request, then its id replayed 20 times (with other content): acted on once, answered once.
  messages.push({ label: 'first', data: request('dup1', 'vault_sign', sign('the one request')) })
  for (let index = 0; index < 20; index++) messages.push({ label: 'replayed', data: request('dup1', 'vault_sign', sign(`replay ${index}`)) })
  // A flood of good requests behind it: at most 8 wait, the rest are refused with -32005.
  for (let index = 0; index < 30; index++) messages.push({ label: 'flood', data: request(`fl${index}`, 'vault_sign', sign(`flood ${index}`)) })

  const promptsBefore = (await passkeyPrompts(page)).get
  await page.evaluate(
    ({ messages, vaultOrigin }) => {
      const frame = document.querySelector<HTMLIFrameElement>('[data-testid="vault-frame"]')!.contentWindow!
      for (const message of messages) frame.postMessage(message.raw !== undefined ? JSON.parse(message.raw) : message.data, vaultOrigin)
    },
    { messages, vaultOrigin },
  )

  // Another window of the app's origin (opened by the page, so it can reach the frame through its
  // opener's DOM) posts to the vault frame as itself: not the window the vault serves.
  const fromOtherWindow = 20
  const opened = page.waitForEvent('popup')
  await page.evaluate(() => void window.open(location.href, 'sigil-fuzz-other'))
  const other = await opened
  await other.waitForLoadState()
  await other.evaluate(
    ({ vaultOrigin, count, sign }) => {
      const frame = (window.opener as Window).document.querySelector<HTMLIFrameElement>('[data-testid="vault-frame"]')!.contentWindow!
      for (let index = 0; index < count; index++) frame.postMessage({ protocol: 'sigil-vault/1', type: 'request', id: `ow${index}`, method: 'vault_sign', params: sign }, vaultOrigin)
    },
    { vaultOrigin, count: fromOtherWindow, sign: sign('from another window') },
  )
  await other.close()

  // Before ready: a second vault frame the script makes, asked before any hello.
  const beforeReady = 20
  await page.evaluate(
    async ({ vaultOrigin, count, sign }) => {
      const extra = document.createElement('iframe')
      extra.src = `${vaultOrigin}/`
      extra.id = 'fuzz-extra'
      document.body.append(extra)
      await new Promise((resolve) => extra.addEventListener('load', resolve, { once: true }))
      for (let index = 0; index < count; index++) extra.contentWindow!.postMessage({ protocol: 'sigil-vault/1', type: 'request', id: `br${index}`, method: 'vault_sign', params: sign }, vaultOrigin)
    },
    { vaultOrigin, count: beforeReady, sign: sign('before ready') },
  )

  const total = messages.length + fromOtherWindow + beforeReady
  expect(total).toBeGreaterThanOrEqual(200)
  await page.waitForTimeout(2_000)
  const answers = await page.evaluate(() => (window as unknown as { __fuzzAnswers: Record<string, { result?: unknown; error?: { code: number; data?: { reason?: string } } }[]> }).__fuzzAnswers)

  const sheet = vault(page).getByTestId('confirm-sheet')
  await expect(sheet.getByTestId('confirm-message')).toHaveText('the one request')
  // The sheet says how many wait: 8, the bound.
  await expect(sheet.getByTestId('confirm-queued')).toContainText('8')
  const answered = (prefix: string) => Object.entries(answers).filter(([id]) => id.startsWith(prefix))
  // No signature came back for anything, and each id was answered at most once.
  expect(Object.values(answers).flat().filter((answer) => answer.result !== undefined)).toEqual([])
  expect(Object.values(answers).every((list) => list.length === 1)).toBe(true)
  // Silence for the oversized, the junk, another window's and the not-ready frame's.
  for (const prefix of ['big', 'ow', 'br']) expect(answered(prefix), prefix).toEqual([])
  // Typed errors for the malformed and polluted ones.
  for (const [id, [answer]] of [...answered('mf'), ...answered('pp')]) expect(answer!.error?.code, id).toEqual(expect.any(Number))
  expect(answered('mf')).toHaveLength(36)
  // The flood: 8 queued (unanswered yet), the other 22 refused with -32005.
  const refused = answered('fl')
  expect(refused).toHaveLength(22)
  for (const [, [answer]] of refused) expect(answer!.error).toMatchObject({ code: -32005, data: { reason: 'too_many_requests_waiting' } })

  // Nothing polluted the vault's objects.
  expect(await (await vaultFrame(page)).evaluate(() => (({}) as { isAdmin?: unknown }).isAdmin)).toBeUndefined()
  // Acted on: a signature, a passkey ceremony, or a sheet for anything but the one good request.
  const acted = Object.values(answers).flat().filter((answer) => answer.result !== undefined).length + ((await passkeyPrompts(page)).get - promptsBefore)
  console.log(`[protocol fuzz] messages: ${total}; acted: ${acted}`)
  expect(acted).toBe(0)
})
