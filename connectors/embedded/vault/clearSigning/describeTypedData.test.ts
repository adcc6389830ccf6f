import { hashTypedData, maxUint256, maxUint48, maxUint160, type TypedDataDefinition } from 'viem'
import { describe, expect, it } from 'vitest'
import { describeTypedDataIntent, type TypedDataInput } from './describeTypedData'

const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const WETH_BASE = '0x4200000000000000000000000000000000000006'
const UNKNOWN_TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** 1 January 2030, 12:00 UTC. */
const JAN_2030 = 1_893_499_200n

const permit = {
  domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: USDC_BASE },
  primaryType: 'Permit',
  types: {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  message: { owner: OWNER, spender: SPENDER, value: 25_500_000n, nonce: 0n, deadline: JAN_2030 },
} as const

const permitDetails = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
] as const
const permit2Domain = { name: 'Permit2', chainId: 8453, verifyingContract: PERMIT2 } as const

const permitSingle = {
  domain: permit2Domain,
  primaryType: 'PermitSingle',
  types: {
    PermitSingle: [
      { name: 'details', type: 'PermitDetails' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: permitDetails,
  },
  message: { details: { token: USDC_BASE, amount: maxUint160, expiration: JAN_2030, nonce: 0 }, spender: SPENDER, sigDeadline: JAN_2030 - 3600n },
} as const

const permitBatch = {
  domain: permit2Domain,
  primaryType: 'PermitBatch',
  types: {
    PermitBatch: [
      { name: 'details', type: 'PermitDetails[]' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: permitDetails,
  },
  message: {
    details: [
      { token: USDC_BASE, amount: 25_500_000n, expiration: JAN_2030, nonce: 1 },
      { token: WETH_BASE, amount: maxUint160, expiration: maxUint48, nonce: 0 },
    ],
    spender: SPENDER,
    sigDeadline: JAN_2030,
  },
} as const

const tokenPermissions = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint256' },
] as const

const permitTransferFrom = {
  domain: permit2Domain,
  primaryType: 'PermitTransferFrom',
  types: {
    PermitTransferFrom: [
      { name: 'permitted', type: 'TokenPermissions' },
      { name: 'spender', type: 'address' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
    TokenPermissions: tokenPermissions,
  },
  message: { permitted: { token: USDC_BASE, amount: 1_000_000n }, spender: SPENDER, nonce: 7n, deadline: JAN_2030 },
} as const

const permitBatchTransferFrom = {
  domain: permit2Domain,
  primaryType: 'PermitBatchTransferFrom',
  types: {
    PermitBatchTransferFrom: [
      { name: 'permitted', type: 'TokenPermissions[]' },
      { name: 'spender', type: 'address' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
    TokenPermissions: tokenPermissions,
  },
  message: {
    permitted: [
      { token: USDC_BASE, amount: 1_000_000n },
      { token: UNKNOWN_TOKEN, amount: maxUint256 },
    ],
    spender: SPENDER,
    nonce: 8n,
    deadline: JAN_2030,
  },
} as const

/** The typed data a dapp sends through JSON: integers as decimal strings. */
function asJson(typedData: object): TypedDataInput {
  return JSON.parse(JSON.stringify(typedData, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))) as TypedDataInput
}

const date = (seconds: bigint) => new Date(Number(seconds) * 1000)

describe('the fixtures', () => {
  it('are valid EIP-712 typed data', () => {
    for (const fixture of [permit, permitSingle, permitBatch, permitTransferFrom, permitBatchTransferFrom]) {
      expect(hashTypedData(fixture as unknown as TypedDataDefinition)).toMatch(/^0x[0-9a-f]{64}$/)
    }
  })
})

describe('describeTypedDataIntent', () => {
  it('reads an EIP-2612 permit: the token is the domain’s contract, the deadline bounds the signature only', () => {
    expect(describeTypedDataIntent(permit, 1)).toEqual({
      kind: 'approve',
      token: USDC_BASE,
      tokenName: 'USD Coin',
      spender: SPENDER,
      amount: { kind: 'amount', raw: 25_500_000n, formatted: '25.5', symbol: 'USDC' },
      deadline: date(JAN_2030),
      via: 'permit',
    })
  })

  it('reads the same permit from JSON, numbers as decimal or hex strings or plain numbers', () => {
    expect(describeTypedDataIntent(asJson(permit), 1)).toEqual(describeTypedDataIntent(permit, 1))
    const hex = { ...permit, message: { ...permit.message, value: '0x1851960', nonce: 0, deadline: JAN_2030.toString() } }
    expect(describeTypedDataIntent(hex, 1)).toEqual(describeTypedDataIntent(permit, 1))
  })

  it('looks the token up on the domain’s chain, else on the wallet’s', () => {
    expect(describeTypedDataIntent({ ...permit, domain: { ...permit.domain, chainId: '0x2105' } }, 1)).toMatchObject({ tokenName: 'USD Coin' })
    expect(describeTypedDataIntent({ ...permit, domain: { ...permit.domain, chainId: 1 } }, 8453)).toMatchObject({ tokenName: undefined })
    const { chainId: _, ...noChain } = permit.domain
    expect(describeTypedDataIntent({ ...permit, domain: noChain }, 8453)).toMatchObject({ tokenName: 'USD Coin' })
  })

  it('reads a permit of max uint256 with no usable deadline as unlimited, never expiring', () => {
    const forever = { ...permit, message: { ...permit.message, value: maxUint256, deadline: maxUint256 } }
    expect(describeTypedDataIntent(forever, 1)).toMatchObject({ amount: { kind: 'unlimited' }, deadline: undefined })
  })

  it('reads DAI’s permit: allowed means everything, and expiry 0 never expires', () => {
    const dai = {
      domain: { name: 'Dai Stablecoin', version: '1', chainId: 1, verifyingContract: '0x6B175474E89094C44Da98b954EedeAC495271d0F' },
      primaryType: 'Permit',
      types: {
        Permit: [
          { name: 'holder', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'expiry', type: 'uint256' },
          { name: 'allowed', type: 'bool' },
        ],
      },
      message: { holder: OWNER, spender: SPENDER, nonce: '0', expiry: '0', allowed: true },
    }
    expect(describeTypedDataIntent(dai, 1)).toEqual({
      kind: 'approve',
      token: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
      tokenName: 'Dai Stablecoin',
      spender: SPENDER,
      amount: { kind: 'unlimited' },
      deadline: undefined,
      via: 'permit',
    })
    expect(describeTypedDataIntent({ ...dai, message: { ...dai.message, allowed: false } }, 1)).toMatchObject({ amount: { kind: 'amount', raw: 0n } })
    expect(describeTypedDataIntent({ ...dai, message: { ...dai.message, allowed: 'true' } }, 1)).toBeUndefined()
  })

  it('reads a Permit2 PermitSingle of uint160 max as unlimited, until its expiration', () => {
    expect(describeTypedDataIntent(asJson(permitSingle), 1)).toEqual({
      kind: 'approve',
      token: USDC_BASE,
      tokenName: 'USD Coin',
      spender: SPENDER,
      amount: { kind: 'unlimited' },
      until: date(JAN_2030),
      deadline: date(JAN_2030 - 3600n),
      via: 'permit2',
    })
  })

  it('bounds a Permit2 expiration of 0 (this block only) by the signature’s deadline', () => {
    const thisBlock = { ...permitSingle, message: { ...permitSingle.message, details: { ...permitSingle.message.details, expiration: 0 } } }
    expect(describeTypedDataIntent(thisBlock, 1)).toMatchObject({ until: date(JAN_2030 - 3600n) })
  })

  it('reads a Permit2 PermitBatch, item by item', () => {
    expect(describeTypedDataIntent(asJson(permitBatch), 1)).toEqual({
      kind: 'permitBatch',
      spender: SPENDER,
      items: [
        { token: USDC_BASE, tokenName: 'USD Coin', amount: { kind: 'amount', raw: 25_500_000n, formatted: '25.5', symbol: 'USDC' }, until: date(JAN_2030) },
        { token: WETH_BASE, tokenName: 'Wrapped Ether', amount: { kind: 'unlimited' }, until: undefined },
      ],
      deadline: date(JAN_2030),
    })
  })

  it('reads a Permit2 PermitTransferFrom and PermitBatchTransferFrom', () => {
    expect(describeTypedDataIntent(asJson(permitTransferFrom), 1)).toEqual({
      kind: 'permitTransfer',
      spender: SPENDER,
      items: [{ token: USDC_BASE, tokenName: 'USD Coin', amount: { kind: 'amount', raw: 1_000_000n, formatted: '1', symbol: 'USDC' } }],
      deadline: date(JAN_2030),
    })
    expect(describeTypedDataIntent(asJson(permitBatchTransferFrom), 1)).toMatchObject({
      kind: 'permitTransfer',
      items: [{ token: USDC_BASE }, { token: UNKNOWN_TOKEN, tokenName: undefined, amount: { kind: 'unlimited' } }],
    })
  })

  describe('does not recognise what only looks like a permit', () => {
    it('a Permit with other field names or types', () => {
      const renamed = { ...permit, types: { Permit: permit.types.Permit.map((field) => (field.name === 'value' ? { ...field, name: 'amount' } : field)) } }
      expect(describeTypedDataIntent(renamed, 1)).toBeUndefined()
      const retyped = { ...permit, types: { Permit: permit.types.Permit.map((field) => (field.name === 'value' ? { ...field, type: 'uint128' } : field)) } }
      expect(describeTypedDataIntent(retyped, 1)).toBeUndefined()
      const extra = { ...permit, types: { Permit: [...permit.types.Permit, { name: 'memo', type: 'string' }] } }
      expect(describeTypedDataIntent(extra, 1)).toBeUndefined()
      const reordered = { ...permit, types: { Permit: [...permit.types.Permit].reverse() } }
      expect(describeTypedDataIntent(reordered, 1)).toBeUndefined()
    })

    it('a primaryType other than the struct that matches', () => {
      expect(describeTypedDataIntent({ ...permit, primaryType: 'Order' }, 1)).toBeUndefined()
      expect(describeTypedDataIntent({ ...permitSingle, primaryType: 'PermitBatch' }, 1)).toBeUndefined()
    })

    it('a Permit2 struct whose nested type differs', () => {
      const details = permitDetails.map((field) => (field.name === 'expiration' ? { ...field, name: 'expiry' } : field))
      expect(describeTypedDataIntent({ ...permitSingle, types: { ...permitSingle.types, PermitDetails: details } }, 1)).toBeUndefined()
    })

    it('values that are not non-negative integers of the field’s width', () => {
      const withValue = (value: unknown) => ({ ...permit, message: { ...permit.message, value } })
      for (const value of ['-1', '1.5', '1e6', '', ' 1', -1, 1.5, 2 ** 60, 2n ** 256n, null, true]) {
        expect(describeTypedDataIntent(withValue(value), 1), String(value)).toBeUndefined()
      }
      const tooWide = { ...permitSingle, message: { ...permitSingle.message, details: { ...permitSingle.message.details, amount: maxUint160 + 1n } } }
      expect(describeTypedDataIntent(tooWide, 1)).toBeUndefined()
    })

    it('addresses that are not addresses, and a permit without its token contract', () => {
      expect(describeTypedDataIntent({ ...permit, message: { ...permit.message, spender: '0x1234' } }, 1)).toBeUndefined()
      const { verifyingContract: _, ...noContract } = permit.domain
      expect(describeTypedDataIntent({ ...permit, domain: noContract }, 1)).toBeUndefined()
    })

    it('an empty batch, or a missing or malformed message', () => {
      expect(describeTypedDataIntent({ ...permitBatch, message: { ...permitBatch.message, details: [] } }, 1)).toBeUndefined()
      expect(describeTypedDataIntent({ ...permit, message: undefined }, 1)).toBeUndefined()
      expect(describeTypedDataIntent({ ...permit, message: [] }, 1)).toBeUndefined()
      expect(describeTypedDataIntent({ ...permit, domain: null as unknown as Record<string, unknown> }, 1)).toBeUndefined()
      expect(describeTypedDataIntent({}, 1)).toBeUndefined()
    })
  })
})
