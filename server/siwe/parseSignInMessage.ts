import { getAddress, type Address } from 'viem'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { isChainId } from '@sigil/lib/chains'
import { HttpError } from '@sigil/lib/errors/HttpError'
import { authError } from '@sigil/lib/siwe/catalogue'
import { parseRfc3339 } from './rfc3339'

/** A complete EIP-4361 message, fields typed. */
export type SignInMessage = {
  address: Address
  chainId: number
  domain: string
  uri: string
  nonce: string
  version: '1'
  issuedAt: Date
  expirationTime?: Date | undefined
  notBefore?: Date | undefined
  scheme?: string | undefined
  statement?: string | undefined
  requestId?: string | undefined
  resources?: string[] | undefined
}

const MAX_MESSAGE_LENGTH = 4096

/**
 * Control characters (C0 but the line feed, DEL, C1), Unicode's line and paragraph separators, and
 * bidirectional overrides: EIP-4361's grammar has no place for them, and they can make a wallet
 * display something other than what gets signed (a NEL or a separator drawn as a new line).
 */
const HIDDEN_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

/** The message's time fields, as EIP-4361 labels them. */
const TIME_FIELDS = { issuedAt: 'Issued At', expirationTime: 'Expiration Time', notBefore: 'Not Before' } as const
type TimeField = keyof typeof TIME_FIELDS

/** The text of each time line, as written (each appears at most once in a canonical message). */
function rawTimes(message: string): Partial<Record<TimeField, string>> {
  const raw: Partial<Record<TimeField, string>> = {}
  for (const [field, label] of Object.entries(TIME_FIELDS) as [TimeField, string][]) {
    const value = new RegExp(`\\n${label}: ([^\\n]*)`).exec(message)?.[1]
    if (value !== undefined) raw[field] = value
  }
  return raw
}

/**
 * Parses an EIP-4361 message, or throws 400 `malformed_message`.
 *
 * The message must be in canonical form: rebuilding it from the parsed fields must give back the
 * exact text. viem's parser is lenient (it ignores lines it does not expect), and the server must
 * judge exactly the text the wallet showed and signed, not a subset of it.
 */
export function parseSignInMessage(message: string): SignInMessage {
  const fail = (details: string, cause?: unknown) => authError('malformed_message', { details, cause })
  if (message.length === 0 || message.length > MAX_MESSAGE_LENGTH) throw fail(`length ${message.length}`)
  if (HIDDEN_CHARACTERS.test(message)) throw fail('control or bidirectional-override character')
  const fields = parseSiweMessage(message)
  const { address, chainId, domain, uri, nonce, version } = fields
  // The times are read from the text with the strict RFC 3339 reader (viem's takes only UTC with
  // upper-case letters): with or without a fraction, with an offset, normalised to an instant.
  const raw = rawTimes(message)
  const times: Partial<Record<TimeField, Date>> = {}
  for (const field of Object.keys(raw) as TimeField[]) {
    const date = parseRfc3339(raw[field]!)
    if (!date) throw fail(`${TIME_FIELDS[field]} is not an RFC 3339 date-time`)
    times[field] = date
  }
  const issuedAt = times.issuedAt
  if (!address || !domain || !uri || !nonce || !issuedAt || chainId === undefined) throw fail('a required field is missing')
  if (version !== '1') throw fail('version is not 1')
  if (!isChainId(chainId)) throw fail('chain id is not a positive safe integer')
  const parsed: SignInMessage = {
    address: getAddress(address),
    chainId,
    domain,
    uri,
    nonce,
    version,
    issuedAt,
    expirationTime: times.expirationTime,
    notBefore: times.notBefore,
    scheme: fields.scheme,
    statement: fields.statement,
    requestId: fields.requestId,
    resources: fields.resources,
  }
  let rebuilt: string
  try {
    // EIP-4361 requires the EIP-55 checksummed address, which is what this rebuilds.
    rebuilt = createSiweMessage(parsed)
  } catch (cause) {
    throw fail('a field is invalid', cause)
  }
  // The rebuilt text writes each time as toISOString(); the message may write it another RFC 3339 way.
  for (const field of Object.keys(raw) as TimeField[]) {
    rebuilt = rebuilt.replace(`\n${TIME_FIELDS[field]}: ${times[field]!.toISOString()}`, `\n${TIME_FIELDS[field]}: ${raw[field]!}`)
  }
  if (rebuilt !== message) throw fail('the message is not in canonical EIP-4361 form')
  return parsed
}
