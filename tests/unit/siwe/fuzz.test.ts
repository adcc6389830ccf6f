import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openPgliteStore } from '@/server/store/pgliteStore'
import type { Store } from '@/server/store/types'
import { startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { countAnswer, emptyTally, FUZZ_FAMILIES, fuzzSignInMessage } from '@/tests/fixtures/signInFuzz'
import { createRoutes, ORIGIN, TestBrowser } from './authHarness'

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
beforeAll(async () => { [store, anvil] = await Promise.all([openPgliteStore(), startAnvil()]) })
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
