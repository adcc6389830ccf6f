import { createTestClient, getAddress, http, parseEther, publicActions, recoverTypedDataAddress, toHex, verifyMessage, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry, mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { fromVaultError } from './vaultClient'
import type { ConfirmationDetails } from './vault/describe'
import { copyMessage } from './vault/protocol'
import { userRejected, VaultRequestError } from './vault/rpcErrors'
import { readSigningRequest } from './vault/signing'
import { createEmbeddedProvider, type EmbeddedProviderParameters } from './provider'

/**
 * The embedded wallet's EIP-1193 provider (the page's side) against a real anvil, with the vault's
 * own signing step (connectors/embedded/vault/signing.ts) behind it as the vault runs it: the request
 * copied at its door, described, decided by the "user", signed by an HD account. Only the message
 * channel between the two origins is left out (the e2e suite crosses it in Chromium).
 */

const MNEMONIC = 'test test test test test test test test test test test junk'
const account = mnemonicToAccount(MNEMONIC, { addressIndex: 5 })
let anvil: Anvil

beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(async () => {
  await anvil?.stop()
})

type Decision = 'approve' | 'reject' | 'wait' | 'cancelPasskey'

/** The vault's side of `vault_sign`, in process: read the copy, show it (record it), decide, sign. */
function vaultSigner(options: { decision?: Decision; asked: { method: string; details: ConfirmationDetails; unlocksBefore: number }[]; unlocks: Address[]; waiting?: (reject: () => void) => void }): EmbeddedProviderParameters['sign'] {
  return async (request) => {
    try {
      const signing = await readSigningRequest(copyMessage(request), { chains: [{ id: 31337, name: 'Foundry', symbol: 'ETH', decimals: 18 }, { id: 1, name: 'Ethereum', symbol: 'ETH', decimals: 18 }], connected: account.address, pageHost: 'localhost:3000' })
      options.asked.push({ method: signing.method, details: signing.details, unlocksBefore: options.unlocks.length })
      if (options.decision === 'reject') throw userRejected()
      if (options.decision === 'wait') await new Promise<void>((_, reject) => options.waiting?.(() => reject(userRejected('disconnected'))))
      options.unlocks.push(signing.address)
      if (options.decision === 'cancelPasskey') throw userRejected('The passkey request was cancelled or timed out.')
      return await signing.sign(account)
    } catch (error) {
      // As the page gets it: the vault's error crosses as {code, message, data}.
      if (error instanceof VaultRequestError) throw fromVaultError(error.toJSON())
      throw error
    }
  }
}

function setup(options: { decision?: Decision } = {}) {
  let chainId: number = foundry.id
  const unlocks: Address[] = []
  /** Every request the user was asked about, in order, with what unlocks had happened by then. */
  const asked: { method: string; details: ConfirmationDetails; unlocksBefore: number }[] = []
  let rejectWaiting: (() => void) | undefined
  const provider = createEmbeddedProvider({
    sign: vaultSigner({ decision: options.decision, asked, unlocks, waiting: (reject) => (rejectWaiting = reject) }),
    chains: [foundry, mainnet],
    rpcUrls: { [foundry.id]: anvil.rpcUrl, [mainnet.id]: anvil.rpcUrl },
    getChainId: () => chainId,
    setChainId: (next) => {
      chainId = next
    },
    getAddress: () => account.address,
    pollingInterval: 50,
  })
  return { provider, unlocks, asked, rejectWaiting: () => rejectWaiting?.(), chainId: () => chainId }
}

describe('embedded EIP-1193 provider', () => {
  it('answers accounts and chain id without unlocking', async () => {
    const { provider, unlocks } = setup()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([account.address])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(unlocks).toEqual([])
  })

  it('signs personal_sign for the lowercased connected address', async () => {
    const { provider, unlocks } = setup()
    const signature = (await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', account.address.toLowerCase()] })) as Hex
    expect(await verifyMessage({ address: account.address, message: 'hello', signature })).toBe(true)
    expect(unlocks).toEqual([account.address])
  })

  it('refuses to sign for another address (4100)', async () => {
    const { provider } = setup()
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', '0x000000000000000000000000000000000000dEaD'] })).rejects.toMatchObject({ code: 4100 })
  })

  it('signs EIP-712 typed data (eth_signTypedData_v4) and refuses a domain of another chain', async () => {
    const { provider } = setup()
    const typedData = {
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      domain: { name: 'Sigil', chainId: 31337 },
      message: { contents: 'hi' },
    } as const
    const signature = (await provider.request({ method: 'eth_signTypedData_v4', params: [account.address, JSON.stringify(typedData)] })) as Hex
    expect(await recoverTypedDataAddress({ ...typedData, signature })).toBe(account.address)
    await expect(
      provider.request({ method: 'eth_signTypedData_v4', params: [account.address, JSON.stringify({ ...typedData, domain: { name: 'Sigil', chainId: 1 } })] }),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('sends a transaction and answers with its hash once broadcast, before any confirmation (EIP-1193)', async () => {
    const { provider } = setup()
    const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
    const testClient = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) }).extend(publicActions)
    await testClient.setBalance({ address: account.address, value: parseEther('1') })
    await testClient.setAutomine(false)
    try {
      const hash = (await provider.request({ method: 'eth_sendTransaction', params: [{ from: account.address, to: '0x000000000000000000000000000000000000bEEF', value: '0x1' }] })) as Hex
      // Answered while the transaction is still pending: no block has included it.
      expect(await testClient.getTransaction({ hash })).toMatchObject({ blockNumber: null })
      await testClient.mine({ blocks: 1 })
      expect((await testClient.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 10_000 })).status).toBe('success')
    } finally {
      await testClient.setAutomine(true)
    }
  })

  it('switches to any supported chain with chainChanged, and refuses others with 4902', async () => {
    const { provider, chainId } = setup()
    const changes: string[] = []
    provider.on('chainChanged', (chain) => changes.push(chain))
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).toBeNull()
    expect(chainId()).toBe(1)
    expect(changes).toEqual(['0x1'])
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] })).rejects.toMatchObject({ code: 4902 })
  })

  it('forwards reads to the chain RPC and refuses unknown and dangerous methods with 4200', async () => {
    const { provider } = setup()
    expect(await provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x[0-9a-f]+$/)
    await expect(provider.request({ method: 'eth_sign', params: [account.address, '0x00'] })).rejects.toMatchObject({ code: 4200 })
    await expect(provider.request({ method: 'debug_traceTransaction', params: [] })).rejects.toMatchObject({ code: 4200 })
    await expect(provider.request({ method: 'eth_accounts', params: 'nope' as never })).rejects.toMatchObject({ code: -32602 })
  })

  it('asks the user before the key is touched: a message decoded, then the passkey', async () => {
    const { provider, asked, unlocks } = setup()
    await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', account.address] })
    expect(asked).toEqual([{ method: 'personal_sign', details: { kind: 'message', text: 'hello', hex: '0x68656c6c6f', signIn: undefined }, unlocksBefore: 0 }])
    expect(unlocks).toEqual([account.address])
  })

  it('a rejected request answers 4001 and signs, unlocks and sends nothing', async () => {
    const { provider, unlocks, asked } = setup({ decision: 'reject' })
    const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
    const testClient = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) }).extend(publicActions)
    await testClient.setBalance({ address: account.address, value: parseEther('1') })
    const nonceBefore = await testClient.getTransactionCount({ address: account.address })
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', account.address] })).rejects.toMatchObject({ code: 4001 })
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ from: account.address, to: '0x000000000000000000000000000000000000bEEF', value: '0xde0b6b3a7640000' }] }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(unlocks).toEqual([])
    expect(await testClient.getTransactionCount({ address: account.address })).toBe(nonceBefore)
    // What the user saw for the transaction: recipient, 1 ETH, no data, the chain and a fee ceiling.
    expect(asked[1]!.details).toMatchObject({ kind: 'transaction', send: true, to: '0x000000000000000000000000000000000000bEEF', value: '1', data: undefined, chainId: 31337, chainName: 'Foundry' })
    expect(Number((asked[1]!.details as { maxFee?: string }).maxFee)).toBeGreaterThan(0)
  })

  it('nothing is signed while the request waits for the user', async () => {
    const { provider, unlocks, asked, rejectWaiting } = setup({ decision: 'wait' })
    let answered = false
    const pending = provider.request({ method: 'personal_sign', params: ['0x68', account.address] }).then(() => (answered = true))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect({ answered, unlocks }).toEqual({ answered: false, unlocks: [] })
    expect(asked).toHaveLength(1)
    rejectWaiting()
    await expect(pending).rejects.toMatchObject({ code: 4001 })
  })

  it('signs typed data as it was when sent, whatever the caller changes afterwards', async () => {
    const { provider, asked } = setup()
    const typedData = {
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      domain: { name: 'Harmless Demo', chainId: 31337 },
      message: { contents: 'value 0' },
    }
    const signing = provider.request({ method: 'eth_signTypedData_v4', params: [account.address, typedData] })
    // The caller changes its object after handing it over.
    typedData.message.contents = 'a permit for everything'
    const signature = (await signing) as Hex
    expect(asked[0]!.details).toMatchObject({ fields: [{ path: 'contents', value: 'value 0' }] })
    expect(await recoverTypedDataAddress({ ...typedData, message: { contents: 'value 0' }, signature } as never)).toBe(account.address)
  })

  it('shows typed data with its domain, primary type and fields, and a sign-in with its domain', async () => {
    const { provider, asked } = setup()
    const typedData = {
      types: { Permit: [{ name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }] },
      primaryType: 'Permit',
      domain: { name: 'Token', version: '1', chainId: 31337, verifyingContract: '0x000000000000000000000000000000000000c0de' },
      message: { spender: '0x000000000000000000000000000000000000beef', value: '1000' },
    } as const
    await provider.request({ method: 'eth_signTypedData_v4', params: [account.address, JSON.stringify(typedData)] })
    expect(asked[0]!.details).toEqual({
      kind: 'typedData',
      domain: { name: 'Token', version: '1', chainId: 31337, chainName: 'Foundry', verifyingContract: getAddress('0x000000000000000000000000000000000000c0de') },
      primaryType: 'Permit',
      fields: [
        { path: 'spender', value: '0x000000000000000000000000000000000000bEEF' },
        { path: 'value', value: '1000' },
      ],
      hiddenFields: 0,
    })
    const siwe = `evil.example wants you to sign in with your Ethereum account:\n${account.address}\n\nSign in.\n\nURI: https://evil.example\nVersion: 1\nChain ID: 31337\nNonce: abcdefgh12\nIssued At: 2026-11-23T00:00:00Z`
    await provider.request({ method: 'personal_sign', params: [toHex(siwe), account.address] })
    expect((asked[1]!.details as { signIn?: unknown }).signIn).toEqual({
      domain: 'evil.example',
      matchesPage: false,
      address: account.address,
      chainId: 31337,
      statement: 'Sign in.',
    })
  })

  it('turns a dismissed passkey prompt into a user rejection (4001)', async () => {
    const { provider } = setup({ decision: 'cancelPasskey' })
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', account.address] })).rejects.toMatchObject({ code: 4001 })
  })
})

describe('embedded provider behind the same-origin RPC proxy', () => {
  it('reads through the proxy and broadcasts the signed transaction through the same-origin broadcast endpoint', async () => {
    const { createServer } = await import('node:http')
    const { createRpcProxy } = await import('@sigil/server/rpc/rpcProxy')
    const { createRpcBroadcast } = await import('@sigil/server/rpc/broadcast')
    const { testProxyDeps } = await import('@/tests/fixtures/rpcProxy')
    const calls: string[] = []
    const upstreams = () => ({ 31337: anvil.rpcUrl })
    const { cookie, ...deps } = testProxyDeps()
    const proxy = createRpcProxy({ upstreams, clientIp: () => '127.0.0.1', limitPerMinute: () => 10_000, ...deps })
    const broadcast = createRpcBroadcast({ upstreams, clientIp: () => '127.0.0.1', limitPerMinute: () => 10, hasPageToken: (request) => request.headers.get('cookie') === cookie })
    const server = createServer((message, response) => {
      const chunks: Buffer[] = []
      message.on('data', (chunk: Buffer) => chunks.push(chunk))
      message.on('end', () => {
        const body = Buffer.concat(chunks).toString()
        for (const item of [JSON.parse(body)].flat() as { method: string }[]) calls.push(`${message.url} ${item.method}`)
        const handler = message.url === '/api/rpc/31337/broadcast' ? broadcast : proxy
        void handler(new Request(`http://127.0.0.1${message.url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body }), '31337').then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' })
          response.end(await answer.text())
        })
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as import('node:net').AddressInfo
      // The chain's public RPC is a dead address: nothing may be sent there from the page.
      const chain = { ...foundry, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }
      const provider = createEmbeddedProvider({
        chains: [chain],
        rpcUrls: { [foundry.id]: `http://127.0.0.1:${port}/api/rpc/31337` },
        getChainId: () => foundry.id,
        setChainId: () => undefined,
        getAddress: () => account.address,
        sign: vaultSigner({ asked: [], unlocks: [] }),
        pollingInterval: 50,
      })
      const testClient = createTestClient({ chain: foundry, mode: 'anvil', transport: http(anvil.rpcUrl) }).extend(publicActions)
      await testClient.setBalance({ address: account.address, value: parseEther('1') })
      expect(await provider.request({ method: 'eth_getBalance', params: [account.address, 'latest'] })).toBe('0xde0b6b3a7640000')
      const hash = (await provider.request({ method: 'eth_sendTransaction', params: [{ from: account.address, to: '0x000000000000000000000000000000000000bEEF', value: '0x1' }] })) as Hex
      expect((await testClient.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 10_000 })).status).toBe('success')
      expect(calls).toContain('/api/rpc/31337 eth_getTransactionCount')
      expect(calls).not.toContain('/api/rpc/31337 eth_sendRawTransaction')
      expect(calls.filter((call) => call.endsWith('eth_sendRawTransaction'))).toEqual(['/api/rpc/31337/broadcast eth_sendRawTransaction'])
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
