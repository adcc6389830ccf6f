import { bytesToHex, type ByteArray, type Hex, isHex, stringToHex } from 'viem'
import { SessionNotFoundError, UnknownWalletError } from '@sigil/lib/errors/wallet'
import { logger } from './logger'
import { parseAddress } from './parseAddress'
import { mapProviderError } from './providerErrors'
import type { RequestFn } from './types'

/** A UTF-8 string, or raw bytes / hex signed as they are (viem's `SignableMessage`). */
export type SignableMessage = string | { raw: Hex | ByteArray }

export type PersonalSignParameters = {
  request: RequestFn
  /**
   * The connected account; without one there is no session to sign in
   * (docs/connectors/lifecycle.md#signing).
   */
  account: string | undefined
  message: SignableMessage
  /**
   * Subscribes to chain changes of the connection and returns the unsubscribe function. When the chain
   * changes while the signature is awaited, the request is issued once more
   * (docs/connectors/lifecycle.md#signing).
   */
  watchChainChanged?: ((listener: (chainId: number) => void) => () => void) | undefined
}

/** `personal_sign`'s data parameter: the message as hex (EIP-191 prefixing is the wallet's job). */
export function messageToHex(message: SignableMessage): Hex {
  if (typeof message === 'string') return stringToHex(message)
  if (typeof message === 'object' && message !== null) {
    if (message.raw instanceof Uint8Array) return bytesToHex(message.raw)
    if (typeof message.raw === 'string' && isHex(message.raw, { strict: true })) return message.raw
  }
  throw new UnknownWalletError({ details: 'message must be a string or { raw: hex | bytes }' })
}

function parseSignature(value: unknown): Hex {
  // Bytes: hex digits in pairs. Any length of bytes is kept (an ERC-1271 account decides what its
  // signatures look like; a short one is shown as not verifying), but an odd digit is not bytes at all.
  if (typeof value === 'string' && isHex(value, { strict: true }) && value.length > 2 && value.length % 2 === 0) return value
  throw new UnknownWalletError({ details: 'the wallet answered personal_sign with something other than a hex signature' })
}

type Outcome = { kind: 'signed'; signature: Hex } | { kind: 'chainChanged'; chainId: number }

function raceChainChange(start: () => Promise<Hex>, watch: NonNullable<PersonalSignParameters['watchChainChanged']>): Promise<Outcome> {
  return new Promise<Outcome>((resolve, reject) => {
    let settled = false
    let unsubscribe: (() => void) | undefined
    const finish = (run: () => void) => {
      if (settled) return
      settled = true
      unsubscribe?.()
      run()
    }
    // Subscribed before the request goes out: a wallet may switch while handling it.
    unsubscribe = watch((chainId) => finish(() => resolve({ kind: 'chainChanged', chainId })))
    if (settled) unsubscribe()
    // Once the chain has changed, the first request's late answer (or rejection) is ignored.
    start().then(
      (signature) => finish(() => resolve({ kind: 'signed', signature })),
      (error: unknown) => finish(() => reject(error)),
    )
  })
}

/**
 * The one signing path of every wallet family (docs/connectors/lifecycle.md#signing): `personal_sign` with
 * `[toHex(message), address.toLowerCase()]` — lowercased because some wallets compare the address
 * as a string — raced against a chain change. If the chain changes first, the request is issued
 * exactly once more (a signature made across a network switch may be for the wrong context, and
 * some wallets drop the pending prompt when they switch); the second request is not raced again.
 */
export async function personalSign(parameters: PersonalSignParameters): Promise<Hex> {
  const { request, account, message, watchChainChanged } = parameters
  if (!account) throw new SessionNotFoundError()
  const address = parseAddress(account)
  const params = [messageToHex(message), address.toLowerCase()]
  const ask = async () => {
    try {
      return parseSignature(await request({ method: 'personal_sign', params }))
    } catch (error) {
      throw mapProviderError(error, 'sign')
    }
  }

  if (!watchChainChanged) return ask()
  const first = await raceChainChange(ask, watchChainChanged)
  if (first.kind === 'signed') return first.signature
  logger.info('sign_repeated_after_chain_change', { chainId: first.chainId })
  return ask()
}
