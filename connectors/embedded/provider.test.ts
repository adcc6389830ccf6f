import { createTestClient, http, parseEther, publicActions, recoverTypedDataAddress, verifyMessage, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry, mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { PasskeyCancelledError } from './errors'
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

function setup(options: { locked?: 'cancel' | 'fail' } = {}) {
  let chainId: number = foundry.id
  const unlocks: Address[] = []
  const provider = createEmbeddedProvider({
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
  return { provider, unlocks, chainId: () => chainId }
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
