import { encodeFunctionData, maxUint160, maxUint256, parseAbi, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { embeddedConfirmation, tEmbeddedConfirmation } from '@sigil/lib/i18n/embeddedConfirmation'
import { format } from '@sigil/lib/i18n/format'
import { messages as de } from '@sigil/lib/i18n/locales/de'
import { describeCall } from './describeCall'
import { describeTypedDataIntent } from './describeTypedData'
import { statementText, type ClearT } from './render'
import type { ClearStatement } from './statement'

const en: ClearT = tEmbeddedConfirmation
const deT: ClearT = (key, values) => format(de.embeddedConfirmation[key], values)

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' // Ethereum
const UNKNOWN_TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** 1 January 2030, 12:00 UTC: the same calendar day in every time zone from UTC−11 to UTC+11. */
const JAN_2030 = 1_893_499_200
const NOW = Date.UTC(2026, 0, 1)

const abi = parseAbi([
  'function approve(address, uint256)',
  'function transfer(address, uint256)',
  'function transferFrom(address, address, uint256)',
  'function setApprovalForAll(address, bool)',
])

function call(data: Hex, to: Address = USDC): ClearStatement {
  const statement = describeCall({ chainId: 1, to, data, value: 0n })
  if (!statement) throw new Error('fixture not recognised')
  return statement
}

function permit2Single(amount: bigint, expiration: number) {
  const statement = describeTypedDataIntent(
    {
      domain: { name: 'Permit2', chainId: 1, verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3' },
      primaryType: 'PermitSingle',
      types: {
        PermitSingle: [
          { name: 'details', type: 'PermitDetails' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
        PermitDetails: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint160' },
          { name: 'expiration', type: 'uint48' },
          { name: 'nonce', type: 'uint48' },
        ],
      },
      message: { details: { token: USDC, amount: amount.toString(), expiration, nonce: 0 }, spender: SPENDER, sigDeadline: JAN_2030 },
    },
    1,
  )
  if (!statement) throw new Error('fixture not recognised')
  return statement
}

describe('statementText', () => {
  it('says an unlimited ERC-20 approval in words, the "all" phrase strong, with its warnings', () => {
    const result = statementText(call(encodeFunctionData({ abi, functionName: 'approve', args: [SPENDER, maxUint256] })), en, 'en', NOW)
    expect(result.text).toBe('Lets 0x7099…79C8 spend all your USD Coin with no time limit')
    expect(result.segments).toEqual([{ text: 'Lets 0x7099…79C8 spend ' }, { text: 'all your USD Coin', strong: true }, { text: ' with no time limit' }])
    expect(result.warnings).toEqual([embeddedConfirmation['clear.warning.unlimited'], embeddedConfirmation['clear.warning.longLived']])
    expect(result.deadline).toBeUndefined()
  })

  it('says a known token’s amount with its decimals and symbol, in the locale’s number format', () => {
    const statement = call(encodeFunctionData({ abi, functionName: 'approve', args: [SPENDER, 25_500_000n] }))
    expect(statementText(statement, en, 'en', NOW).text).toBe('Lets 0x7099…79C8 spend 25.5 USDC with no time limit')
    expect(statementText(statement, deT, 'de', NOW).text).toBe('Erlaubt 0x7099…79C8, 25,5 USDC ohne zeitliche Begrenzung auszugeben')
    const large = call(encodeFunctionData({ abi, functionName: 'transfer', args: [RECIPIENT, 1_234_567_891_000n] }))
    expect(statementText(large, en, 'en').text).toBe('Sends 1,234,567.891 USDC to 0x3C44…93BC')
    expect(statementText(large, deT, 'de').text).toBe('Sendet 1.234.567,891 USDC an 0x3C44…93BC')
  })

  it('names an unknown token by its contract, with the raw amount, and the item it may be', () => {
    const statement = call(encodeFunctionData({ abi, functionName: 'approve', args: [SPENDER, 1_000_000n] }), UNKNOWN_TOKEN)
    expect(statementText(statement, en, 'en', NOW).text).toBe(
      'Lets 0x7099…79C8 spend 1,000,000 units of token 0x5FbD…0aa3 (or its item #1000000, if it is a collection) with no time limit',
    )
    const unlimited = call(encodeFunctionData({ abi, functionName: 'approve', args: [SPENDER, maxUint256] }), UNKNOWN_TOKEN)
    expect(statementText(unlimited, en, 'en', NOW).segments).toContainEqual({ text: 'all your tokens of contract 0x5FbD…0aa3', strong: true })
  })

  it('says an approval of 0 takes the permission back, without warnings', () => {
    const result = statementText(call(encodeFunctionData({ abi, functionName: 'approve', args: [SPENDER, 0n] })), en, 'en', NOW)
    expect(result.text).toBe('Takes back the permission of 0x7099…79C8 to spend your USD Coin')
    expect(result.warnings).toEqual([])
  })

  it('says transfers and whose tokens a transferFrom moves', () => {
    expect(statementText(call(encodeFunctionData({ abi, functionName: 'transfer', args: [RECIPIENT, 25_500_000n] })), en, 'en')).toEqual({
      text: 'Sends 25.5 USDC to 0x3C44…93BC',
      segments: [{ text: 'Sends 25.5 USDC to 0x3C44…93BC' }],
      deadline: undefined,
      warnings: [],
    })
    const from = call(encodeFunctionData({ abi, functionName: 'transferFrom', args: [OWNER, RECIPIENT, 2_000_000n] }))
    expect(statementText(from, en, 'en').text).toBe('Moves 2 USDC from 0xf39F…2266 to 0x3C44…93BC')
  })

  it('says setApprovalForAll, the whole collection strong, and its revocation', () => {
    const grant = statementText(call(encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [SPENDER, true] }), UNKNOWN_TOKEN), en, 'en')
    expect(grant.text).toBe('Lets 0x7099…79C8 move all your tokens of collection 0x5FbD…0aa3')
    expect(grant.segments).toEqual([{ text: 'Lets 0x7099…79C8 move ' }, { text: 'all your tokens of collection 0x5FbD…0aa3', strong: true }])
    expect(grant.warnings).toEqual([embeddedConfirmation['clear.warning.approveAll']])
    const revoke = statementText(call(encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [SPENDER, false] }), UNKNOWN_TOKEN), en, 'en')
    expect(revoke.text).toBe('Takes back the permission of 0x7099…79C8 to move your tokens of collection 0x5FbD…0aa3')
    expect(revoke.warnings).toEqual([])
  })

  it('gives an EIP-2612 permit’s deadline as a date in the locale (en, en-GB, de)', () => {
    const statement = describeTypedDataIntent(
      {
        domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: USDC },
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
        message: { owner: OWNER, spender: SPENDER, value: '25500000', nonce: '0', deadline: String(JAN_2030) },
      },
      1,
    )!
    const english = statementText(statement, en, 'en', NOW)
    expect(english.text).toBe('Lets 0x7099…79C8 spend 25.5 USDC with no time limit')
    expect(english.deadline).toBe('This signature can be used until January 1, 2030.')
    expect(statementText(statement, en, 'en-GB', NOW).deadline).toBe('This signature can be used until 1 January 2030.')
    const german = statementText(statement, deT, 'de', NOW)
    expect(german.text).toBe('Erlaubt 0x7099…79C8, 25,5 USDC ohne zeitliche Begrenzung auszugeben')
    expect(german.deadline).toBe('Diese Signatur kann bis zum 1. Januar 2030 verwendet werden.')
  })

  it('says a Permit2 allowance with its expiration, long-lived only when more than a year away', () => {
    const statement = permit2Single(maxUint160, JAN_2030)
    const result = statementText(statement, en, 'en-GB', Date.UTC(2029, 6, 1))
    expect(result.text).toBe('Lets 0x7099…79C8 spend all your USD Coin until 1 January 2030')
    expect(result.warnings).toEqual([embeddedConfirmation['clear.warning.unlimited']])
    expect(statementText(statement, en, 'en-GB', NOW).warnings).toEqual([
      embeddedConfirmation['clear.warning.unlimited'],
      embeddedConfirmation['clear.warning.longLived'],
    ])
    expect(statementText(statement, deT, 'de', NOW).text).toBe('Erlaubt 0x7099…79C8, Ihr gesamtes USD Coin bis zum 1. Januar 2030 auszugeben')
  })

  it('lists a batch’s items in the locale’s way', () => {
    const statement: ClearStatement = {
      kind: 'permitBatch',
      spender: SPENDER,
      items: [
        { token: USDC, tokenName: 'USD Coin', amount: { kind: 'amount', raw: 25_500_000n, formatted: '25.5', symbol: 'USDC' }, until: new Date(JAN_2030 * 1000) },
        { token: UNKNOWN_TOKEN, amount: { kind: 'unlimited' } },
      ],
      deadline: new Date(JAN_2030 * 1000),
    }
    const result = statementText(statement, en, 'en', NOW)
    expect(result.text).toBe('Lets 0x7099…79C8 spend 25.5 USDC until January 1, 2030 and all your tokens of contract 0x5FbD…0aa3 with no time limit')
    expect(result.segments.filter((segment) => segment.strong)).toEqual([{ text: 'all your tokens of contract 0x5FbD…0aa3', strong: true }])
    expect(result.deadline).toBe('This signature can be used until January 1, 2030.')
    expect(statementText(statement, deT, 'de', NOW).text).toBe(
      'Erlaubt 0x7099…79C8, 25,5 USDC bis zum 1. Januar 2030 und alle Ihre Token des Vertrags 0x5FbD…0aa3 ohne zeitliche Begrenzung auszugeben',
    )
  })

  it('says a one-off transfer permit', () => {
    const statement: ClearStatement = {
      kind: 'permitTransfer',
      spender: SPENDER,
      items: [{ token: USDC, tokenName: 'USD Coin', amount: { kind: 'amount', raw: 1_000_000n, formatted: '1', symbol: 'USDC' } }],
      deadline: new Date(JAN_2030 * 1000),
    }
    expect(statementText(statement, en, 'en', NOW)).toEqual({
      text: 'Lets 0x7099…79C8 transfer up to 1 USDC out of your account, once',
      segments: [{ text: 'Lets 0x7099…79C8 transfer up to 1 USDC out of your account, once' }],
      deadline: 'This signature can be used until January 1, 2030.',
      warnings: [],
    })
  })
})
