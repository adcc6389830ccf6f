import type { Page } from '@playwright/test'
import type { Address } from 'viem'
import type { MailCatcher } from '../fixtures/smtp'
import { attempt, expectNoneActed, TRICKS } from './hostileTricks'
import { advanceServerClock, anotherBrowserAtPanel, approveInSheet, chooseWallet, createWallet, disconnect, expect, mailFor, openEmbeddedPanel, passkeyPrompts, recoveryCodeFor, test, uniqueEmail, vault } from './embeddedFixtures'

/**
 * The time-locked email recovery (README, "Security model of the embedded wallet"): whoever reads the
 * owner's mailbox starts a recovery, but the key is released only after EMBEDDED_RECOVERY_DELAY;
 * meanwhile the owner's device shows it and one passkey touch cancels it. Two browser contexts, each
 * with its own virtual authenticator, the real SMTP capture, and the server's test clock moved past
 * the delay instead of waiting 48 hours.
 */

test.use({ recoveryDelay: '48h' })

const DELAY_SECONDS = 48 * 3600

/** In `page`: recover by email → the code from the mailbox → choose `address` → the recovery starts and waits. */
async function startRecovery(page: Page, mail: MailCatcher, email: string, address: Address): Promise<number> {
  await vault(page).getByTestId('embedded-recover-button').click()
  await vault(page).getByTestId('embedded-recover-email-input').fill(email)
  const inboxBefore = mail.inbox.length
  await vault(page).getByTestId('embedded-send-code-button').click()
  await vault(page).getByTestId('embedded-code-input').fill(await recoveryCodeFor(mail, email, inboxBefore))
  await vault(page).getByTestId('embedded-verify-code-button').click()
  await chooseWallet(page, address)
  await expect(vault(page).getByTestId('embedded-recovery-waiting')).toContainText(address)
  return inboxBefore
}

test('a mailbox alone does not recover before the delay; the owner’s device cancels it with a passkey touch; a later recovery completes after the delay', async ({
  page,
  browser,
  embeddedApp,
  authenticator,
  mail,
}) => {
  void authenticator
  // Two browsers, each creating and recovering, and the delay crossed twice.
  test.setTimeout(240_000)
  // The owner's device holds the wallet.
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('delay')
  const address = await createWallet(page, mail, email)
  await disconnect(page)

  // Another browser, with its own authenticator, used by someone who reads the owner's mailbox.
  const { context, page: other, authenticator: otherAuthenticator } = await anotherBrowserAtPanel(browser, embeddedApp.baseURL)
  try {
    const inboxBefore = await startRecovery(other, mail, email, address)
    const waiting = vault(other).getByTestId('embedded-recovery-waiting')
    const releaseAt = await waiting.getAttribute('data-release-at')
    await expect(waiting).toContainText(/in (47:59:\d\d|48:00:00)/)

    // The owner is told at the start, with the release time and the cancel link.
    const notice = await mailFor(mail, email, `Sigil: a recovery of your wallet ${address} has started`, inboxBefore)
    expect(notice.text).toContain(`released to that browser only at ${releaseAt!.replace('T', ' ').slice(0, 16)} (UTC)`)
    expect(notice.text).toMatch(/\/api\/embedded\/recovery\/cancel\?token=[\w-]{22}/)

    // An hour later the key is still refused, with the time left; no passkey is made.
    await advanceServerClock(other, embeddedApp, 3600)
    await vault(other).getByTestId('embedded-recovery-finish-button').click()
    await expect(waiting).toContainText(/in 4[67]:\d\d:\d\d/)
    await expect(vault(other).getByTestId('embedded-new-passkey-button')).toHaveCount(0)
    expect(await otherAuthenticator.credentials()).toHaveLength(0)

    // The owner opens the wallet on their device: the pending recovery is shown, and one touch cancels it.
    await page.bringToFront()
    await openEmbeddedPanel(page)
    await vault(page).getByTestId('embedded-unlock-button').click()
    const alert = vault(page).getByTestId('embedded-recovery-alert')
    await expect(alert).toContainText('A recovery of this wallet started on')
    await expect(alert).toContainText('Chrome on Linux')
    const before = await passkeyPrompts(page)
    await vault(page).getByTestId('embedded-veto-button').click()
    await expect(vault(page).getByTestId('embedded-recovery-cancelled')).toBeVisible()
    expect((await passkeyPrompts(page)).get).toBe(before.get + 1)
    await vault(page).getByTestId('embedded-continue-button').click()
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', address)

    // Past the delay, the cancelled recovery still gets nothing.
    await other.bringToFront()
    await advanceServerClock(other, embeddedApp, DELAY_SECONDS)
    await vault(other).getByTestId('embedded-recovery-finish-button').click()
    // One state: cancelled by the owner, no countdown or "Finish recovery" left.
    await expect(vault(other).getByTestId('embedded-recovery-vetoed')).toContainText('Cancelled by the owner')
    await expect(vault(other).getByTestId('embedded-recovery-waiting')).toHaveCount(0)
    await expect(vault(other).getByTestId('embedded-recovery-restart-button')).toBeFocused()
    expect(await otherAuthenticator.credentials()).toHaveLength(0)

    // A second recovery (the owner did not cancel this one): the browser leaves and comes back after the delay.
    await other.reload()
    await other.bringToFront()
    await openEmbeddedPanel(other)
    await startRecovery(other, mail, email, address)
    await other.reload()
    await advanceServerClock(other, embeddedApp, DELAY_SECONDS + 1)
    await other.bringToFront()
    await openEmbeddedPanel(other)
    // Coming back: the recovery first, "Finish recovery" focused, no form above it.
    await expect(vault(other).getByTestId('embedded-recovery-waiting')).toContainText(address)
    await expect(vault(other).getByTestId('embedded-recovery-finish-button')).toBeFocused()
    await expect(vault(other).getByTestId('embedded-email-input')).toHaveCount(0)
    await vault(other).getByTestId('embedded-recovery-finish-button').click()
    await expect(vault(other).getByTestId('embedded-recover-address')).toContainText(address)
    await vault(other).getByTestId('embedded-new-passkey-button').click()
    await expect(other.getByTestId('account-address')).toHaveAttribute('title', address, { timeout: 15_000 })
    expect(await otherAuthenticator.credentials()).toHaveLength(1)
  } finally {
    await context.close()
  }
})

test('a signature that unlocks the wallet (its connection restored locked after a reload) shows a waiting recovery first; cancelled, the signature goes through', async ({
  page,
  browser,
  embeddedApp,
  authenticator: _,
  mail,
}) => {
  test.setTimeout(180_000)
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('signveto')
  const address = await createWallet(page, mail, email)
  // Someone who reads the owner's mailbox starts a recovery in another browser.
  const { context, page: other } = await anotherBrowserAtPanel(browser, embeddedApp.baseURL)
  try {
    await startRecovery(other, mail, email, address)
  } finally {
    await context.close()
  }
  // The owner reloads: still connected, the wallet locked. Its first signature unlocks it, and the
  // unlock shows the recovery before anything is signed, as the Unlock button does.
  await page.bringToFront()
  await page.reload()
  await expect(page.getByTestId('account-address')).toHaveAttribute('title', address)
  await page.getByTestId('sign-message-input').fill('after a reload')
  await page.getByTestId('sign-message-button').click()
  await approveInSheet(page, 'Sign a message')
  await expect(vault(page).getByTestId('embedded-recovery-alert')).toContainText('A recovery of this wallet started on')
  await expect(page.getByTestId('signature-output')).toHaveCount(0)
  await vault(page).getByTestId('embedded-veto-button').click()
  await expect(vault(page).getByTestId('embedded-recovery-cancelled')).toBeVisible()
  await vault(page).getByTestId('embedded-continue-button').click()
  await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true', { timeout: 15_000 })
})

test('the recovery buttons in the frame, played by a hostile page: none of 4 tricks vetoes, finishes or makes the passkey; visible clicks do', async ({ page, browser, embeddedApp, authenticator: _, mail }) => {
  test.setTimeout(240_000)
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('delay-guard')
  const address = await createWallet(page, mail, email)
  await disconnect(page)

  const { context, page: other, authenticator: otherAuthenticator } = await anotherBrowserAtPanel(browser, embeddedApp.baseURL)
  try {
    await startRecovery(other, mail, email, address)
    const acted: Record<string, number> = {}

    // The owner's "Cancel the recovery": acting is a passkey prompt (the veto's touch) or the cancelled screen.
    await page.bringToFront()
    await openEmbeddedPanel(page)
    await vault(page).getByTestId('embedded-unlock-button').click()
    await expect(vault(page).getByTestId('embedded-recovery-alert')).toBeVisible()
    for (const trick of TRICKS) {
      const before = (await passkeyPrompts(page)).get
      await attempt(page, 'embedded-veto-button', trick)
      acted[`veto/${trick}`] = (await passkeyPrompts(page)).get > before || (await vault(page).getByTestId('embedded-recovery-cancelled').count()) > 0 ? 1 : 0
    }

    // Past the delay, in the recovering browser: "Finish recovery" (acting is the new-passkey screen),
    // then the new passkey itself (acting is a passkey made).
    await other.bringToFront()
    await advanceServerClock(other, embeddedApp, DELAY_SECONDS + 1)
    for (const trick of TRICKS) {
      await attempt(other, 'embedded-recovery-finish-button', trick)
      acted[`finish/${trick}`] = (await vault(other).getByTestId('embedded-recover-address').count()) > 0 ? 1 : 0
    }
    await vault(other).getByTestId('embedded-recovery-finish-button').click()
    await expect(vault(other).getByTestId('embedded-recover-address')).toContainText(address)
    for (const trick of TRICKS) {
      await attempt(other, 'embedded-new-passkey-button', trick)
      acted[`passkey/${trick}`] = (await otherAuthenticator.credentials()).length > 0 ? 1 : 0
    }
    expectNoneActed(acted)

    // The user's own visible click makes the passkey and connects.
    await vault(other).getByTestId('embedded-new-passkey-button').click()
    await expect(other.getByTestId('account-address')).toHaveAttribute('title', address, { timeout: 15_000 })
    expect(await otherAuthenticator.credentials()).toHaveLength(1)
  } finally {
    await context.close()
  }
})

test('closing the wallet during the wait leaves the app’s dialog neutral, saying when to come back; opened again, it is back on the wait with "Finish recovery" focused', async ({ page, browser, embeddedApp, authenticator: _, mail }) => {
  test.setTimeout(180_000)
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('delay-close')
  const address = await createWallet(page, mail, email)
  await disconnect(page)

  const { context, page: other } = await anotherBrowserAtPanel(browser, embeddedApp.baseURL)
  try {
    await startRecovery(other, mail, email, address)
    const releaseAt = await vault(other).getByTestId('embedded-recovery-waiting').getAttribute('data-release-at')

    // The vault's Cancel (as closing its window): the app's dialog is neutral, not "did not connect".
    await vault(other).getByTestId('embedded-cancel-button').click()
    const notice = other.getByTestId('embedded-recovery-in-progress')
    await expect(notice).toBeVisible()
    await expect(notice).toHaveAttribute('data-release-at', releaseAt!)
    const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(releaseAt!))
    await expect(notice).toHaveText(`Recovery in progress: come back after ${shown}.`)
    await expect(other.getByTestId('connect-error')).toHaveCount(0)

    // "Open the wallet": back on the wait, "Finish recovery" focused.
    await other.getByTestId('embedded-open-button').click()
    await expect(vault(other).getByTestId('embedded-recovery-waiting')).toContainText(address)
    await expect(vault(other).getByTestId('embedded-recovery-finish-button')).toBeFocused()
    await expect(notice).toHaveCount(0)
  } finally {
    await context.close()
  }
})

test('signed in, the owner’s account view shows a recovery under way as soon as the page loads, before any unlock, with "Review" opening the wallet’s own tab', async ({ page, browser, embeddedApp, authenticator: _, mail }) => {
  test.setTimeout(180_000)
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('delay-account')
  const address = await createWallet(page, mail, email)
  // Signed in: the session proves the address, which is what lets the app ask for its recoveries.
  await page.getByTestId('sign-in-button').click()
  await approveInSheet(page, `Sign in to ${new URL(page.url()).host}`)
  await expect(page.getByTestId('auth-status')).toHaveAttribute('data-state', 'signed-in', { timeout: 15_000 })
  await expect(page.getByTestId('account-recovery-pending')).toHaveCount(0)

  const { context, page: other } = await anotherBrowserAtPanel(browser, embeddedApp.baseURL)
  let releaseAt: string | null
  try {
    await startRecovery(other, mail, email, address)
    releaseAt = await vault(other).getByTestId('embedded-recovery-waiting').getAttribute('data-release-at')
  } finally {
    await context.close()
  }

  // The owner's page, reloaded: the notice is there with no passkey touched, no vault opened.
  await page.bringToFront()
  await page.reload()
  const notice = page.getByTestId('account-recovery-pending')
  await expect(notice).toBeVisible({ timeout: 15_000 })
  await expect(notice).toHaveAttribute('role', 'alert')
  await expect(notice).toHaveAttribute('data-release-at', releaseAt!)
  await expect(notice).toContainText('A recovery of this wallet started on')
  await expect(notice).toContainText('Chrome on Linux')
  // No passkey was asked for since the reload (the counts are the reloaded page's).
  expect(await passkeyPrompts(page)).toEqual({ create: 0, get: 0 })
  // "Review": the vault's own tab (no opener), where the owner unlocks and cancels it.
  const review = notice.getByTestId('account-recovery-review')
  await expect(review).toHaveAttribute('target', '_blank')
  await expect(review).toHaveAttribute('rel', /noopener/)
  expect(new URL((await review.getAttribute('href'))!).origin).toBe(embeddedApp.vaultURL)
})
