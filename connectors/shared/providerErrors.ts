import { SigilError } from '@sigil/lib/errors/SigilError'
import {
  AccountNotFoundError,
  AddChainRejectedError,
  ChainNotConfiguredError,
  ConnectionRejectedError,
  NetworkSwitchNotSupportedError,
  SwitchChainRejectedError,
  RequestPendingError,
  UnknownWalletError,
  UserRejectedError,
  WalletDisconnectedError,
} from '@sigil/lib/errors/wallet'

/**
 * Provider errors → Sigil's error hierarchy, by EIP-1193 code (https://eips.ethereum.org/EIPS/eip-1193#provider-errors).
 * This is the ONE file that looks at a wallet error's message: every rule that does says why and links
 * the wallet bug it works around (docs/style.md#errors).
 */

/** What the app was doing when the wallet failed; decides what a rejection means. */
export type ProviderOperation = 'connect' | 'switchChain' | 'addChain' | 'sign' | 'request'

export const ProviderErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  /** EIP-3326: the chain has not been added to the wallet. */
  chainNotAdded: 4902,
  /** JSON-RPC "resource unavailable": MetaMask's "request already pending" prompt. */
  requestPending: -32002,
  internal: -32603,
  methodNotFound: -32601,
} as const

type ErrorLike = { code?: unknown; message?: unknown; data?: unknown; cause?: unknown; error?: unknown }

const MAX_DEPTH = 6

/** The error and the errors it wraps (`cause`, `error`, `data.originalError`), outermost first. */
function layers(error: unknown): ErrorLike[] {
  const found: ErrorLike[] = []
  let queue: unknown[] = [error]
  for (let depth = 0; depth < MAX_DEPTH && queue.length > 0; depth++) {
    const next: unknown[] = []
    for (const item of queue) {
      if (typeof item !== 'object' || item === null || found.includes(item as ErrorLike)) continue
      const layer = item as ErrorLike
      found.push(layer)
      next.push(layer.cause, layer.error)
      if (typeof layer.data === 'object' && layer.data !== null) next.push((layer.data as { originalError?: unknown }).originalError)
    }
    queue = next
  }
  return found
}

function codes(error: unknown): number[] {
  return layers(error).flatMap((layer) => (typeof layer.code === 'number' ? [layer.code] : []))
}

function messages(error: unknown): string {
  if (typeof error === 'string') return error
  return layers(error)
    .flatMap((layer) => (typeof layer.message === 'string' ? [layer.message] : []))
    .join('\n')
}

/** The first EIP-1193/JSON-RPC code found on the error or anything it wraps. */
export function providerErrorCode(error: unknown): number | undefined {
  return codes(error)[0]
}

/**
 * "Chain not added", normalised here and nowhere else
 * (docs/connectors/chain-switching.md#asking-the-wallet: 4902 is not reliable):
 * - 4902 itself (EIP-3326), also when wrapped: MetaMask Mobile puts it in `data.originalError.code`
 *   under an outer -32603 (https://github.com/MetaMask/metamask-mobile/issues/2944#issuecomment-976988719,
 *   https://github.com/Uniswap/web3-react/pull/770);
 * - -32603 with "Unrecognized chain ID …" and no 4902 anywhere (MetaMask on Brave, Trust Wallet's
 *   extension: https://github.com/MetaMask/metamask-extension/issues/25449,
 *   https://github.com/trustwallet/wallet-core/issues/3171, https://github.com/Uniswap/web3-react/pull/588);
 * - `null`/`undefined` thrown instead of an error (MetaMask Mobile 7.37 RC:
 *   https://github.com/MetaMask/metamask-mobile/issues/12502).
 */
export function isChainNotAddedError(error: unknown): boolean {
  if (error === null || error === undefined) return true
  const all = codes(error)
  if (all.includes(ProviderErrorCode.chainNotAdded)) return true
  if (all.length === 0 || all.includes(ProviderErrorCode.internal)) {
    return /unrecognized chain|chain .{0,40}(has not been|hasn't been|not been|not) added|try adding the chain/i.test(messages(error))
  }
  return false
}

/**
 * A user rejection: code 4001 anywhere in the error, or — for wallets that lose the code when the
 * error crosses their extension's messaging and answer -32603 or no code at all — the standard
 * EIP-1193 wording "User rejected the request" (https://github.com/vultisig/vultisig-windows/pull/4565;
 * Coinbase Wallet SDK before 3.6 sent cancellations without a code:
 * https://github.com/Uniswap/interface/pull/6037).
 */
export function isUserRejection(error: unknown): boolean {
  const all = codes(error)
  if (all.includes(ProviderErrorCode.userRejected)) return true
  if (all.length === 0 || all.includes(ProviderErrorCode.internal)) {
    return /user (rejected|denied|cancel+ed)( the)? (request|transaction|signature|connection)/i.test(messages(error))
  }
  return false
}

function rejection(operation: ProviderOperation, cause: unknown): SigilError {
  switch (operation) {
    case 'connect':
      return new ConnectionRejectedError({ cause, details: 'user rejected (4001)' })
    case 'switchChain':
      return new SwitchChainRejectedError({ cause, details: 'user rejected (4001)' })
    case 'addChain':
      return new AddChainRejectedError({ cause, details: 'user rejected (4001)' })
    default:
      return new UserRejectedError({ cause, details: 'user rejected (4001)' })
  }
}

/**
 * Maps anything a provider threw to a `SigilError`. A `SigilError` passes through unchanged, so the
 * mapping can be applied at every layer without double-wrapping.
 */
export function mapProviderError(error: unknown, operation: ProviderOperation): SigilError {
  if (error instanceof SigilError) return error
  if (isUserRejection(error)) return rejection(operation, error)
  const code = providerErrorCode(error)
  const details = code === undefined ? `${operation}: no error code` : `${operation}: provider error ${code}`
  const options = { cause: error, details }
  if (code === ProviderErrorCode.requestPending) {
    // MetaMask answers -32002 while its own prompt for an earlier request is still open: the user
    // should look at the wallet, not retry.
    return new RequestPendingError({ ...options, details: `${operation}: a request is already pending in the wallet (-32002)` })
  }
  // A failed connect is a rejected connection, whatever the wallet's reason (docs/errors.md:
  // "Connection rejected. Please try again."; docs/connectors/lifecycle.md#when-connecting-fails).
  if (operation === 'connect') return new ConnectionRejectedError(options)
  const switching = operation === 'switchChain' || operation === 'addChain'
  if (switching && isChainNotAddedError(error)) return new ChainNotConfiguredError(options)
  switch (code) {
    case ProviderErrorCode.unauthorized:
      return new AccountNotFoundError(options)
    case ProviderErrorCode.unsupportedMethod:
    case ProviderErrorCode.methodNotFound:
      return switching ? new NetworkSwitchNotSupportedError(options) : new UnknownWalletError(options)
    case ProviderErrorCode.disconnected:
    case ProviderErrorCode.chainDisconnected:
      return new WalletDisconnectedError(options)
    default:
      return new UnknownWalletError(options)
  }
}
