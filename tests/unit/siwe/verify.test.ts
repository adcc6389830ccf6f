import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@sigil/server/store/types'
import { startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { deploySmartWalletFactory, type SmartWalletKit } from '@/tests/fixtures/contracts/smartWallet'
import { freePort } from '@/tests/fixtures/freePort'
import { createRoutes, errorOf, ORIGIN, siweMessage, signIn, startRpcProxy, TestBrowser } from './authHarness'

/**
 * POST /api/auth/verify against a real anvil chain and a real (embedded) Postgres: EOA, ERC-1271 and
 * ERC-6492 signatures accepted, and every rejection with its own status and code.
 */

let anvil: Anvil
let store: Store
let kit: SmartWalletKit
let rpc: Awaited<ReturnType<typeof startRpcProxy>>
let deadRpcUrl: string
let salt = 0

const newAccount = () => privateKeyToAccount(generatePrivateKey())
const routes = () => createRoutes({ store, rpcUrls: { 31337: rpc.url, 1: deadRpcUrl } })

beforeAll(async () => {
  ;[anvil, store, deadRpcUrl] = await Promise.all([startAnvil(), openFreshPgliteStore(), freePort().then((port) => `http://127.0.0.1:${port}`)])
  kit = await deploySmartWalletFactory(anvil.rpcUrl)
  rpc = await startRpcProxy(anvil.rpcUrl)
})
afterAll(async () => {
  await rpc?.close()
  await store?.close()
  await anvil?.stop()
})

describe('accepted signatures', () => {
  it('accepts an EOA signature without any RPC call and sets an httpOnly SameSite=Lax session cookie', async () => {
    const browser = new TestBrowser(routes())
    const account = newAccount()
    const before = rpc.count()
    const { response } = await signIn(browser, account)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ address: account.address, chainId: 31337 })
    expect(rpc.count()).toBe(before)
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('sigil_session='))
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).toMatch(/Max-Age=86400/)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('accepts an EOA signature while the RPC of the message chain is down', async () => {
    const browser = new TestBrowser(routes())
    const account = newAccount()
    const { response } = await signIn(browser, account, { chainId: 1 })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ address: account.address, chainId: 1 })
  })

  it('accepts an ERC-1271 signature from a contract wallet deployed on the chain', async () => {
    const owner = newAccount()
    salt += 1
    const wallet = await kit.deploy(owner.address, salt)
    const browser = new TestBrowser(routes())
    const nonce = await browser.nonce()
    const message = siweMessage({ address: wallet, nonce })
    const response = await browser.verify({ message, signature: await owner.signMessage({ message }) })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ address: wallet, chainId: 31337 })
  })

  it('accepts an ERC-6492 signature from a counterfactual wallet and leaves it undeployed', async () => {
    const owner = newAccount()
    salt += 1
    const wallet = await kit.predict(owner.address, salt)
    expect(await kit.isDeployed(wallet)).toBe(false)
    const browser = new TestBrowser(routes())
    const nonce = await browser.nonce()
    const message = siweMessage({ address: wallet, nonce })
    const response = await browser.verify({ message, signature: await kit.signCounterfactual(owner, salt, message) })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ address: wallet, chainId: 31337 })
    expect(await kit.isDeployed(wallet)).toBe(false)
  })
})

describe('rejected sign-ins', () => {
  it('rejects a replayed nonce with 422 nonce_invalid', async () => {
    const browser = new TestBrowser(routes())
    const account = newAccount()
    const { message, signature, response } = await signIn(browser, account)
    expect(response.status).toBe(200)
    expect(await errorOf(await browser.verify({ message, signature }))).toMatchObject({ status: 422, code: 'nonce_invalid' })
  })

  it('rejects a nonce issued to another browser with 422 nonce_invalid, and burns it', async () => {
    const owner = new TestBrowser(routes())
    const thief = new TestBrowser(routes())
    await thief.nonce() // the thief has a binding cookie of its own
    const account = newAccount()
    const nonce = await owner.nonce()
    const message = siweMessage({ address: account.address, nonce })
    const signature = await account.signMessage({ message })
    expect(await errorOf(await thief.verify({ message, signature }))).toMatchObject({ status: 422, code: 'nonce_invalid' })
    // Consumed by the failed attempt: the rightful browser cannot use it either.
    expect(await errorOf(await owner.verify({ message, signature }))).toMatchObject({ status: 422, code: 'nonce_invalid' })
  })

  it('rejects a nonce presented without the binding cookie with 422 nonce_invalid', async () => {
    const browser = new TestBrowser(routes())
    const account = newAccount()
    const nonce = await browser.nonce()
    browser.cookies.clear()
    const message = siweMessage({ address: account.address, nonce })
    const response = await browser.verify({ message, signature: await account.signMessage({ message }) })
    expect(await errorOf(response)).toMatchObject({ status: 422, code: 'nonce_invalid' })
  })

  it('rejects a nonce the server never issued with 422 nonce_invalid', async () => {
    const browser = new TestBrowser(routes())
    await browser.nonce()
    const account = newAccount()
    const message = siweMessage({ address: account.address, nonce: 'NeverIssued12345' })
    const response = await browser.verify({ message, signature: await account.signMessage({ message }) })
    expect(await errorOf(response)).toMatchObject({ status: 422, code: 'nonce_invalid' })
  })

  it.each([
    ['just past its 5 minutes', 5 * 60_000 + 1, false],
    // A wallet that took 6 minutes to approve, after the store's sweep: still nonce_expired, not nonce_invalid.
    ['6 minutes old, after the store swept expired rows', 6 * 60_000, true],
  ])('rejects a nonce %s with 422 nonce_expired', async (_, age, swept) => {
    let now = new Date()
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: { 31337: rpc.url }, now: () => now }))
    const account = newAccount()
    const nonce = await browser.nonce()
    now = new Date(now.getTime() + age)
    if (swept) await store.cleanup(now)
    const message = siweMessage({ address: account.address, nonce, issuedAt: new Date(now.getTime() - 1000) })
    const response = await browser.verify({ message, signature: await account.signMessage({ message }) })
    expect(await errorOf(response)).toMatchObject({ status: 422, code: 'nonce_expired' })
  })

  it.each([
    ['another domain', { domain: 'evil.example' }, 'domain_mismatch'],
    ['this host on another port', { domain: 'app.sigil.test:8443', uri: 'https://app.sigil.test:8443' }, 'domain_mismatch'],
    ['the right domain but another uri', { uri: 'https://evil.example/login' }, 'uri_mismatch'],
    ['the right domain but an http uri', { uri: 'http://app.sigil.test' }, 'uri_mismatch'],
    ['an unsupported chain', { chainId: 10 }, 'unsupported_chain'],
    ['an expiration time in the past', { issuedAt: new Date(Date.now() - 20 * 60_000), expirationTime: new Date(Date.now() - 60_000) }, 'message_expired'],
    ['a not-before time in the future', { notBefore: new Date(Date.now() + 60 * 60_000) }, 'message_not_yet_valid'],
    ['an issued-at time in the future', { issuedAt: new Date(Date.now() + 60 * 60_000) }, 'issued_at_in_future'],
    ['an expiration time further than the page asks', { expirationTime: new Date(Date.now() + 24 * 60 * 60_000) }, 'expiration_too_far'],
  ] as const)('rejects a message with %s (422 %s) and burns its nonce', async (_label, overrides, code) => {
    const browser = new TestBrowser(routes())
    const account = newAccount()
    const nonce = await browser.nonce()
    const message = siweMessage({ address: account.address, nonce, ...overrides })
    const signature = await account.signMessage({ message })
    expect(await errorOf(await browser.verify({ message, signature }))).toMatchObject({ status: 422, code })
    // The nonce is gone: a corrected message with it fails on the nonce.
    const fixed = siweMessage({ address: account.address, nonce })
    const retry = await browser.verify({ message: fixed, signature: await account.signMessage({ message: fixed }) })
    expect(await errorOf(retry)).toMatchObject({ status: 422, code: 'nonce_invalid' })
  })

  it('rejects a tampered message with 401 invalid_signature', async () => {
    const browser = new TestBrowser(routes())
    const account = newAccount()
    const nonce = await browser.nonce()
    const issuedAt = new Date()
    const message = siweMessage({ address: account.address, nonce, issuedAt })
    const signature = await account.signMessage({ message })
    // Still a message this site accepts (one second earlier), but not the one that was signed.
    const tampered = message.replace(`Issued At: ${issuedAt.toISOString()}`, `Issued At: ${new Date(issuedAt.getTime() - 1000).toISOString()}`)
    expect(tampered).not.toBe(message)
    expect(await errorOf(await browser.verify({ message: tampered, signature }))).toMatchObject({ status: 401, code: 'invalid_signature' })
  })

  it('rejects a signature from another key with 401 invalid_signature', async () => {
    const browser = new TestBrowser(routes())
    const account = newAccount()
    const nonce = await browser.nonce()
    const message = siweMessage({ address: account.address, nonce })
    const response = await browser.verify({ message, signature: await newAccount().signMessage({ message }) })
    expect(await errorOf(response)).toMatchObject({ status: 401, code: 'invalid_signature' })
    // The refused attempt left no session behind: the owner's own sign-in is the only one
    // "sign out everywhere" finds for the address.
    expect((await signIn(browser, account)).response.status).toBe(200)
    const everywhere = await browser.logout({ everywhere: true })
    expect(await everywhere.json()).toEqual({ revoked: 1 })
  })

  it('rejects an ERC-6492 signature whose inner signature is not the owner’s with 401 invalid_signature', async () => {
    const owner = newAccount()
    salt += 1
    const wallet = await kit.predict(owner.address, salt)
    const browser = new TestBrowser(routes())
    const nonce = await browser.nonce()
    const message = siweMessage({ address: wallet, nonce })
    const response = await browser.verify({ message, signature: await kit.signCounterfactual(newAccount(), salt, message) })
    expect(await errorOf(response)).toMatchObject({ status: 401, code: 'invalid_signature' })
  })

  it('rejects the raw owner signature of an undeployed wallet (no ERC-6492 wrapper) with 401', async () => {
    const owner = newAccount()
    salt += 1
    const wallet = await kit.predict(owner.address, salt)
    const browser = new TestBrowser(routes())
    const nonce = await browser.nonce()
    const message = siweMessage({ address: wallet, nonce })
    const response = await browser.verify({ message, signature: await owner.signMessage({ message }) })
    expect(await errorOf(response)).toMatchObject({ status: 401, code: 'invalid_signature' })
  })
})

describe('RPC outages', () => {
  it('answers 503 rpc_unavailable (retryable) for a contract signature when the RPC refuses connections', async () => {
    const owner = newAccount()
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: { 31337: deadRpcUrl } }))
    salt += 1
    const wallet = await kit.predict(owner.address, salt)
    const nonce = await browser.nonce()
    const message = siweMessage({ address: wallet, nonce })
    const response = await browser.verify({ message, signature: await kit.signCounterfactual(owner, salt, message) })
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ code: 'rpc_unavailable', retryable: true })
  })

  it('answers 503 rpc_unavailable when the RPC accepts but never answers, within the RPC timeout', async () => {
    const hanging = await startRpcProxy(null)
    try {
      const owner = newAccount()
      salt += 1
      const wallet = await kit.deploy(owner.address, salt)
      const browser = new TestBrowser(createRoutes({ store, rpcUrls: { 31337: hanging.url }, rpcTimeoutMs: 300 }))
      const nonce = await browser.nonce()
      const message = siweMessage({ address: wallet, nonce })
      const started = performance.now()
      const response = await browser.verify({ message, signature: await owner.signMessage({ message }) })
      expect(await errorOf(response)).toMatchObject({ status: 503, code: 'rpc_unavailable' })
      expect(performance.now() - started).toBeLessThan(2000) // one attempt, no retries
      expect(hanging.count()).toBe(1)
    } finally {
      await hanging.close()
    }
  })

  it('a wrong signature naming someone else\'s address shows no session in their list while the chain is asked', async () => {
    const hanging = await startRpcProxy(null)
    try {
      const victim = newAccount()
      const mine = new TestBrowser(routes())
      expect((await signIn(mine, victim)).response.status).toBe(200)
      const listed = async () => ((await (await mine.sessions()).json()) as { sessions: unknown[] }).sessions.length
      expect(await listed()).toBe(1)
      // Another browser, its own good nonce, the victim's address, its own key's signature: not the
      // victim's, so the server asks the chain (a contract wallet might sign so), which hangs here.
      const attacker = new TestBrowser(createRoutes({ store, rpcUrls: { 31337: hanging.url }, rpcTimeoutMs: 1_500 }))
      const nonce = await attacker.nonce()
      const message = siweMessage({ address: victim.address, nonce })
      const pending = attacker.verify({ message, signature: await newAccount().signMessage({ message }) })
      while (hanging.count() === 0) await new Promise((resolve) => setTimeout(resolve, 10))
      expect(await listed()).toBe(1)
      expect(await errorOf(await pending)).toMatchObject({ status: 503, code: 'rpc_unavailable' })
      expect(await listed()).toBe(1)
    } finally {
      await hanging.close()
    }
  })

  it('still accepts EOA signatures on a chain whose RPC is down', async () => {
    const browser = new TestBrowser(createRoutes({ store, rpcUrls: { 31337: deadRpcUrl } }))
    const account = newAccount()
    expect((await signIn(browser, account)).response.status).toBe(200)
  })
})

describe('concurrency', () => {
  it('accepts exactly one of 50 parallel verifies of the same signed message', async () => {
    const browser = new TestBrowser(routes())
    const account = newAccount()
    const nonce = await browser.nonce()
    const message = siweMessage({ address: account.address, nonce })
    const signature = await account.signMessage({ message })
    const responses = await Promise.all(Array.from({ length: 50 }, () => browser.verify({ message, signature })))
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 422)).toHaveLength(49)
  })
})

it('uses the configured origin, never the Host header, for the domain check', async () => {
  const browser = new TestBrowser(routes())
  const account = newAccount()
  const nonce = await browser.nonce()
  const message = siweMessage({ address: account.address, nonce, domain: 'evil.example', uri: 'https://evil.example' })
  const request = browser.request('/api/auth/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    body: JSON.stringify({ message, signature: await account.signMessage({ message }) }),
  })
  expect(new URL(ORIGIN).host).not.toBe('evil.example')
  expect(await errorOf(await browser.routes.verify(request))).toMatchObject({ status: 422, code: 'domain_mismatch' })
})
