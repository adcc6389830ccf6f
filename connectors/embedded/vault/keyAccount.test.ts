import { parseEther, parseGwei, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { mnemonicToVaultAccount, type VaultTransaction } from './keyAccount'

/**
 * The vault's own account against viem's `mnemonicToAccount`: the same address, and byte for byte the
 * same signatures and signed transactions, for every shape of transaction the vault signs.
 */

const MNEMONIC = 'test test test test test test test test test test test junk'
const viemAccount = mnemonicToAccount(MNEMONIC)
const account = mnemonicToVaultAccount(MNEMONIC)
const RECIPIENT = '0x000000000000000000000000000000000000bEEF'

const transactions: [string, VaultTransaction][] = [
  ['EIP-1559 transfer', { type: 'eip1559', chainId: 1, nonce: 7, gas: 21_000n, to: RECIPIENT, value: parseEther('1.5'), data: undefined, maxFeePerGas: parseGwei('30'), maxPriorityFeePerGas: parseGwei('1') }],
  ['EIP-1559 with zeros everywhere it can', { type: 'eip1559', chainId: 31337, nonce: 0, gas: 30_000n, to: RECIPIENT, value: 0n, data: '0x', maxFeePerGas: 1n, maxPriorityFeePerGas: 0n }],
  ['EIP-1559 contract call', { type: 'eip1559', chainId: 8453, nonce: 300, gas: 90_000n, to: RECIPIENT, value: 0n, data: '0x095ea7b30000000000000000000000001234567890123456789012345678901234567890ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', maxFeePerGas: parseGwei('0.05'), maxPriorityFeePerGas: parseGwei('0.01') }],
  ['EIP-1559 contract creation', { type: 'eip1559', chainId: 11155111, nonce: 1, gas: 500_000n, to: undefined, value: 0n, data: '0x6080604052', maxFeePerGas: parseGwei('2'), maxPriorityFeePerGas: parseGwei('2') }],
  ['legacy (EIP-155)', { type: 'legacy', chainId: 137, nonce: 12, gas: 21_000n, to: RECIPIENT, value: 1n, data: undefined, gasPrice: parseGwei('40') }],
  ['legacy on a large chain id', { type: 'legacy', chainId: 11297108109, nonce: 0, gas: 21_000n, to: RECIPIENT, value: 0n, data: '0xdeadbeef', gasPrice: 1n }],
]

describe('the vault’s signing account', () => {
  it('is the same address as viem’s HD account at m/44’/60’/0’/0/0', () => {
    expect(account.address).toBe(viemAccount.address)
  })

  it.each(transactions)('signs a %s exactly as viem does', async (_, transaction) => {
    const { type, ...rest } = transaction
    const expected = await viemAccount.signTransaction({ ...rest, type } as never)
    expect(await account.signTransaction(transaction)).toBe(expected)
  })

  it('signs messages and typed data exactly as viem does', async () => {
    const message = { raw: '0x68656c6c6f' as Hex }
    expect(await account.signMessage({ message })).toBe(await viemAccount.signMessage({ message }))
    const typedData = {
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      domain: { name: 'Sigil', chainId: 1 },
      message: { contents: 'hi' },
    } as const
    expect(await account.signTypedData(typedData)).toBe(await viemAccount.signTypedData(typedData))
  })
})
