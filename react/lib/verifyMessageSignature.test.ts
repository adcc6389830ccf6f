import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, type Client } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { ANVIL_PRIVATE_KEYS, startAnvil, type Anvil } from '@/tests/fixtures/anvil'
import { verifyMessageSignature } from './verifyMessageSignature'

const signer = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])
const stranger = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1])
const message = 'I own this wallet.'

function noRpc(): Client {
  throw new Error('an EOA signature must verify without any RPC call')
}

describe('verifyMessageSignature', () => {
  let anvil: Anvil
  let client: Client

  beforeAll(async () => {
    anvil = await startAnvil()
    client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl, { retryCount: 0 }) })
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  it('accepts an EOA signature of the message by recovering it locally, without the chain', async () => {
    const signature = await signer.signMessage({ message })
    await expect(verifyMessageSignature({ address: signer.address, message, signature, getClient: noRpc })).resolves.toBe(true)
  })

  it('rejects a signature of another message', async () => {
    const signature = await signer.signMessage({ message: 'something else' })
    await expect(verifyMessageSignature({ address: signer.address, message, signature, getClient: () => client })).resolves.toBe(false)
  })

  it('rejects a signature made by another key for an address without code (asks the chain once)', async () => {
    const signature = await stranger.signMessage({ message })
    let asked = 0
    const result = await verifyMessageSignature({
      address: signer.address,
      message,
      signature,
      getClient: () => {
        asked += 1
        return client
      },
    })
    expect(result).toBe(false)
    expect(asked).toBe(1)
  })

  it('rejects garbage instead of throwing', async () => {
    await expect(
      verifyMessageSignature({ address: signer.address, message, signature: '0x1234', getClient: () => client }),
    ).resolves.toBe(false)
  })

  it('answers false when the chain cannot be reached for a non-EOA signature', async () => {
    const dead = createPublicClient({ chain: foundry, transport: http('http://127.0.0.1:9', { retryCount: 0, timeout: 1000 }) })
    const signature = await stranger.signMessage({ message })
    await expect(verifyMessageSignature({ address: signer.address, message, signature, getClient: () => dead })).resolves.toBe(false)
  })
})
