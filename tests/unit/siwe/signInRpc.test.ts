import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { rpcProxyTargets } from '@sigil/server/config/server'
import { GlobalBudget } from '@sigil/server/rpc/globalBudget'
import { createRpcProxy } from '@sigil/server/rpc/rpcProxy'
import { authConfigFromEnv } from '@sigil/server/siwe/server'
import { openFreshPgliteStore } from '@/tests/fixtures/pgliteFolders'
import type { Store } from '@sigil/server/store/types'
import { startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { deploySmartWalletFactory, type SmartWalletKit } from '@/tests/fixtures/contracts/smartWallet'
import { TEST_SESSION_SECRET, testProxyDeps } from '@/tests/fixtures/rpcProxy'
import { createRoutes, siweMessage, startRpcProxy, TestBrowser } from './authHarness'

/**
 * Sign-in's contract-wallet checks use their own upstream (`SIGNIN_RPC_URL_<id>`): when the
 * browser's reads through the proxy have spent their budget (and the proxy's key its quota), an
 * ERC-1271 sign-in still goes through.
 */
let anvil: Anvil
let store: Store
let kit: SmartWalletKit
let proxyKey: Awaited<ReturnType<typeof startRpcProxy>>
let signInKey: Awaited<ReturnType<typeof startRpcProxy>>

beforeAll(async () => {
  ;[anvil, store] = await Promise.all([startAnvil(), openFreshPgliteStore()])
  kit = await deploySmartWalletFactory(anvil.rpcUrl)
  ;[proxyKey, signInKey] = await Promise.all([startRpcProxy(anvil.rpcUrl), startRpcProxy(anvil.rpcUrl)])
})
afterAll(async () => {
  await Promise.all([proxyKey?.close(), signInKey?.close()])
  await store?.close()
  await anvil?.stop()
})

it('an ERC-1271 sign-in goes through its own upstream while the proxy’s budget is spent and its key unreachable', async () => {
  const env = {
    NODE_ENV: 'test',
    ENABLE_LOCAL_CHAIN: '1',
    SESSION_SECRET: TEST_SESSION_SECRET,
    RPC_URL_31337: `${proxyKey.url}/v2/PROXY_KEY`,
    SIGNIN_RPC_URL_31337: `${signInKey.url}/v2/SIGNIN_KEY`,
  }
  const { cookie, ...deps } = testProxyDeps()
  const proxy = createRpcProxy({
    ...deps,
    upstreams: () => rpcProxyTargets(env),
    clientIp: () => '10.3.3.3',
    limitPerMinute: () => 10_000,
    budget: new GlobalBudget({ store: async () => store, perMinute: () => 30 }),
  })
  const send = async () => {
    const body = JSON.stringify(Array.from({ length: 10 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_blockNumber' })))
    return proxy(new Request('http://localhost/api/rpc/31337', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body }), '31337')
  }
  for (let request = 0; request < 3; request += 1) expect((await send()).status).toBe(200)
  const spent = await send()
  expect(spent.status).toBe(429)
  expect(await spent.json()).toEqual(expect.arrayContaining([expect.objectContaining({ error: expect.objectContaining({ code: -32005 }) })]))
  expect(proxyKey.count()).toBe(3)
  // The proxy's key is gone for now (its quota spent): sign-in does not need it.
  await proxyKey.close()

  const owner = privateKeyToAccount(generatePrivateKey())
  const wallet = await kit.deploy(owner.address, 1)
  const routes = createRoutes({ store, rpcUrls: authConfigFromEnv(env).policy.rpcUrls })
  const browser = new TestBrowser(routes)
  const nonce = await browser.nonce()
  const message = siweMessage({ address: wallet, nonce })
  const before = signInKey.count()
  const response = await browser.verify({ message, signature: await owner.signMessage({ message }) })
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ address: wallet, chainId: 31337 })
  expect(signInKey.count()).toBeGreaterThan(before)
})
