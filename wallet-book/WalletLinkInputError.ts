import { SigilError, type SigilErrorOptions } from '@sigil/lib/errors/SigilError'

/**
 * A link builder was given something it cannot turn into a wallet link (a page address that is
 * not http(s), a pairing URI that is not `wc:`, an empty session topic). A programming error on
 * our side, never the user's: the meta lines state the rule and the offending value.
 */
export class WalletLinkInputError extends SigilError {
  static readonly code = 'invalid_wallet_link_input'
  override name = 'WalletLinkInputError'
  constructor(rule: string, value: unknown, options?: SigilErrorOptions) {
    super('invalid_wallet_link_input', { ...options, metaMessages: [rule, `Got: ${describe(value)}`] })
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 120))
  if (value === null || value === undefined) return String(value)
  return typeof value
}
