import { createTestClient, getAddress, http, parseEther, publicActions, recoverTypedDataAddress, toHex, verifyMessage, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry, mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { createConfirmations } from './confirmation/confirmations'
import type { ConfirmationDetails } from './confirmation/describe'
import { PasskeyCancelledError } from '@/lib/embedded/shared/errors'
import { createEmbeddedProvider } from './provider'

/** The embedded wallet's EIP-1193 provider against a real anvil; the unlocked account is an HD account. */

const MNEMONIC = 'test test test test test test test test test test test junk'
const account = mnemonicToAccount(MNEMONIC, { addressIndex: 5 })
let anvil: Anvil

beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(async () => {
  await anvil?.stop()
})

function setup(options: { locked?: 'cancel' | 'fail'; decision?: 'approve' | 'reject' | 'wait' } = {}) {
  let chainId: number = foundry.id
  const unlocks: Address[] = []
  /** Every request the user was asked about, in order, with what unlocks had happened by then. */
  const asked: { method: string; details: ConfirmationDetails; unlocksBefore: number }[] = []
  const confirmations = createConfirmations({ isTrusted: () => true })
  const provider = createEmbeddedProvider({
    confirm: async (method, details) => {
      asked.push({ method, details, unlocksBefore: unlocks.length })
      const waiting = confirmations.request(method, details)
      const shown = confirmations.getSnapshot().at(-1)!
      if (options.decision === 'reject') confirmations.reject(shown.id)
      else if (options.decision !== 'wait') confirmations.approve(shown.id, {})
      return waiting
    },
    pageHost: () => 'localhost:3000',
    chains: [foundry, mainnet],
    rpcUrls: { [foundry.id]: anvil.rpcUrl, [mainnet.id]: anvil.rpcUrl },
    getChainId: () => chainId,
    setChainId: (next) => {
      chainId = next
    },
    getAddress: () => account.address,
    getAccount: async (address) => {
      unlocks.push(address)
      if (options.locked === 'cancel') throw new PasskeyCancelledError()
      return account
    },
    pollingInterval: 50,
  })
  return { provider, unlocks, asked, confirmations, chainId: () => chainId }
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

  it('sends a transaction through the chain RPC and answers only after 3 confirmations', async () => {
    const { provider } = setup()
    const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
    const testClient = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) }).extend(publicActions)
    await testClient.setBalance({ address: account.address, value: parseEther('1') })
    let hash: Hex | undefined
    const sending = provider
      .request({ method: 'eth_sendTransaction', params: [{ from: account.address, to: '0x000000000000000000000000000000000000bEEF', value: '0x1' }] })
      .then((value) => (hash = value as Hex))
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(hash).toBeUndefined() // mined (automine) but 1 confirmation only
    await testClient.mine({ blocks: 2 })
    await sending
    const receipt = await testClient.getTransactionReceipt({ hash: hash! })
    expect(receipt.status).toBe('success')
    expect((await testClient.getBlockNumber()) - receipt.blockNumber + BigInt(1)).toBe(BigInt(3))
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
    const { provider, unlocks, confirmations } = setup({ decision: 'wait' })
    let answered = false
    const pending = provider.request({ method: 'personal_sign', params: ['0x68', account.address] }).then(() => (answered = true))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect({ answered, unlocks }).toEqual({ answered: false, unlocks: [] })
    expect(confirmations.getSnapshot()).toHaveLength(1)
    confirmations.rejectAll('disconnected')
    await expect(pending).rejects.toMatchObject({ code: 4001 })
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
    const { provider } = setup({ locked: 'cancel' })
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', account.address] })).rejects.toMatchObject({ code: 4001 })
  })
})

describe('embedded provider behind the same-origin RPC proxy', () => {
  it('reads through the proxy and broadcasts the signed transaction through the chain’s public RPC', async () => {
    const { createServer } = await import('node:http')
    const { createRpcProxy } = await import('@/lib/rpc/rpcProxy')
    const methods: string[] = []
    const proxy = createRpcProxy({ upstreams: () => ({ 31337: anvil.rpcUrl }), clientIp: () => '127.0.0.1', limitPerMinute: () => 10_000 })
    const server = createServer((message, response) => {
      const chunks: Buffer[] = []
      message.on('data', (chunk: Buffer) => chunks.push(chunk))
      message.on('end', () => {
        const body = Buffer.concat(chunks).toString()
        for (const item of [JSON.parse(body)].flat() as { method: string }[]) methods.push(item.method)
        void proxy(new Request('http://127.0.0.1/api/rpc/31337', { method: 'POST', headers: { 'content-type': 'application/json' }, body }), '31337').then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' })
          response.end(await answer.text())
        })
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as import('node:net').AddressInfo
      // The chain's public RPC is the anvil itself here; the configured one is the proxy.
      const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
      const provider = createEmbeddedProvider({
        chains: [chain],
        rpcUrls: { [foundry.id]: `http://127.0.0.1:${port}/api/rpc/31337` },
        getChainId: () => foundry.id,
        setChainId: () => undefined,
        getAddress: () => account.address,
        getAccount: async () => account,
        confirm: async () => undefined,
        pollingInterval: 50,
      })
      const testClient = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) }).extend(publicActions)
      await testClient.setBalance({ address: account.address, value: parseEther('1') })
      expect(await provider.request({ method: 'eth_getBalance', params: [account.address, 'latest'] })).toBe('0xde0b6b3a7640000')
      const sending = provider.request({ method: 'eth_sendTransaction', params: [{ from: account.address, to: '0x000000000000000000000000000000000000bEEF', value: '0x1' }] })
      await new Promise((resolve) => setTimeout(resolve, 300))
      await testClient.mine({ blocks: 2 })
      const hash = (await sending) as Hex
      expect((await testClient.getTransactionReceipt({ hash })).status).toBe('success')
      expect(methods).toContain('eth_getTransactionReceipt')
      expect(methods).not.toContain('eth_sendRawTransaction')
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
