import { anotherBrowserAtPanel, chooseWallet, createWallet, disconnect, expect, manageInVaultTab, openEmbeddedPanel, recoveryCodeFor, test, uniqueEmail, vault } from './embeddedFixtures'

/**
 * The owner's choice (README, "Email & passkey wallet"): email recovery turned off from a device that
 * holds the wallet (one passkey touch, under Activity) makes the email path refuse, for whoever reads
 * the mailbox. Two browser contexts, each with its own virtual authenticator, and the real SMTP capture.
 */

test('email recovery turned off on the owner’s device: the email path refuses, and no recovery starts', async ({ page, browser, embeddedApp, authenticator, mail }) => {
  void authenticator
  test.setTimeout(180_000)
  await page.goto(embeddedApp.baseURL)
  const email = uniqueEmail('owner-off')
  const address = await createWallet(page, mail, email)
  await disconnect(page)

  // On the owner's device, in the wallet's own tab: Activity (one touch), then the settings under it, saved with another.
  await manageInVaultTab(page)
  await page.getByTestId('embedded-activity-button').click()
  await expect(page.getByTestId('embedded-activity-check')).toHaveAttribute('data-verified', 'true', { timeout: 15_000 })
  const allow = page.getByTestId('embedded-settings-email')
  await expect(allow).toBeChecked()
  await allow.uncheck()
  await page.getByTestId('embedded-settings-save').click()
  await expect(page.getByTestId('embedded-settings-note')).toHaveText('Saved. The change is in the activity log.', { timeout: 15_000 })

  // Someone with the mailbox, in another browser: the code still proves the email, but the recovery is refused.
  const { context, page: other } = await anotherBrowserAtPanel(browser, embeddedApp.baseURL)
  try {
    await vault(other).getByTestId('embedded-recover-button').click()
    await vault(other).getByTestId('embedded-recover-email-input').fill(email)
    const inboxBefore = mail.inbox.length
    await vault(other).getByTestId('embedded-send-code-button').click()
    await vault(other).getByTestId('embedded-code-input').fill(await recoveryCodeFor(mail, email, inboxBefore))
    await vault(other).getByTestId('embedded-verify-code-button').click()
    await chooseWallet(other, address)
    await expect(vault(other).getByTestId('connect-error')).toContainText('Email recovery is turned off for this wallet')
    await expect(vault(other).getByTestId('embedded-recovery-waiting')).toHaveCount(0)
    // No recovery started, so no notice of one was mailed.
    expect(mail.inbox.slice(inboxBefore).some((message) => /a recovery of your wallet/.test(message.subject))).toBe(false)
  } finally {
    await context.close()
  }

  // Back on the owner's device, the log says what changed.
  await page.bringToFront()
  await page.getByTestId('embedded-back-button').click()
  await page.getByTestId('embedded-activity-button').click()
  await expect(page.getByTestId('embedded-activity-entry').first()).toHaveAttribute('data-kind', 'settings_changed', { timeout: 15_000 })
  await expect(page.getByTestId('embedded-settings-email')).not.toBeChecked()
})
