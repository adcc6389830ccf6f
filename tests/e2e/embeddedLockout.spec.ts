import { embedded } from '@/lib/i18n/embedded'
import {
  chooseWallet,
  createWallet,
  disconnect,
  expect,
  openEmbeddedPanel,
  RECOVERY_SUBJECT,
  recoveryCodeFor,
  test,
  uniqueEmail,
  vault,
} from './embeddedFixtures'

/**
 * No lockout by strangers (issue 29), end to end: the production build, two browser contexts (the
 * owner's page with its vault frame and virtual passkey; a stranger's context that knows only the
 * owner's email), and the real SMTP server on loopback capturing every code mailed to the owner.
 */

test.describe.configure({ timeout: 180_000 })

test('a stranger’s code requests and guesses from another browser neither void the owner’s code nor lock the owner out', async ({ page, browser, embeddedApp, authenticator, mail }) => {
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('lockout')
  const address = await createWallet(page, mail, email)
  await disconnect(page)
  // Lost device: the owner must recover by email.
  await authenticator.clear()
  await page.reload()

  // The owner asks first: a live code, bound to the owner's vault frame.
  await openEmbeddedPanel(page)
  await vault(page).getByTestId('embedded-recover-button').click()
  await vault(page).getByTestId('embedded-recover-email-input').fill(email)
  const ownerAsked = mail.inbox.length
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/embedded/recovery/code'))
  await vault(page).getByTestId('embedded-send-code-button').click()
  const ownerRequestId = ((await (await asked).json()) as { requestId: string }).requestId
  await expect(vault(page).getByTestId('embedded-code-sent')).toContainText(email)
  const code = await recoveryCodeFor(mail, email, ownerAsked)

  // A stranger who knows the email: 5 code requests from their own browser (each replaces only the
  // stranger's own code), then 5 guesses at the owner's code and 5 at the stranger's newest, from a
  // browser without either binding cookie.
  const stranger = await browser.newContext()
  const guesser = await browser.newContext()
  try {
    const post = (from: typeof stranger, path: string, data: unknown) =>
      from.request.post(`${embeddedApp.vaultURL}/api/embedded/recovery/${path}`, { data, headers: { origin: embeddedApp.vaultURL } })
    let strangerRequestId = ''
    for (let index = 0; index < 5; index++) {
      const answer = await post(stranger, 'code', { email })
      expect(answer.status()).toBe(202)
      strangerRequestId = ((await answer.json()) as { requestId: string }).requestId
    }
    const guesses: [number, string][] = []
    for (const requestId of [ownerRequestId, strangerRequestId]) {
      for (let guess = 0; guess < 5; guess++) {
        const answer = await post(guesser, 'verify', { requestId, code: String(100000 + guess) })
        guesses.push([answer.status(), ((await answer.json()) as { code: string }).code])
      }
    }
    expect(guesses).toEqual(Array.from({ length: 10 }, () => [403, 'embedded_code_other_browser']))
    // The stranger's codes went to the owner's mailbox, which is all they can do with them.
    await expect.poll(() => mail.inbox.filter((message) => message.to.includes(email) && message.subject === RECOVERY_SUBJECT).length, { timeout: 15_000 }).toBe(6)
  } finally {
    await stranger.close()
    await guesser.close()
  }

  // The owner's code, asked for before all that, still works in the owner's browser.
  await vault(page).getByTestId('embedded-code-input').fill(code)
  await vault(page).getByTestId('embedded-verify-code-button').click()
  await chooseWallet(page, address)
  await expect(vault(page).getByTestId('embedded-recover-address')).toContainText(address)
  await vault(page).getByTestId('embedded-new-passkey-button').click()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address)
  expect(await authenticator.credentials()).toHaveLength(1)
})

test('a browser that guessed too often hears until when, and the owner’s own browser is not affected', async ({ page, browser, embeddedApp, authenticator, mail }) => {
  void authenticator
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('tries')
  const address = await createWallet(page, mail, email)
  await disconnect(page)

  // A stranger asks for codes in their own browser (the binding cookie kept) and guesses 10 times.
  const stranger = await browser.newContext()
  try {
    const post = (path: string, data: unknown) => stranger.request.post(`${embeddedApp.vaultURL}/api/embedded/recovery/${path}`, { data, headers: { origin: embeddedApp.vaultURL } })
    const answers: { status: number; body: { code: string; message: string; retryAt?: string } }[] = []
    for (let round = 0; round < 3; round++) {
      const { requestId } = (await (await post('code', { email })).json()) as { requestId: string }
      for (let guess = 0; guess < 4; guess++) {
        const answer = await post('verify', { requestId, code: String(200000 + round * 10 + guess) })
        answers.push({ status: answer.status(), body: (await answer.json()) as { code: string; message: string; retryAt?: string } })
      }
    }
    const exhausted = answers.filter((entry) => entry.body.code === 'embedded_code_tries_exhausted')
    // Whether the binding cookie survives in this request context decides whose tries these are: the
    // stranger's own (locked after 10, with a time), or none (no binding: refused, counted nowhere).
    if (exhausted.length > 0) {
      expect(answers.slice(0, 10).every((entry) => entry.status === 401 || entry.status === 423)).toBe(true)
      expect(exhausted[0]!.status).toBe(423)
      expect(exhausted[0]!.body.message).toBe(embedded.errors.embedded_code_tries_exhausted.replace('{time}', exhausted[0]!.body.retryAt!.replace('T', ' ').slice(0, 16)))
    } else {
      expect(answers.every((entry) => entry.body.code === 'embedded_code_other_browser')).toBe(true)
    }
  } finally {
    await stranger.close()
  }

  // The owner recovers at once in the page's own browser.
  await page.reload()
  await openEmbeddedPanel(page)
  await vault(page).getByTestId('embedded-recover-button').click()
  await vault(page).getByTestId('embedded-recover-email-input').fill(email)
  const before = mail.inbox.length
  await vault(page).getByTestId('embedded-send-code-button').click()
  await expect(vault(page).getByTestId('embedded-code-sent')).toContainText(email)
  await vault(page).getByTestId('embedded-code-input').fill(await recoveryCodeFor(mail, email, before))
  await vault(page).getByTestId('embedded-verify-code-button').click()
  await chooseWallet(page, address)
  await expect(vault(page).getByTestId('embedded-recover-address')).toContainText(address)
})
