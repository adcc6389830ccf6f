import { createTestClient, createWalletClient, http, parseEther, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_PRIVATE_KEYS, startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { RECEIPT_CONFIRMATIONS, waitForReceipt } from './waitForReceipt'

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(async () => {
  await anvil?.stop()
})

describe('waitForReceipt (real anvil)', () => {
  it('resolves only once the transaction has 3 confirmations', async () => {
    expect(RECEIPT_CONFIRMATIONS).toBe(3)
    const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } }
    const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])
    const wallet = createWalletClient({ account, chain, transport: http(anvil.rpcUrl) })
    const testClient = createTestClient({ chain, mode: 'anvil', transport: http(anvil.rpcUrl) }).extend(publicActions)
    await testClient.setAutomine(false)

    const hash = await wallet.sendTransaction({ to: privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]).address, value: parseEther('0.01') })
    let receipt: Awaited<ReturnType<typeof waitForReceipt>> | undefined
    const waiting = waitForReceipt(testClient, hash, { pollingInterval: 20 }).then((value) => (receipt = value))
    const settle = () => new Promise((resolve) => setTimeout(resolve, 150))

    await testClient.mine({ blocks: 1 }) // mined: 1 confirmation
    await settle()
    expect(receipt).toBeUndefined()
    await testClient.mine({ blocks: 1 }) // 2 confirmations
    await settle()
    expect(receipt).toBeUndefined()
    await testClient.mine({ blocks: 1 }) // 3 confirmations
    await waiting
    expect(receipt?.transactionHash).toBe(hash)
    expect(receipt?.status).toBe('success')
    const head = await testClient.getBlockNumber()
    expect(head - receipt!.blockNumber + 1n).toBe(3n)
  })
})
