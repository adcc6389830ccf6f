import { toFunctionSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import { bundledSignatures, functionName } from './selectors'

describe('bundledSignatures', () => {
  it('pairs every selector with the signature it is the hash of', () => {
    const entries = Object.entries(bundledSignatures)
    expect(entries.length).toBeGreaterThan(30)
    for (const [selector, signature] of entries) expect(toFunctionSelector(signature), signature).toBe(selector)
  })

  it('stores selectors in lower case, as functionName looks them up', () => {
    for (const selector of Object.keys(bundledSignatures)) expect(selector).toMatch(/^0x[0-9a-f]{8}$/)
  })
})

describe('functionName', () => {
  it('names ERC-20, NFT, Permit2, router and Multicall3 functions', () => {
    expect(functionName('0x095ea7b3')).toBe('approve(address,uint256)')
    expect(functionName('0xa22cb465')).toBe('setApprovalForAll(address,bool)')
    expect(functionName('0x87517c45')).toBe('approve(address,address,uint160,uint48)')
    expect(functionName('0x3593564c')).toBe('execute(bytes,bytes[],uint256)')
    expect(functionName('0x7ff36ab5')).toBe('swapExactETHForTokens(uint256,address[],address,uint256)')
    expect(functionName('0x82ad56cb')).toBe('aggregate3((address,bool,bytes)[])')
  })

  it('ignores the case of the hex digits', () => {
    expect(functionName('0xA9059CBB')).toBe('transfer(address,uint256)')
  })

  it('returns undefined for a selector it does not bundle, and for names on the object prototype', () => {
    expect(functionName('0xdeadbeef')).toBeUndefined()
    expect(functionName('constructor' as `0x${string}`)).toBeUndefined()
  })
})
