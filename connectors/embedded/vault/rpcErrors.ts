import type { VaultError } from './protocol'
import { BaseError } from '@sigil/lib/errors/BaseError'

/**
 * The vault's answers to a request it will not carry out, as EIP-1193 / EIP-1474 errors: the page
 * maps them back to viem's classes by code.
 */
export class VaultRequestError extends BaseError {
  override name = 'VaultRequestError'
  declare readonly code: number
  readonly reason: string | undefined
  /** A wallet error code of the catalogue (lib/i18n/embedded.ts), when the vault's own step failed. */
  readonly walletCode: string | undefined
  /** With `recovery_pending`: when the recovery's key is released. */
  readonly releaseAt: string | undefined
  constructor(code: number, message: string, options: { reason?: string; walletCode?: string; releaseAt?: string } = {}) {
    super(message, { code })
    this.reason = options.reason
    this.walletCode = options.walletCode
    this.releaseAt = options.releaseAt
  }
  toJSON(): VaultError {
    return {
      code: this.code,
      message: this.message,
      data: this.reason || this.walletCode ? { reason: this.reason, code: this.walletCode, ...(this.releaseAt ? { releaseAt: this.releaseAt } : {}) } : undefined,
    }
  }
}

/** -32602 with the reason named: malformed or out-of-bounds parameters. */
export function invalidParams(method: string, reason: string): VaultRequestError {
  return new VaultRequestError(-32602, `${method}: ${reason}`, { reason })
}

/** 4001: the user said no (Reject, Esc, a dismissed passkey prompt). */
export function userRejected(message = 'The user rejected the request.'): VaultRequestError {
  return new VaultRequestError(4001, message)
}

/**
 * 4001 with `recovery_pending`: the user closed the wallet while a recovery waits for its key
 * (released at `releaseAt`). Nothing failed; the page says when to come back.
 */
export function closedDuringRecovery(releaseAt: string): VaultRequestError {
  return new VaultRequestError(4001, 'Closed during a recovery.', { reason: 'recovery_pending', releaseAt })
}

/** 4100: the request names an account this vault is not connected to. */
export function unauthorized(message: string): VaultRequestError {
  return new VaultRequestError(4100, message)
}
