import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { LocalAccount } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authCatalogue } from '@/lib/siwe/catalogue'
import type { SigilAccount } from '@/lib/siwe/account'
import { linkStatement } from '@/lib/siwe/link'
import { createLinkMessage } from '@/lib/siwe/client'
import { parseSigilAccount } from '@/lib/siwe/account'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@sigil/server/store/types'
import { startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { deploySmartWalletFactory, type SmartWalletKit } from '@/tests/fixtures/contracts/smartWallet'
import { createRoutes, errorOf, ORIGIN, siweMessage, signIn, TestBrowser } from './authHarness'

/**
 * Accounts with linked wallets, through the routes on a real PGlite store and a real anvil chain:
 * GET /api/auth/account, POST /api/auth/link/nonce, POST /api/auth/link, POST /api/auth/unlink. A
 * wallet joins an account only with its own fresh signature over a message naming that account and a
 * link nonce issued to that account's session; everything else is refused with the sign-in codes.
 */

let store: Store
let anvil: Anvil
let kit: SmartWalletKit
beforeAll(async () => {
  ;[store, anvil] = await Promise.all([openFreshPgliteStore(), startAnvil()])
  kit = await deploySmartWalletFactory(anvil.rpcUrl)
}, 120_000)
afterAll(async () => {
  await store?.close()
  await anvil?.stop()
})

const newAccount = () => privateKeyToAccount(generatePrivateKey())
const routes = (now?: () => Date) => createRoutes({ store, rpcUrls: { 31337: anvil.rpcUrl }, now })

async function accountOf(browser: TestBrowser): Promise<SigilAccount> {
  const response = await browser.account()
  expect(response.status).toBe(200)
  return (await response.json()) as SigilAccount
}

async function signedIn(owner: LocalAccount, now?: () => Date): Promise<{ browser: TestBrowser; accountId: string }> {
  const browser = new TestBrowser(routes(now))
  const { response } = await signIn(browser, owner)
  expect(response.status).toBe(200)
  return { browser, accountId: (await accountOf(browser)).account.id }
}

async function linkNonce(browser: TestBrowser): Promise<{ nonce: string; accountId: string; statement: string }> {
  const response = await browser.linkNonce()
  expect(response.status).toBe(200)
  return (await response.json()) as { nonce: string; accountId: string; statement: string }
}

/** The link message the page writes: the second wallet's address, the link nonce, the account's statement. */
async function linkMessage(browser: TestBrowser, wallet: LocalAccount, overrides: Partial<Parameters<typeof siweMessage>[0]> = {}) {
  const issued = await linkNonce(browser)
  const message = siweMessage({ address: wallet.address, nonce: issued.nonce, statement: issued.statement, ...overrides })
  return { message, signature: await wallet.signMessage({ message }), accountId: issued.accountId }
}

describe('linking a wallet', () => {
  it('links a second wallet with its own signature; signing in with it opens the same account and lists its sessions', async () => {
    const first = newAccount()
    const second = newAccount()
    const { browser, accountId } = await signedIn(first)
    const before = await accountOf(browser)
    expect(before.wallets).toEqual([{ address: first.address, family: null, linkedAt: expect.any(String), current: true }])
    expect(before.session).toMatchObject({ address: first.address, chainId: 31337 })

    const issued = await linkNonce(browser)
    expect(issued.accountId).toBe(accountId)
    expect(issued.statement).toBe(`Link this wallet to Sigil account ${accountId}.`)
    const { message, signature } = await linkMessage(browser, second)
    const response = await browser.link({ message, signature, family: 'walletconnect' })
    expect(response.status).toBe(200)
    const linked = (await response.json()) as SigilAccount
    expect(linked.account.id).toBe(accountId)
    expect(linked.wallets.map((wallet) => [wallet.address, wallet.family, wallet.current])).toEqual([
      [first.address, null, true],
      [second.address, 'walletconnect', false],
    ])

    // Another browser signs in with the second wallet: the same account, and the sessions of both.
    const other = new TestBrowser(routes())
    expect((await signIn(other, second)).response.status).toBe(200)
    const seen = await accountOf(other)
    expect(seen.account.id).toBe(accountId)
    expect(seen.wallets.find((wallet) => wallet.current)?.address).toBe(second.address)
    const sessions = (await (await other.sessions()).json()) as { sessions: { id: string; current: boolean }[] }
    expect(sessions.sessions).toHaveLength(2)
    // The first browser can sign the second one out: it is the account's session.
    const otherId = sessions.sessions.find((row) => row.current)!.id
    expect((await browser.revoke({ id: otherId })).status).toBe(200)
    expect((await other.session()).status).toBe(401)
  })

  it("accepts the page's own link message (createLinkMessage), and the client reads the answer", async () => {
    const { browser, accountId } = await signedIn(newAccount())
    const wallet = newAccount()
    const { nonce } = await linkNonce(browser)
    const message = createLinkMessage({ address: wallet.address, chainId: 31337, nonce, accountId, origin: ORIGIN })
    expect(message).toContain(`\n\nLink this wallet to Sigil account ${accountId}.\n\n`)
    const response = await browser.link({ message, signature: await wallet.signMessage({ message }), family: 'embedded' })
    expect(response.status).toBe(200)
    const account = parseSigilAccount(await response.json())
    expect(account?.wallets.map((linked) => linked.family)).toEqual([null, 'embedded'])
    expect(parseSigilAccount({ ...account, account: { id: 'not-an-id', createdAt: '' } })).toBeNull()
    expect(() => createLinkMessage({ address: wallet.address, chainId: 31337, nonce, accountId: 'x\nStatement', origin: ORIGIN })).toThrow()
  })

  it('records the family a wallet first signed in with, and refuses one that is not a wallet family', async () => {
    const owner = newAccount()
    const browser = new TestBrowser(routes())
    const nonce = await browser.nonce()
    const message = siweMessage({ address: owner.address, nonce })
    const signature = await owner.signMessage({ message })
    expect(await errorOf(await browser.verify({ message, signature, family: 'evilwallet' }))).toMatchObject({ status: 400, code: 'malformed_body' })
    const again = siweMessage({ address: owner.address, nonce: await browser.nonce() })
    expect((await browser.verify({ message: again, signature: await owner.signMessage({ message: again }), family: 'injected' })).status).toBe(200)
    expect((await accountOf(browser)).wallets[0]?.family).toBe('injected')
    const link = await linkMessage(browser, newAccount())
    expect(await errorOf(await browser.link({ message: link.message, signature: link.signature, family: 'Injected' }))).toMatchObject({ status: 400, code: 'malformed_body' })
  })

  it('signs a returning wallet in to the account it has, and records a family only where none was', async () => {
    const owner = newAccount()
    const again = async (family?: string) => {
      const browser = new TestBrowser(routes())
      const message = siweMessage({ address: owner.address, nonce: await browser.nonce() })
      expect((await browser.verify({ message, signature: await owner.signMessage({ message }), ...(family ? { family } : {}) })).status).toBe(200)
      const { account, wallets } = await accountOf(browser)
      return { id: account.id, families: wallets.map((wallet) => wallet.family) }
    }
    const first = await again()
    expect(first.families).toEqual([null])
    // The same account every time; the first family sent fills the empty one, and a later one never replaces it.
    expect(await again()).toEqual(first)
    expect(await again('walletconnect')).toEqual({ id: first.id, families: ['walletconnect'] })
    expect(await again('injected')).toEqual({ id: first.id, families: ['walletconnect'] })
    expect(await again()).toEqual({ id: first.id, families: ['walletconnect'] })
  })

  it('links an ERC-1271 contract wallet and an ERC-6492 counterfactual one, through the sign-in verification', async () => {
    const { browser } = await signedIn(newAccount())
    const owner = newAccount()
    const deployed = await kit.deploy(owner.address, 9001)
    const issued = await linkNonce(browser)
    const message = siweMessage({ address: deployed, nonce: issued.nonce, statement: issued.statement })
    expect((await browser.link({ message, signature: await owner.signMessage({ message }) })).status).toBe(200)

    const counterfactual = await kit.predict(owner.address, 9002)
    const next = await linkNonce(browser)
    const wrapped = siweMessage({ address: counterfactual, nonce: next.nonce, statement: next.statement })
    expect((await browser.link({ message: wrapped, signature: await kit.signCounterfactual(owner, 9002, wrapped) })).status).toBe(200)
    expect((await accountOf(browser)).wallets.map((wallet) => wallet.address)).toEqual(expect.arrayContaining([deployed, counterfactual]))
    expect(await kit.isDeployed(counterfactual)).toBe(false)

    // A stranger's signature for a contract wallet it does not own: 401.
    const stranger = await linkNonce(browser)
    const other = await kit.predict(newAccount().address, 9003)
    const refused = siweMessage({ address: other, nonce: stranger.nonce, statement: stranger.statement })
    expect(await errorOf(await browser.link({ message: refused, signature: await newAccount().signMessage({ message: refused }) }))).toMatchObject({ status: 401, code: 'invalid_signature' })
  }, 60_000)

  it('refuses a wallet already linked to another account with 409 wallet_linked_elsewhere and its message', async () => {
    const shared = newAccount()
    const { browser: first } = await signedIn(newAccount())
    const { browser: second } = await signedIn(newAccount())
    const link = await linkMessage(first, shared)
    expect((await first.link(link)).status).toBe(200)
    const again = await linkMessage(second, shared)
    const refused = await errorOf(await second.link(again))
    expect(refused).toEqual({ status: 409, code: 'wallet_linked_elsewhere', message: authCatalogue.errors.wallet_linked_elsewhere })
    // A wallet that signed in on its own has an account of its own: it cannot join another either.
    const alone = newAccount()
    await signedIn(alone)
    expect(await errorOf(await second.link(await linkMessage(second, alone)))).toMatchObject({ status: 409, code: 'wallet_linked_elsewhere' })
  })

  it('of 50 parallel link attempts of one wallet to two accounts, exactly one account gets it', async () => {
    const wallet = newAccount()
    const a = await signedIn(newAccount())
    const b = await signedIn(newAccount())
    // Each attempt with its own link nonce and signature, as 50 honest pages would send them.
    const attempts = await Promise.all(Array.from({ length: 50 }, (_, index) => (index % 2 === 0 ? a : b)).map(async (side) => ({ side, body: await linkMessage(side.browser, wallet) })))
    const responses = await Promise.all(attempts.map(async ({ side, body }) => ({ side, response: await side.browser.link(body) })))
    const ok = responses.filter(({ response }) => response.status === 200)
    const refused = responses.filter(({ response }) => response.status === 409)
    expect(ok.length + refused.length).toBe(50)
    const winners = new Set(ok.map(({ side }) => side.accountId))
    expect(winners.size).toBe(1)
    const [winner] = winners
    expect(refused.every(({ side }) => side.accountId !== winner)).toBe(true)
    for (const { response } of refused) expect((await errorOf(response)).code).toBe('wallet_linked_elsewhere')
    const holders = [await accountOf(a.browser), await accountOf(b.browser)].filter((account) => account.wallets.some((linked) => linked.address === wallet.address))
    expect(holders.map((account) => account.account.id)).toEqual([winner])
  }, 60_000)
})

describe('refused links', () => {
  it('refuses a replayed link message (its nonce is burnt) with 422 nonce_invalid', async () => {
    const { browser } = await signedIn(newAccount())
    const link = await linkMessage(browser, newAccount())
    expect((await browser.link(link)).status).toBe(200)
    expect(await errorOf(await browser.link(link))).toMatchObject({ status: 422, code: 'nonce_invalid' })
  })

  it("refuses a signature over another account's link nonce, and another account's whole link message", async () => {
    const mine = await signedIn(newAccount())
    const theirs = await signedIn(newAccount())
    const wallet = newAccount()
    // Their nonce, my statement: the nonce was issued to another session.
    const foreign = await linkNonce(theirs.browser)
    const message = siweMessage({ address: wallet.address, nonce: foreign.nonce, statement: linkStatement(mine.accountId) })
    expect(await errorOf(await mine.browser.link({ message, signature: await wallet.signMessage({ message }) }))).toMatchObject({ status: 422, code: 'nonce_invalid' })
    // Their whole message, signed for their account, sent from my session: the statement names another account.
    const theirMessage = await linkMessage(theirs.browser, wallet)
    expect(await errorOf(await mine.browser.link(theirMessage))).toMatchObject({ status: 422, code: 'statement_mismatch' })
    // Burnt by that attempt: it no longer works for them either.
    expect(await errorOf(await theirs.browser.link(theirMessage))).toMatchObject({ status: 422, code: 'nonce_invalid' })
    expect((await accountOf(mine.browser)).wallets).toHaveLength(1)
    expect((await accountOf(theirs.browser)).wallets).toHaveLength(1)
  })

  it('refuses a sign-in message at the link route and a link message at sign-in (statement_mismatch), and a sign-in nonce for a link', async () => {
    const { browser } = await signedIn(newAccount())
    const wallet = newAccount()
    const signInNonce = await browser.nonce()
    const asSignIn = siweMessage({ address: wallet.address, nonce: signInNonce })
    expect(await errorOf(await browser.link({ message: asSignIn, signature: await wallet.signMessage({ message: asSignIn }) }))).toMatchObject({ status: 422, code: 'statement_mismatch' })
    const link = await linkMessage(browser, wallet)
    const other = new TestBrowser(routes())
    expect(await errorOf(await other.verify({ message: link.message, signature: link.signature }))).toMatchObject({ status: 422, code: 'statement_mismatch' })
    // A sign-in nonce dressed as a link message: unknown to the link nonces.
    const dressed = siweMessage({ address: wallet.address, nonce: await browser.nonce(), statement: linkStatement((await accountOf(browser)).account.id) })
    expect(await errorOf(await browser.link({ message: dressed, signature: await wallet.signMessage({ message: dressed }) }))).toMatchObject({ status: 422, code: 'nonce_invalid' })
  })

  it('refuses another domain, another uri, an unsupported chain and an expired message', async () => {
    const { browser } = await signedIn(newAccount())
    const wallet = newAccount()
    const cases: [Partial<Parameters<typeof siweMessage>[0]>, string][] = [
      [{ domain: 'evil.example' }, 'domain_mismatch'],
      [{ uri: 'https://evil.example' }, 'uri_mismatch'],
      [{ chainId: 10 }, 'unsupported_chain'],
      [{ issuedAt: new Date(Date.now() - 20 * 60_000), expirationTime: new Date(Date.now() - 60_000) }, 'message_expired'],
    ]
    for (const [overrides, code] of cases) {
      const link = await linkMessage(browser, wallet, overrides)
      expect(await errorOf(await browser.link(link)), code).toMatchObject({ status: 422, code })
    }
    expect((await accountOf(browser)).wallets).toHaveLength(1)
  })

  it('refuses an expired link nonce with 422 nonce_expired', async () => {
    let clock = new Date()
    const { browser } = await signedIn(newAccount(), () => clock)
    const wallet = newAccount()
    const issued = await linkNonce(browser)
    clock = new Date(clock.getTime() + 5 * 60_000 + 1000)
    const message = siweMessage({ address: wallet.address, nonce: issued.nonce, statement: issued.statement, issuedAt: new Date(clock.getTime() - 1000) })
    expect(await errorOf(await browser.link({ message, signature: await wallet.signMessage({ message }) }))).toMatchObject({ status: 422, code: 'nonce_expired' })
  })

  it('still says nonce_expired for a link nonce once the store has swept expired rows', async () => {
    let clock = new Date()
    const { browser } = await signedIn(newAccount(), () => clock)
    const wallet = newAccount()
    const issued = await linkNonce(browser)
    clock = new Date(clock.getTime() + 6 * 60_000)
    await store.cleanup(clock)
    const message = siweMessage({ address: wallet.address, nonce: issued.nonce, statement: issued.statement, issuedAt: new Date(clock.getTime() - 60_000) })
    expect(await errorOf(await browser.link({ message, signature: await wallet.signMessage({ message }) }))).toMatchObject({ status: 422, code: 'nonce_expired' })
  })

  it('refuses a link nonce issued to a session that has since ended', async () => {
    const owner = newAccount()
    const { browser } = await signedIn(owner)
    const link = await linkMessage(browser, newAccount())
    expect((await browser.logout()).status).toBe(204)
    const again = new TestBrowser(routes())
    await signIn(again, owner)
    // Same account, another session: the nonce was bound to the first one.
    expect(await errorOf(await again.link(link))).toMatchObject({ status: 422, code: 'nonce_invalid' })
  })

  it('answers 401 not_signed_in to every account route without a session', async () => {
    const browser = new TestBrowser(routes())
    const wallet = newAccount()
    const message = siweMessage({ address: wallet.address, nonce: 'abcdefgh12' })
    expect(await errorOf(await browser.account())).toMatchObject({ status: 401, code: 'not_signed_in' })
    expect(await errorOf(await browser.linkNonce())).toMatchObject({ status: 401, code: 'not_signed_in' })
    expect(await errorOf(await browser.link({ message, signature: await wallet.signMessage({ message }) }))).toMatchObject({ status: 401, code: 'not_signed_in' })
    expect(await errorOf(await browser.unlink({ address: wallet.address }))).toMatchObject({ status: 401, code: 'not_signed_in' })
  })
})

describe('unlinking a wallet', () => {
  it('unlinks a wallet (its sessions end), refuses an unknown one and the last one', async () => {
    const first = newAccount()
    const second = newAccount()
    const { browser } = await signedIn(first)
    expect((await browser.link(await linkMessage(browser, second))).status).toBe(200)
    const other = new TestBrowser(routes())
    await signIn(other, second)
    expect(await errorOf(await browser.unlink({ address: newAccount().address }))).toMatchObject({ status: 404, code: 'unknown_wallet' })
    expect(await errorOf(await browser.unlink({ address: 'not an address' }))).toMatchObject({ status: 400, code: 'malformed_body' })
    const response = await browser.unlink({ address: second.address.toLowerCase() })
    expect(response.status).toBe(200)
    expect(((await response.json()) as SigilAccount).wallets.map((wallet) => wallet.address)).toEqual([first.address])
    // The second wallet's session was the account's: it ended with the link.
    expect((await other.session()).status).toBe(401)
    const last = await errorOf(await browser.unlink({ address: first.address }))
    expect(last).toEqual({ status: 409, code: 'last_wallet', message: authCatalogue.errors.last_wallet })
    expect((await browser.session()).status).toBe(200)
    // Unlinked, the wallet signs in to an account of its own.
    const alone = new TestBrowser(routes())
    await signIn(alone, second)
    expect((await accountOf(alone)).wallets.map((wallet) => wallet.address)).toEqual([second.address])
  })

  it("unlinking this session's own wallet signs this browser out", async () => {
    const first = newAccount()
    const second = newAccount()
    const { browser } = await signedIn(first)
    expect((await browser.link(await linkMessage(browser, second))).status).toBe(200)
    const response = await browser.unlink({ address: first.address })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ signedOut: true })
    expect((await browser.session()).status).toBe(401)
    const other = new TestBrowser(routes())
    await signIn(other, second)
    expect((await accountOf(other)).wallets.map((wallet) => wallet.address)).toEqual([second.address])
  })
})
