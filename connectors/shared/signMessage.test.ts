import { type Hex, recoverMessageAddress, stringToHex } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { InvalidAddressError, SessionNotFoundError, UnknownWalletError, UserRejectedError } from '@sigil/lib/errors/wallet'
import { createFakeProvider, fakeWalletAccount, providerError } from '@/tests/fixtures/connectors/fakeProvider'
import { messageToHex, personalSign } from './signMessage'

const ADDRESS = fakeWalletAccount.address

/** Chain-change subscriptions that the test triggers by hand. */
function chainWatcher() {
  const listeners = new Set<(chainId: number) => void>()
  return {
    watch: (listener: (chainId: number) => void) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    change: (chainId: number) => [...listeners].forEach((listener) => listener(chainId)),
    get size() {
      return listeners.size
    },
  }
}

/** A wallet whose personal_sign answers only when the test says so. */
function pendingSigner() {
  const answers: { resolve: (value: unknown) => void; reject: (error: unknown) => void; params: unknown }[] = []
  return {
    handler: (params: unknown) =>
      new Promise((resolve, reject) => {
        answers.push({ resolve, reject, params })
      }),
    answers,
    sign: async (index: number) => {
      const answer = answers[index]!
      const [data] = answer.params as [Hex]
      answer.resolve(await fakeWalletAccount.signMessage({ message: { raw: data } }))
    },
  }
}

describe('personalSign', () => {
  it('sends personal_sign with [hex message, lowercased address] and returns a signature that verifies', async () => {
    const provider = createFakeProvider({ connected: true })
    const signature = await personalSign({ request: provider.request, account: ADDRESS, message: 'I own this wallet.' })
    expect(provider.callsOf('personal_sign')).toEqual([[stringToHex('I own this wallet.'), ADDRESS.toLowerCase()]])
    expect(await recoverMessageAddress({ message: 'I own this wallet.', signature })).toBe(ADDRESS)
  })

  it('fails with "No session found" when no account is connected, without asking the wallet', async () => {
    const provider = createFakeProvider()
    await expect(personalSign({ request: provider.request, account: undefined, message: 'hi' })).rejects.toThrow(SessionNotFoundError)
    await expect(personalSign({ request: provider.request, account: '', message: 'hi' })).rejects.toThrow('No session found')
    expect(provider.calls).toEqual([])
  })

  it('refuses a malformed account with InvalidAddressError', async () => {
    const provider = createFakeProvider()
    await expect(personalSign({ request: provider.request, account: '0x1234', message: 'hi' })).rejects.toThrow(InvalidAddressError)
    expect(provider.calls).toEqual([])
  })

  it('maps a rejected signature (4001) to UserRejectedError', async () => {
    const provider = createFakeProvider({
      handlers: {
        personal_sign: () => {
          throw providerError(4001, 'User rejected the request.')
        },
      },
    })
    const error = await personalSign({ request: provider.request, account: ADDRESS, message: 'hi' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(UserRejectedError)
    expect((error as UserRejectedError).code).toBe('user_rejected')
  })

  it('refuses an answer that is not a hex signature', async () => {
    const provider = createFakeProvider({ handlers: { personal_sign: () => ({ signature: '0x12' }) } })
    await expect(personalSign({ request: provider.request, account: ADDRESS, message: 'hi' })).rejects.toThrow(UnknownWalletError)
  })

  it('refuses a hex answer with an odd digit: not bytes', async () => {
    const provider = createFakeProvider({ handlers: { personal_sign: () => '0x123' } })
    await expect(personalSign({ request: provider.request, account: ADDRESS, message: 'hi' })).rejects.toThrow(UnknownWalletError)
  })

  it('issues the request once more when the chain changes while the signature is awaited', async () => {
    const signer = pendingSigner()
    const request = createFakeProvider({ handlers: { personal_sign: signer.handler } }).request
    const chain = chainWatcher()
    const result = personalSign({ request, account: ADDRESS, message: 'hello', watchChainChanged: chain.watch })
    await vi.waitFor(() => expect(signer.answers).toHaveLength(1))
    chain.change(8453)
    await vi.waitFor(() => expect(signer.answers).toHaveLength(2))
    // The first request's late answer is ignored; the second one is the result.
    await signer.sign(1)
    const signature = await result
    expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(ADDRESS)
    expect(chain.size).toBe(0)
  })

  it('issues it once more only: a second chain change does not trigger a third request', async () => {
    const signer = pendingSigner()
    const request = createFakeProvider({ handlers: { personal_sign: signer.handler } }).request
    const chain = chainWatcher()
    const result = personalSign({ request, account: ADDRESS, message: 'hello', watchChainChanged: chain.watch })
    await vi.waitFor(() => expect(signer.answers).toHaveLength(1))
    chain.change(8453)
    await vi.waitFor(() => expect(signer.answers).toHaveLength(2))
    chain.change(10)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(signer.answers).toHaveLength(2)
    await signer.sign(1)
    await expect(result).resolves.toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('ignores the late rejection of the abandoned first request', async () => {
    const signer = pendingSigner()
    const request = createFakeProvider({ handlers: { personal_sign: signer.handler } }).request
    const chain = chainWatcher()
    const result = personalSign({ request, account: ADDRESS, message: 'hello', watchChainChanged: chain.watch })
    await vi.waitFor(() => expect(signer.answers).toHaveLength(1))
    chain.change(8453)
    await vi.waitFor(() => expect(signer.answers).toHaveLength(2))
    signer.answers[0]!.reject(providerError(4001))
    await signer.sign(1)
    await expect(result).resolves.toMatch(/^0x/)
  })

  it('signs once and unsubscribes when no chain change happens', async () => {
    const provider = createFakeProvider()
    const chain = chainWatcher()
    await personalSign({ request: provider.request, account: ADDRESS, message: 'hello', watchChainChanged: chain.watch })
    expect(provider.callsOf('personal_sign')).toHaveLength(1)
    expect(chain.size).toBe(0)
  })
})

describe('messageToHex', () => {
  it('hex-encodes text and passes raw hex and bytes through', () => {
    expect(messageToHex('hi')).toBe('0x6869')
    expect(messageToHex({ raw: '0xdeadbeef' })).toBe('0xdeadbeef')
    expect(messageToHex({ raw: new Uint8Array([1, 2]) })).toBe('0x0102')
  })
  it('refuses a raw value that is not hex', () => {
    expect(() => messageToHex({ raw: 'nothex' as Hex })).toThrow(UnknownWalletError)
    expect(() => messageToHex(42 as unknown as string)).toThrow(UnknownWalletError)
  })
})
