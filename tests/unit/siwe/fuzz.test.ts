import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@sigil/server/store/types'
import { startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { countAnswer, emptyTally, FUZZ_FAMILIES, fuzzSignInMessage } from '@/tests/fixtures/signInFuzz'
import { linkStatement } from '@/lib/siwe/link'
import { createRoutes, ORIGIN, signIn, TestBrowser } from './authHarness'

/**
 * The sign-in fuzz (also in `npm run bench`): bad messages, each with a fresh nonce of its own and a
 * correct signature over the mutated text, so only the server's checks of the text can refuse them.
 * None may be accepted and none may end in a 5xx.
 */

const CASES = 300
let store: Store
// A real chain: a message naming someone else's address is then answered by the chain (no code
// there, so 401), as in production, instead of 503 for a chain without RPC.
let anvil: Anvil
beforeAll(async () => { [store, anvil] = await Promise.all([openFreshPgliteStore(), startAnvil()]) })
afterAll(async () => {
  await store?.close()
  await anvil?.stop()
})

it(`refuses ${CASES} correctly signed bad sign-ins with a 4xx code, none accepted, no 5xx`, async () => {
  const logged: string[] = []
  const routes = createRoutes({ store, rpcUrls: { 31337: anvil.rpcUrl }, chainIds: [1, 31337], log: (line) => logged.push(line) })
  const browser = new TestBrowser(routes)
  const account = privateKeyToAccount(generatePrivateKey())
  const tally = emptyTally()
  const families = new Set<string>()
  for (let index = 0; index < CASES; index++) {
    const nonce = await browser.nonce()
    const fuzzCase = fuzzSignInMessage(index, { address: account.address, nonce, origin: ORIGIN, chainId: 31337 })
    families.add(fuzzCase.family)
    const response = await browser.verify({ message: fuzzCase.message, signature: await account.signMessage({ message: fuzzCase.message }) })
    const body = (await response.json()) as { code?: string; message?: string }
    countAnswer(tally, fuzzCase, response.status, body.code)
    // Every refusal is typed: a code and its message.
    if (response.status >= 400) expect(typeof body.code === 'string' && typeof body.message === 'string').toBe(true)
  }
  expect(families).toEqual(new Set(FUZZ_FAMILIES))
  expect(tally.acceptedCases).toEqual([])
  expect(tally.serverErrorCases, logged.join('\n')).toEqual([])
  expect(tally).toMatchObject({ tried: CASES, accepted: 0, serverErrors: 0 })
  // The same key and a fresh nonce still sign in: the refusals were the text's, not the harness's.
  const nonce = await browser.nonce()
  const { createSignInMessage } = await import('@/lib/siwe/client')
  const message = createSignInMessage({ address: account.address, chainId: 31337, nonce, origin: ORIGIN })
  expect((await browser.verify({ message, signature: await account.signMessage({ message }) })).status).toBe(200)
}, 120_000)

it('refuses every one-tap ReCap or statement that is not exactly the app’s own, and accepts the app’s own', async () => {
  const routes = createRoutes({ store, rpcUrls: { 31337: anvil.rpcUrl }, chainIds: [1, 31337] })
  const browser = new TestBrowser(routes)
  const account = privateKeyToAccount(generatePrivateKey())
  const tally = emptyTally()
  const family = FUZZ_FAMILIES.indexOf('oneTapRecap')
  const variants = new Set<string>()
  for (let round = 0; round < 100; round++) {
    const nonce = await browser.nonce()
    const fuzzCase = fuzzSignInMessage(round * FUZZ_FAMILIES.length + family, { address: account.address, nonce, origin: ORIGIN, chainId: 31337 })
    variants.add(fuzzCase.variant)
    const response = await browser.verify({ message: fuzzCase.message, signature: await account.signMessage({ message: fuzzCase.message }) })
    countAnswer(tally, fuzzCase, response.status, ((await response.json()) as { code?: string }).code)
  }
  expect(variants.size).toBe(19)
  expect(tally.acceptedCases).toEqual([])
  expect(tally.serverErrorCases).toEqual([])
  expect(Object.keys(tally.byCode).sort()).toEqual(['400 malformed_message', '422 resources_not_allowed', '422 statement_mismatch'].filter((key) => key in tally.byCode).sort())
  console.log(`one-tap ReCap fuzz: ${tally.tried} tried, ${tally.accepted} accepted, ${tally.serverErrors} 5xx, ${JSON.stringify(tally.byCode)}`)
  // The app's own one-tap message, same key, fresh nonce: accepted.
  const { createSiweMessage } = await import('viem/siwe')
  const { encodeSignInRecap, signInRecapStatement } = await import('@/lib/siwe/recap')
  const now = new Date()
  const message = createSiweMessage({
    address: account.address, chainId: 31337, domain: new URL(ORIGIN).host, uri: ORIGIN, nonce: await browser.nonce(), version: '1',
    statement: signInRecapStatement('Sign in to Sigil to prove you own this address.'), issuedAt: now, expirationTime: new Date(now.getTime() + 600_000), resources: [encodeSignInRecap({ chainIds: [31337] })],
  })
  expect((await browser.verify({ message, signature: await account.signMessage({ message }) })).status).toBe(200)
}, 60_000)

it('the link route refuses every one-tap ReCap or statement that is not exactly the app’s own over the account’s link statement', async () => {
  const routes = createRoutes({ store, rpcUrls: { 31337: anvil.rpcUrl }, chainIds: [1, 31337] })
  const browser = new TestBrowser(routes)
  const owner = privateKeyToAccount(generatePrivateKey())
  expect((await signIn(browser, owner)).response.status).toBe(200)
  const account = privateKeyToAccount(generatePrivateKey())
  const tally = emptyTally()
  const family = FUZZ_FAMILIES.indexOf('oneTapRecap')
  for (let round = 0; round < 100; round++) {
    const { nonce, accountId } = (await (await browser.linkNonce()).json()) as { nonce: string; accountId: string }
    const fuzzCase = fuzzSignInMessage(round * FUZZ_FAMILIES.length + family, { address: account.address, nonce, origin: ORIGIN, chainId: 31337, statement: linkStatement(accountId) })
    const response = await browser.link({ message: fuzzCase.message, signature: await account.signMessage({ message: fuzzCase.message }) })
    countAnswer(tally, fuzzCase, response.status, ((await response.json()) as { code?: string }).code)
  }
  expect(tally.acceptedCases).toEqual([])
  expect(tally.serverErrorCases).toEqual([])
  console.log(`one-tap link ReCap fuzz: ${tally.tried} tried, ${tally.accepted} accepted, ${tally.serverErrors} 5xx, ${JSON.stringify(tally.byCode)}`)
  // The same wallet's link as the page's one-tap pairing writes it: linked.
  const { nonce, accountId } = (await (await browser.linkNonce()).json()) as { nonce: string; accountId: string }
  const { createSiweMessage } = await import('viem/siwe')
  const { encodeSignInRecap, signInRecapStatement } = await import('@/lib/siwe/recap')
  const message = createSiweMessage({
    address: account.address, chainId: 31337, domain: new URL(ORIGIN).host, uri: ORIGIN, nonce, version: '1',
    statement: signInRecapStatement(linkStatement(accountId)), issuedAt: new Date(), expirationTime: new Date(Date.now() + 600_000), resources: [encodeSignInRecap({ chainIds: [31337] })],
  })
  expect((await browser.link({ message, signature: await account.signMessage({ message }) })).status).toBe(200)
}, 120_000)

it('accepts what other clients write for the same sign-in: times without a fraction, or at an offset (EIP-4361 as written)', async () => {
  const routes = createRoutes({ store, rpcUrls: { 31337: anvil.rpcUrl }, chainIds: [1, 31337] })
  const browser = new TestBrowser(routes)
  const account = privateKeyToAccount(generatePrivateKey())
  const { createSignInMessage } = await import('@/lib/siwe/client')
  for (const rewrite of [
    (time: string) => time.replace(/\.\d{3}Z$/, 'Z'),
    (time: string) => {
      const shifted = new Date(new Date(time).getTime() + 2 * 3600_000).toISOString().slice(0, -1)
      return `${shifted}+02:00`
    },
    (time: string) => time.replace('T', 't').replace('Z', 'z'),
  ]) {
    const nonce = await browser.nonce()
    const written = createSignInMessage({ address: account.address, chainId: 31337, nonce, origin: ORIGIN })
    const message = written.replace(/^(Issued At|Expiration Time): (.*)$/gm, (_line, label: string, time: string) => `${label}: ${rewrite(time)}`)
    expect(message).not.toBe(written)
    const response = await browser.verify({ message, signature: await account.signMessage({ message }) })
    expect(response.status, message).toBe(200)
  }
})
