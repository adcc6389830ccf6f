import { encodeFunctionData, maxUint256, parseAbi, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { describeCall } from './describeCall'
import { functionName } from './selectors'

// Calldata is built with viem's ABI encoder, which the module itself must not bundle: what a
// Solidity caller sends is what describeCall decodes by hand.
const abi = parseAbi([
  'function approve(address spender, uint256 amount)',
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
  'function increaseAllowance(address spender, uint256 added)',
])

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' // Ethereum
const UNKNOWN_TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const call = (data: Hex, to: `0x${string}` = USDC, value = 0n) => describeCall({ chainId: 1, to, data, value })

describe('describeCall', () => {
  it('reads an approve of max uint256 as unlimited', () => {
    const data = encodeFunctionData({ abi, functionName: 'approve', args: [SPENDER, maxUint256] })
    expect(call(data)).toEqual({ kind: 'approve', token: USDC, tokenName: 'USD Coin', spender: SPENDER, amount: { kind: 'unlimited' }, via: 'approve' })
  })

  it('formats the amount of a bundled token with its decimals (USDC: 6)', () => {
    const data = encodeFunctionData({ abi, functionName: 'approve', args: [SPENDER, 25_500_000n] })
    expect(call(data)).toMatchObject({ kind: 'approve', amount: { kind: 'amount', raw: 25_500_000n, formatted: '25.5', symbol: 'USDC' } })
  })

  it('leaves an unknown token’s amount raw, and says the contract may be a collection (ERC-721 shares approve)', () => {
    const data = encodeFunctionData({ abi, functionName: 'approve', args: [SPENDER, 1_000_000n] })
    expect(call(data, UNKNOWN_TOKEN)).toEqual({
      kind: 'approve',
      token: UNKNOWN_TOKEN,
      tokenName: undefined,
      spender: SPENDER,
      amount: { kind: 'amount', raw: 1_000_000n, formatted: undefined, symbol: undefined },
      via: 'approve',
      mayBeItem: true,
    })
  })

  it('finds the token whatever the case of `to`, and checksums the addresses it reports', () => {
    const data = encodeFunctionData({ abi, functionName: 'approve', args: [SPENDER.toLowerCase() as Hex, 1n] })
    expect(call(data, USDC.toLowerCase() as Hex)).toMatchObject({ token: USDC, tokenName: 'USD Coin', spender: SPENDER })
  })

  it('reads increaseAllowance as an approval of more', () => {
    const data = encodeFunctionData({ abi, functionName: 'increaseAllowance', args: [SPENDER, 1_000_000n] })
    expect(call(data)).toMatchObject({ kind: 'approve', via: 'increaseAllowance', amount: { formatted: '1', symbol: 'USDC' } })
  })

  it('reads transfer', () => {
    const data = encodeFunctionData({ abi, functionName: 'transfer', args: [RECIPIENT, 25_500_000n] })
    expect(call(data)).toEqual({
      kind: 'transfer',
      token: USDC,
      tokenName: 'USD Coin',
      to: RECIPIENT,
      amount: { kind: 'amount', raw: 25_500_000n, formatted: '25.5', symbol: 'USDC' },
    })
  })

  it('reads transferFrom with whose tokens move', () => {
    const data = encodeFunctionData({ abi, functionName: 'transferFrom', args: [OWNER, RECIPIENT, 2_000_000n] })
    expect(call(data)).toMatchObject({ kind: 'transfer', from: OWNER, to: RECIPIENT, amount: { formatted: '2', symbol: 'USDC' } })
  })

  it('reads setApprovalForAll, granting and taking back', () => {
    const grant = encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [SPENDER, true] })
    const revoke = encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [SPENDER, false] })
    expect(call(grant, UNKNOWN_TOKEN)).toEqual({ kind: 'approveAll', collection: UNKNOWN_TOKEN, operator: SPENDER, approved: true })
    expect(call(revoke, UNKNOWN_TOKEN)).toEqual({ kind: 'approveAll', collection: UNKNOWN_TOKEN, operator: SPENDER, approved: false })
  })

  it('does not describe a function it does not know, though the selector list may name it', () => {
    const deposit: Hex = '0xd0e30db0'
    expect(call(deposit, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2')).toBeUndefined()
    expect(functionName(deposit)).toBe('deposit()')
    expect(call('0xdeadbeef')).toBeUndefined()
  })

  describe('rejects calldata a token would read differently', () => {
    const approve = encodeFunctionData({ abi, functionName: 'approve', args: [SPENDER, 5n] })

    it('a missing byte or word', () => {
      expect(call(approve.slice(0, -2) as Hex)).toBeUndefined()
      expect(call(approve.slice(0, -64) as Hex)).toBeUndefined()
      expect(call('0x095ea7b3')).toBeUndefined()
      expect(call('0x095e')).toBeUndefined()
    })

    it('extra bytes after the arguments', () => {
      expect(call(`${approve}00`)).toBeUndefined()
      expect(call(`${approve}${'00'.repeat(32)}`)).toBeUndefined()
    })

    it('an address word with non-zero high bytes', () => {
      const dirty = `${approve.slice(0, 10)}01${approve.slice(12)}` as Hex
      expect(call(dirty)).toBeUndefined()
      const dirtyFrom = encodeFunctionData({ abi, functionName: 'transferFrom', args: [OWNER, RECIPIENT, 1n] })
      expect(call(`${dirtyFrom.slice(0, 10 + 64)}ff${dirtyFrom.slice(10 + 66)}` as Hex)).toBeUndefined()
    })

    it('a bool that is neither 0 nor 1', () => {
      const grant = encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [SPENDER, true] })
      expect(call(`${grant.slice(0, -1)}2` as Hex, UNKNOWN_TOKEN)).toBeUndefined()
    })

    it('characters that are not hex', () => {
      expect(call(`${approve.slice(0, -1)}g` as Hex)).toBeUndefined()
    })
  })

  it('describes nothing that also sends ETH, creates a contract or has no data', () => {
    const data = encodeFunctionData({ abi, functionName: 'transfer', args: [RECIPIENT, 1n] })
    expect(call(data, USDC, 1n)).toBeUndefined()
    expect(describeCall({ chainId: 1, to: undefined, data, value: 0n })).toBeUndefined()
    expect(describeCall({ chainId: 1, to: USDC, data: undefined, value: 0n })).toBeUndefined()
    expect(call('0x')).toBeUndefined()
  })
})
