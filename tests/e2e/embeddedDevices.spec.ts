import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { BrowserContext, Page } from '@playwright/test'
import pg from 'pg'
import { type Address, type Hex, verifyMessage } from 'viem'
import type { Envelope } from '@/lib/embedded/crypto/sealToPublicKey'
import { openRecoveryEnvelope } from '@sigil/server/embedded/recoveryEnvelope'
import { recoveryKeyring } from '@sigil/server/embedded/recoveryKey'
import { plainErrors } from '@/lib/i18n/plainErrors'
import { verifyWalletLog, type WalletEvent } from '@sigil/server/store/walletLog'
import { addVirtualAuthenticator, type VirtualAuthenticator } from '../fixtures/passkeys'
import { startPostgres, type Postgres } from '../fixtures/postgres'
import { vaultOriginFor, type NextServer } from '../fixtures/nextServer'
import { approveInSheet, createWallet, expect, mailFor, openEmbeddedPanel, recordPasskeys, test as base, uniqueEmail, vault } from './embeddedFixtures'

/**
 * Adding a device without email recovery, and the wallet's log in the vault, end to end: two browser
 * contexts (two devices), each with its own virtual passkey authenticator; the production build on a
 * real Postgres this spec reads and edits, and the real SMTP capture for the notice mail.
 */

type DeviceFixtures = {
  postgres: Postgres
  /** The app on Postgres (so the test can read and edit the rows), its vault origin and its recovery key. */
  deviceApp: NextServer & { vaultURL: string; recoverySecret: Buffer; sql: <Row>(text: string, params?: unknown[]) => Promise<Row[]> }
}

const test = base.extend<object, DeviceFixtures>({
  postgres: [
    async ({}, provide) => {
      const server = await startPostgres()
      await provide(server)
      server.stop()
    },
    { scope: 'worker' },
  ],
  deviceApp: [
    async ({ startServer, mail, postgres }, provide) => {
      const recoverySecret = randomBytes(32)
      const server = await startServer({
        host: 'app.localhost',
        routePublicChainsToLocalRpc: true,
        env: {
          SMTP_URL: mail.url,
          NODE_EXTRA_CA_CERTS: mail.caFile!,
          MAIL_FROM: 'Sigil <no-reply@sigil.test>',
          EMBEDDED_RECOVERY_KEY: recoverySecret.toString('base64'),
          DATABASE_URL: postgres.url,
        },
      })
      const client = new pg.Client({ connectionString: postgres.url })
      await client.connect()
      await provide(
        Object.assign(server, {
          vaultURL: vaultOriginFor(server.baseURL),
          recoverySecret,
          sql: async <Row,>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
        }),
      )
      await client.end()
    },
    { scope: 'worker', timeout: 600_000 },
  ],
})

test.describe.configure({ timeout: 180_000 })

/** A device: a browser context of its own with its own passkey authenticator. */
async function newDevice(context: BrowserContext): Promise<{ page: Page; authenticator: VirtualAuthenticator }> {
  const page = await context.newPage()
  await page.addInitScript(recordPasskeys)
  return { page, authenticator: await addVirtualAuthenticator(page, { prf: true }) }
}

/** On the device holding the wallet, its vault opened on its own: "Add a device" → the code and the QR code's link. */
async function openAddDevice(page: Page, vaultURL: string): Promise<{ code: string; link: string }> {
  await page.goto(`${vaultURL}/`)
  await page.getByTestId('embedded-add-device-button').click()
  const qr = page.getByTestId('embedded-pairing-qr')
  await expect(qr).toBeVisible({ timeout: 15_000 })
  return { code: (await page.getByTestId('embedded-pairing-code').textContent())!, link: (await qr.getAttribute('data-uri'))! }
}

/** The owner compares the fingerprint with the new device's and approves (one passkey touch). */
async function compareAndApprove(owner: Page, fingerprintOnNewDevice: string) {
  await expect(owner.getByTestId('embedded-pairing-fingerprint')).toHaveText(fingerprintOnNewDevice, { timeout: 15_000 })
  await owner.getByTestId('embedded-approve-device-button').click()
  await expect(owner.getByTestId('embedded-device-added')).toBeVisible({ timeout: 15_000 })
}

async function signOnApp(page: Page, message: string, address: Address) {
  await page.getByTestId('sign-message-input').fill(message)
  await page.getByTestId('sign-message-button').click()
  await approveInSheet(page, 'Sign a message')
  await expect(page.getByTestId('signature-verified')).toHaveAttribute('data-verified', 'true', { timeout: 15_000 })
  const signature = (await page.getByTestId('signature-output').textContent()) as Hex
  expect(await verifyMessage({ address, message, signature })).toBe(true)
}

test('adds a device by the QR code link: end-to-end sealed, the same address signs there, the owner is told and the log verifies', async ({ browser, deviceApp, mail }) => {
  const first = await newDevice(await browser.newContext())
  const second = await newDevice(await browser.newContext())
  await first.page.goto(deviceApp.baseURL)
  const email = uniqueEmail('pair-qr')
  const address = await createWallet(first.page, mail, email)

  const { code, link } = await openAddDevice(first.page, deviceApp.vaultURL)
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/)
  expect(link).toBe(`${deviceApp.vaultURL}/#pair=${code}`)

  // The second device opens the link (what scanning does): the link leaves the address bar, and the
  // code is claimed only once the user says this is the device to add.
  await second.page.goto(link)
  await expect(second.page.getByTestId('embedded-pair-confirm')).toBeVisible({ timeout: 15_000 })
  expect(new URL(second.page.url()).hash).toBe('')
  const [waiting] = await deviceApp.sql<{ claimed_at: Date | null }>(
    'SELECT p.claimed_at FROM sigil_embedded_pairings p JOIN sigil_embedded_wallets w USING (wallet_id) WHERE lower(w.address) = lower($1) ORDER BY p.created_at DESC LIMIT 1',
    [address],
  )
  expect(waiting!.claimed_at, 'claimed before the user said so').toBeNull()
  await second.page.getByTestId('embedded-pair-confirm-button').click()
  const fingerprint = second.page.getByTestId('embedded-pairing-fingerprint')
  await expect(fingerprint).toHaveText(/^\d{4} \d{4}$/, { timeout: 15_000 })
  expect(new URL(second.page.url()).hash).toBe('')
  await compareAndApprove(first.page, (await fingerprint.textContent())!)

  // What the server holds once approved: a key sealed to the new device, which the server's own
  // recovery key cannot open, and no byte of the data key.
  const [row] = await deviceApp.sql<Record<string, unknown>>(
    // By the wallet's address: the database keeps no email in the clear.
    'SELECT p.* FROM sigil_embedded_pairings p JOIN sigil_embedded_wallets w USING (wallet_id) WHERE lower(w.address) = lower($1) ORDER BY p.created_at DESC LIMIT 1',
    [address],
  )
  expect(row!.approved_at).not.toBeNull()
  const walletId = row!.wallet_id as string
  const sealed = JSON.parse(row!.sealed_key as string) as Envelope
  const keyring = await recoveryKeyring(new Uint8Array(deviceApp.recoverySecret))
  await expect(openRecoveryEnvelope(keyring, sealed, walletId)).rejects.toThrow()

  await second.page.getByTestId('embedded-join-passkey-button').click()
  await expect(second.page.getByTestId('embedded-existing-address')).toHaveText(address, { timeout: 15_000 })
  expect(await second.authenticator.credentials()).toHaveLength(1)
  // The data key the second device opened, seen on its way into WebCrypto: in no stored row.
  const rawKeys = await second.page.evaluate(() => window.__rawKeysSeen ?? [])
  expect(rawKeys.length).toBeGreaterThan(0)
  const stored = JSON.stringify(await deviceApp.sql('SELECT * FROM sigil_embedded_pairings WHERE wallet_id = $1', [walletId])) + JSON.stringify(row)
  for (const hex of rawKeys) for (const text of [hex, Buffer.from(hex, 'hex').toString('base64'), Buffer.from(hex, 'hex').toString('base64url')]) expect(stored).not.toContain(text)
  // Delivered: the sealed key is gone from the server.
  const [after] = await deviceApp.sql<{ sealed_key: string | null; completed_at: Date | null }>('SELECT sealed_key, completed_at FROM sigil_embedded_pairings WHERE pairing_id = $1', [row!.pairing_id])
  expect(after).toMatchObject({ sealed_key: null })
  expect(after!.completed_at).not.toBeNull()

  // No code mailed, no wait: only the notice.
  const notice = await mailFor(mail, email, /a device was added/)
  expect(notice.text).toContain(address)

  // The second device signs with the wallet, in the app.
  await second.page.goto(deviceApp.baseURL)
  await openEmbeddedPanel(second.page)
  await expect(vault(second.page).getByTestId('embedded-existing-address')).toHaveText(address)
  await vault(second.page).getByTestId('embedded-unlock-button').click()
  await expect(second.page.getByTestId('account-address')).toHaveAttribute('title', address)
  await signOnApp(second.page, 'signed on my second device', address)

  // The log in the vault: verified here, and exported with its hashes.
  await first.page.getByTestId('embedded-done-button').click()
  await first.page.getByTestId('embedded-activity-button').click()
  const check = first.page.getByTestId('embedded-activity-check')
  await expect(check).toHaveAttribute('data-verified', 'true', { timeout: 15_000 })
  await expect(first.page.getByTestId('embedded-activity-entry')).toHaveCount(2)
  await expect(first.page.getByTestId('embedded-activity-entry').first()).toHaveAttribute('data-kind', 'device_added')
  const [download] = await Promise.all([first.page.waitForEvent('download'), first.page.getByTestId('embedded-activity-export-button').click()])
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { walletId: string; events: (Omit<WalletEvent, 'at'> & { at: string })[] }
  expect(exported.walletId).toBe(walletId)
  expect(exported.events.map((event) => event.kind)).toEqual(['created', 'device_added'])
  expect(verifyWalletLog(walletId, exported.events.map((event) => ({ ...event, at: new Date(event.at) })))).toMatchObject({ ok: true, entries: 2 })

  // Someone with the database edits an entry: the vault's own check says so.
  await deviceApp.sql("UPDATE sigil_embedded_wallet_events SET detail = '{\"address\":\"0x000000000000000000000000000000000000dEaD\"}' WHERE wallet_id = $1 AND seq = 1", [walletId])
  await first.page.getByTestId('embedded-back-button').click()
  await first.page.getByTestId('embedded-activity-button').click()
  await expect(check).toHaveAttribute('data-verified', 'false', { timeout: 15_000 })
  await expect(check).toContainText('1')
})

test('adds a device by the typed code inside the app, after refusing an unknown one; two devices claiming one code: the second is told it is used', async ({ browser, deviceApp, mail }) => {
  const first = await newDevice(await browser.newContext())
  const second = await newDevice(await browser.newContext())
  const third = await newDevice(await browser.newContext())
  await first.page.goto(deviceApp.baseURL)
  const address = await createWallet(first.page, mail, uniqueEmail('pair-typed'))
  const { code } = await openAddDevice(first.page, deviceApp.vaultURL)

  // The new device, in the app's connect dialog: "I have this wallet on another device".
  await second.page.goto(deviceApp.baseURL)
  await openEmbeddedPanel(second.page)
  const ui = vault(second.page)
  await ui.getByTestId('embedded-join-button').click()
  await ui.getByTestId('embedded-pair-code-input').fill('ZZZZZ-ZZZZZ')
  await ui.getByTestId('embedded-pair-code-button').click()
  await expect(ui.getByTestId('connect-error')).toHaveText(plainErrors.embedded_pairing_code_invalid)
  // Typed as people type: lower case, a space instead of the dash.
  await ui.getByTestId('embedded-pair-code-input').fill(code.toLowerCase().replace('-', ' '))
  await ui.getByTestId('embedded-pair-code-button').click()
  const fingerprint = ui.getByTestId('embedded-pairing-fingerprint')
  await expect(fingerprint).toHaveText(/^\d{4} \d{4}$/, { timeout: 15_000 })

  // A third device with the same code: already used.
  // Its link says so at once, before anything would be claimed.
  await third.page.goto(`${deviceApp.vaultURL}/#pair=${code}`)
  await expect(third.page.getByTestId('embedded-pair-confirm-button')).toHaveCount(0)
  await expect(third.page.getByTestId('connect-error')).toHaveText(plainErrors.embedded_pairing_used, { timeout: 15_000 })

  await compareAndApprove(first.page, (await fingerprint.textContent())!)
  await ui.getByTestId('embedded-join-passkey-button').click()
  // Joining from the connect dialog connects the page with the wallet's address.
  await expect(second.page.getByTestId('account-address')).toHaveAttribute('title', address, { timeout: 15_000 })
  await signOnApp(second.page, 'typed the code', address)
})
