import { createHash } from 'node:crypto'
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex, parseTransaction, recoverTransactionAddress, recoverTypedDataAddress, toHex, verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { VaultChain } from '@sigil/lib/embedded/vaultPageConfig'
import { fingerprint, readSigningRequest } from './signing'

const account = mnemonicToAccount('test test test test test test test test test test test junk')
const other = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 1 })

const MAINNET: VaultChain = { id: 1, name: 'Ethereum', symbol: 'ETH', decimals: 18 }
const ANVIL: VaultChain = { id: 31337, name: 'Anvil', symbol: 'ETH', decimals: 18 }
const CHAINS = [MAINNET, ANVIL] as const
const PAGE_HOST = 'sigil.example'

const USDC_MAINNET = getAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')
const RECIPIENT = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')

const read = (input: unknown, connected: Address | undefined = account.address) => readSigningRequest(input, { chains: CHAINS, connected, pageHost: PAGE_HOST })

const signRequest = (method: string, params: unknown[], chainId = MAINNET.id) => ({ method, params, chainId, address: account.address })

/** An EIP-712 payload as a dapp sends it (EIP-1193 `eth_signTypedData_v4`), a fresh object each time. */
function mail(chainId = MAINNET.id) {
  return {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    domain: { name: 'Ether Mail', version: '1', chainId, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
    message: {
      from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
      to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
      contents: 'Hello, Bob!',
    },
  }
}

/** Who signed `typedData` (viem's own recovery); the payload is typed as JSON, not as viem's literal types. */
const signerOf = (typedData: ReturnType<typeof mail>, signature: Hex) => recoverTypedDataAddress({ ...typedData, signature } as never)

/** An EIP-1559 transaction as the page fills it in (hex quantities), a fresh object each time. */
function transfer(overrides: Record<string, unknown> = {}) {
  return {
    from: account.address,
    to: RECIPIENT,
    value: '0xde0b6b3a7640000', // 1 ETH
    gas: '0x5208', // 21000
    nonce: '0x7',
    maxFeePerGas: '0x77359400', // 2 gwei
    maxPriorityFeePerGas: '0x3b9aca00', // 1 gwei
    chainId: '0x1',
    ...overrides,
  }
}

describe('fingerprint', () => {
  it('is the SHA-256 of the value’s JSON, in hex', async () => {
    const value = { method: 'personal_sign', params: ['0x68656c6c6f'] }
    expect(await fingerprint(value)).toBe(createHash('sha256').update(JSON.stringify(value)).digest('hex'))
  })

  it('tells apart values that differ in one field', async () => {
    expect(await fingerprint({ a: 1 })).not.toBe(await fingerprint({ a: 2 }))
  })
})

describe('readSigningRequest: personal_sign', () => {
  it('shows the message as text and signs it for the account', async () => {
    const data = toHex('Hello from Sigil')
    const request = await read(signRequest('personal_sign', [data, account.address]))
    expect(request).toMatchObject({ method: 'personal_sign', address: account.address, chain: MAINNET })
    expect(request.details).toEqual({ kind: 'message', text: 'Hello from Sigil', hex: data, signIn: undefined })
    const signature = await request.sign(account)
    expect(await verifyMessage({ address: account.address, message: 'Hello from Sigil', signature })).toBe(true)
  })

  it('refuses with 4100 when the message names another address than the connected one', async () => {
    await expect(read(signRequest('personal_sign', [toHex('hi'), other.address]))).rejects.toMatchObject({ code: 4100 })
  })

  it('refuses with 4100 when the request is for another account than the connected one', async () => {
    await expect(read({ method: 'personal_sign', params: [toHex('hi')], chainId: 1, address: other.address })).rejects.toMatchObject({ code: 4100 })
  })

  it('refuses to sign with an unlocked account other than the one shown (4100)', async () => {
    const request = await read(signRequest('personal_sign', [toHex('hi')]), undefined)
    await expect(request.sign(other)).rejects.toMatchObject({ code: 4100 })
  })

  it.each([['not hex'], ['0x123'], ['0xzz'], [42]])('refuses data that is not hex bytes (%j) with -32602', async (data) => {
    await expect(read(signRequest('personal_sign', [data]))).rejects.toMatchObject({ code: -32602, reason: 'data must be hex bytes' })
  })
})

describe('readSigningRequest: the request itself', () => {
  it('refuses a chainId that is not one of the site’s chains with -32602 and says why', async () => {
    await expect(read(signRequest('personal_sign', [toHex('hi')], 10))).rejects.toMatchObject({ code: -32602, reason: 'chainId is not a chain of this site' })
  })

  it('refuses an unknown method, a malformed address and params that are not a list with -32602', async () => {
    await expect(read(signRequest('eth_sign', [toHex('hi')]))).rejects.toMatchObject({ code: -32602 })
    await expect(read({ method: 'personal_sign', params: [toHex('hi')], chainId: 1, address: '0x1234' })).rejects.toMatchObject({ code: -32602 })
    await expect(read({ method: 'personal_sign', params: toHex('hi'), chainId: 1, address: account.address })).rejects.toMatchObject({ code: -32602 })
    await expect(read([])).rejects.toMatchObject({ code: -32602 })
  })

  it('refuses to sign when the stored request no longer matches what was shown', async () => {
    // The vault's copy is plain frozen data; an accessor is the one way left to make it read differently.
    let memo = 'as shown'
    const input = {
      ...signRequest('personal_sign', [toHex('hi')]),
      get memo() {
        return memo
      },
    }
    const request = await read(input)
    memo = 'changed'
    await expect(request.sign(account)).rejects.toMatchObject({ code: -32602, reason: 'the request changed after it was shown' })
  })
})

describe('readSigningRequest: eth_signTypedData_v4', () => {
  it('signs typed data sent as JSON text for the account', async () => {
    const request = await read(signRequest('eth_signTypedData_v4', [account.address, JSON.stringify(mail())]))
    expect(request.details).toMatchObject({ kind: 'typedData', primaryType: 'Mail', domain: { name: 'Ether Mail', chainId: 1, chainName: 'Ethereum' } })
    const signature = await request.sign(account)
    expect(await signerOf(mail(), signature)).toBe(account.address)
  })

  it('signs typed data sent as an object as it was when read, whatever the caller does to it afterwards', async () => {
    const sent = mail()
    const request = await read(signRequest('eth_signTypedData_v4', [account.address, sent]))
    // The vault freezes the copy it holds: in strict code a change throws, and nothing changes.
    expect(() => {
      sent.message.contents = 'Send everything to Mallory'
    }).toThrow(TypeError)
    expect(() => {
      sent.message.to.wallet = other.address
    }).toThrow(TypeError)
    expect(() => {
      sent.domain.chainId = ANVIL.id
    }).toThrow(TypeError)
    expect(sent).toEqual(mail())
    const signature = await request.sign(account)
    expect(await signerOf(mail(), signature)).toBe(account.address)
  })

  it('refuses typed data bound to another chain (domain.chainId) with -32602', async () => {
    await expect(read(signRequest('eth_signTypedData_v4', [account.address, mail(ANVIL.id)]))).rejects.toMatchObject({ code: -32602, reason: 'domain.chainId is not the current chain' })
  })

  it('signs typed data bound to the request’s own chain', async () => {
    const request = await read(signRequest('eth_signTypedData_v4', [account.address, mail(ANVIL.id)], ANVIL.id))
    const signature = await request.sign(account)
    expect(await signerOf(mail(ANVIL.id), signature)).toBe(account.address)
  })

  it('refuses with 4100 when the typed data names another address', async () => {
    await expect(read(signRequest('eth_signTypedData_v4', [other.address, mail()]))).rejects.toMatchObject({ code: 4100 })
  })

  it('refuses typed data whose shown fields would not all be signed: the domain as primary type, a field its type does not declare, at any depth (-32602)', async () => {
    const domainOnly = { ...mail(), primaryType: 'EIP712Domain', message: { to: '0x000000000000000000000000000000000000dEaD', amount: '1' } }
    await expect(read(signRequest('eth_signTypedData_v4', [account.address, domainOnly]))).rejects.toMatchObject({ code: -32602, reason: expect.stringContaining('primaryType') })
    const undeclared = mail()
    ;(undeclared.message as Record<string, unknown>).amount = '999999'
    await expect(read(signRequest('eth_signTypedData_v4', [account.address, undeclared]))).rejects.toMatchObject({ code: -32602, reason: expect.stringContaining('amount') })
    const nested = mail()
    ;(nested.message.to as Record<string, unknown>).note = 'pay the bearer'
    await expect(read(signRequest('eth_signTypedData_v4', [account.address, nested]))).rejects.toMatchObject({ code: -32602, reason: expect.stringContaining('to.note') })
    const unknownType = { ...mail(), primaryType: 'Letter' }
    await expect(read(signRequest('eth_signTypedData_v4', [account.address, unknownType]))).rejects.toMatchObject({ code: -32602 })
  })

  it('refuses text that is not JSON and an object without types, primaryType or message (-32602)', async () => {
    await expect(read(signRequest('eth_signTypedData_v4', [account.address, '{not json']))).rejects.toMatchObject({ code: -32602 })
    const { message: _, ...withoutMessage } = mail()
    await expect(read(signRequest('eth_signTypedData_v4', [account.address, withoutMessage]))).rejects.toMatchObject({ code: -32602 })
  })
})

describe('readSigningRequest: transactions', () => {
  it.each(['eth_sendTransaction', 'eth_signTransaction'] as const)('shows a %s’s recipient, amount in ETH, chain and fee ceiling', async (method) => {
    const request = await read(signRequest(method, [transfer()]))
    expect(request.details).toEqual({
      kind: 'transaction',
      send: method === 'eth_sendTransaction',
      to: RECIPIENT,
      value: '1',
      data: undefined,
      selector: undefined,
      chainId: 1,
      chainName: 'Ethereum',
      maxFee: '0.000042', // 21000 gas × 2 gwei
    })
    expect(request.statement).toBeUndefined()
    expect(request.functionSignature).toBeUndefined()
  })

  it('signs exactly the fields it read, on the request’s chain, as the account', async () => {
    const request = await read(signRequest('eth_signTransaction', [transfer({ chainId: undefined })], ANVIL.id))
    const serializedTransaction = (await request.sign(account)) as `0x02${string}`
    const signed = parseTransaction(serializedTransaction)
    expect(signed.to && getAddress(signed.to)).toBe(RECIPIENT)
    expect(signed).toMatchObject({
      type: 'eip1559',
      chainId: ANVIL.id,
      value: 10n ** 18n,
      gas: 21000n,
      nonce: 7,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
    expect(await recoverTransactionAddress({ serializedTransaction })).toBe(account.address)
  })

  it.each(['nonce', 'gas', 'maxFeePerGas', 'maxPriorityFeePerGas'])('refuses a transaction without %s with -32602', async (field) => {
    await expect(read(signRequest('eth_sendTransaction', [transfer({ [field]: undefined })]))).rejects.toMatchObject({ code: -32602, reason: `${field} is required` })
  })

  it('refuses a priority fee above the fee ceiling with -32602', async () => {
    await expect(read(signRequest('eth_sendTransaction', [transfer({ maxPriorityFeePerGas: '0x77359401' })]))).rejects.toMatchObject({ code: -32602, reason: 'maxPriorityFeePerGas is above maxFeePerGas' })
  })

  it('refuses a transaction whose own chainId is not the request’s (-32602)', async () => {
    await expect(read(signRequest('eth_sendTransaction', [transfer({ chainId: '0x7a69' })]))).rejects.toMatchObject({ code: -32602 })
  })

  it('refuses a transaction from another account with 4100', async () => {
    await expect(read(signRequest('eth_sendTransaction', [transfer({ from: other.address })]))).rejects.toMatchObject({ code: 4100 })
  })

  it.each([['1000'], ['0x01'], ['-0x1'], [`0x${'f'.repeat(65)}`], [7]])('refuses a quantity that is not a hex quantity (%j) with -32602', async (value) => {
    await expect(read(signRequest('eth_sendTransaction', [transfer({ value })]))).rejects.toMatchObject({ code: -32602, reason: 'value must be a hex quantity' })
  })

  it('says what an ERC-20 approve of USDC on Ethereum does', async () => {
    const spender = getAddress('0x000000000022D473030F116dDEE9F6B43aC78BA3')
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 25_000_000n] })
    const request = await read(signRequest('eth_sendTransaction', [transfer({ to: USDC_MAINNET, value: '0x0', data })]))
    expect(request.statement).toMatchObject({ kind: 'approve', via: 'approve', token: USDC_MAINNET, spender, amount: { kind: 'amount', raw: 25_000_000n, formatted: '25', symbol: 'USDC' } })
    expect(request.functionSignature).toBe('approve(address,uint256)')
    expect(request.details).toMatchObject({ kind: 'transaction', data, selector: '0x095ea7b3' })
  })

  it('names a known function it cannot put into words, and says nothing more about it', async () => {
    const weth = getAddress('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2')
    const request = await read(signRequest('eth_sendTransaction', [transfer({ to: weth, data: '0xd0e30db0' })]))
    expect(request.functionSignature).toBe('deposit()')
    expect(request.statement).toBeUndefined()
    expect(request.details).toMatchObject({ kind: 'transaction', selector: '0xd0e30db0', value: '1' })
  })

  it('names no function for a selector it does not know', async () => {
    const request = await read(signRequest('eth_sendTransaction', [transfer({ data: '0x12345678' })]))
    expect(request.functionSignature).toBeUndefined()
    expect(request.statement).toBeUndefined()
    expect(request.details).toMatchObject({ kind: 'transaction', selector: '0x12345678' })
  })

  it('refuses calldata that is not hex bytes with -32602', async () => {
    await expect(read(signRequest('eth_sendTransaction', [transfer({ data: '0xd0e30db' as Hex })]))).rejects.toMatchObject({ code: -32602, reason: 'data must be hex bytes' })
  })
})
