import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { SigilError } from '@sigil/lib/errors/SigilError'
import {
  AccountNotFoundError,
  AddChainRejectedError,
  ChainNotConfiguredError,
  ConnectionRejectedError,
  NetworkSwitchNotSupportedError,
  ProviderNotFoundError,
  RequestPendingError,
  SwitchChainRejectedError,
  UnknownWalletError,
  UserRejectedError,
  WalletDisconnectedError,
} from '@sigil/lib/errors/wallet'
import { providerError } from '@/tests/fixtures/connectors/fakeProvider'
import { isChainNotAddedError, isUserRejection, mapProviderError, providerErrorCode } from './providerErrors'

describe('isChainNotAddedError: every "chain not added" variant', () => {
  it.each([
    ['4902 (EIP-3326)', providerError(4902)],
    ['4902 wrapped by MetaMask Mobile in data.originalError', providerError(-32603, 'Unrecognized chain ID "0x13881".', { originalError: { code: 4902 } })],
    ['-32603 with "Unrecognized chain ID"', providerError(-32603, 'Unrecognized chain ID "0x14a34". Try adding the chain using wallet_addEthereumChain first.')],
    ['no code with "Unrecognized chain ID"', new Error('Unrecognized chain ID "0x61". Try adding the chain using wallet_addEthereumChain first')],
    ['null thrown instead of an error', null],
    ['undefined thrown instead of an error', undefined],
    ['4902 as the cause of a library error', Object.assign(new Error('switch failed'), { cause: providerError(4902) })],
  ])('%s', (_label, error) => {
    expect(isChainNotAddedError(error)).toBe(true)
  })

  it.each([
    ['a user rejection', providerError(4001)],
    ['-32603 with an unrelated message', providerError(-32603, 'Internal JSON-RPC error.')],
    ['4200 unsupported method', providerError(4200)],
  ])('is false for %s', (_label, error) => {
    expect(isChainNotAddedError(error)).toBe(false)
  })
})

describe('isUserRejection', () => {
  it('finds 4001 on the error or anything it wraps', () => {
    expect(isUserRejection(providerError(4001))).toBe(true)
    expect(isUserRejection(new UserRejectedRequestError(new Error('x')))).toBe(true)
    expect(isUserRejection({ code: -32603, data: { originalError: { code: 4001 } } })).toBe(true)
  })
  it('recognises the EIP-1193 wording from wallets that lost the code', () => {
    expect(isUserRejection(providerError(-32603, 'User rejected the request.'))).toBe(true)
    expect(isUserRejection(new Error('User denied transaction signature'))).toBe(true)
  })
  it('does not read the wording of an error that carries another code', () => {
    expect(isUserRejection(providerError(4100, 'User rejected the request.'))).toBe(false)
  })
})

describe('mapProviderError', () => {
  it.each([
    ['connect', ConnectionRejectedError, 'Connection rejected. Please try again.'],
    ['switchChain', SwitchChainRejectedError, 'The network switch was rejected in the wallet.'],
    ['addChain', AddChainRejectedError, 'Adding the network was rejected in the wallet.'],
    ['sign', UserRejectedError, 'The request was rejected in the wallet.'],
    ['request', UserRejectedError, 'The request was rejected in the wallet.'],
  ] as const)('maps a 4001 rejection during %s to %s', (operation, ErrorClass, message) => {
    const cause = providerError(4001, 'User rejected the request.')
    const mapped = mapProviderError(cause, operation)
    expect(mapped).toBeInstanceOf(ErrorClass)
    expect(mapped.message).toBe(message)
    expect(mapped.cause).toBe(cause)
  })

  it('reports any failed connect as "Connection rejected" with code connection_rejected', () => {
    for (const error of [providerError(4100), providerError(-32603), new Error('boom'), null]) {
      const mapped = mapProviderError(error, 'connect')
      expect(mapped).toBeInstanceOf(ConnectionRejectedError)
      expect(mapped.code).toBe('connection_rejected')
    }
  })

  it.each([
    [4100, 'sign', AccountNotFoundError],
    [4200, 'sign', UnknownWalletError],
    [4200, 'switchChain', NetworkSwitchNotSupportedError],
    [-32601, 'switchChain', NetworkSwitchNotSupportedError],
    [4900, 'sign', WalletDisconnectedError],
    [4901, 'request', WalletDisconnectedError],
    [4902, 'switchChain', ChainNotConfiguredError],
    [-32603, 'sign', UnknownWalletError],
  ] as const)('maps code %i during %s to %s', (code, operation, ErrorClass) => {
    expect(mapProviderError(providerError(code), operation)).toBeInstanceOf(ErrorClass)
  })

  it('tells a pending wallet prompt (-32002) apart, also during connect', () => {
    const mapped = mapProviderError(providerError(-32002, 'Request of type wallet_requestPermissions already pending'), 'connect')
    expect(mapped).toBeInstanceOf(RequestPendingError)
    expect(mapped.message).toBe('A request is already open in your wallet. Please check the wallet.')
    expect(mapped.details).toContain('already pending')
  })

  it('maps the -32603 "Unrecognized chain" variant during a switch to ChainNotConfiguredError', () => {
    expect(mapProviderError(providerError(-32603, 'Unrecognized chain ID "0x1".'), 'switchChain')).toBeInstanceOf(ChainNotConfiguredError)
  })

  it('passes a SigilError through unchanged', () => {
    const original = new ProviderNotFoundError()
    expect(mapProviderError(original, 'connect')).toBe(original)
  })

  it('maps anything else, even a string or a number, to a SigilError without throwing', () => {
    for (const thrown of ['oops', 42, {}, Symbol('x'), new Error('x')]) {
      expect(mapProviderError(thrown, 'request')).toBeInstanceOf(SigilError)
    }
  })

  it('survives a self-referencing cause chain', () => {
    const loop: { code?: number; cause?: unknown } = {}
    loop.cause = loop
    expect(providerErrorCode(loop)).toBeUndefined()
    expect(mapProviderError(loop, 'sign')).toBeInstanceOf(UnknownWalletError)
  })
})
