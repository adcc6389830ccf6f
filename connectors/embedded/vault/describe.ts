import { type Address, formatEther, getAddress, type Hex, hexToBytes, isAddress, isHex, slice } from 'viem'

/**
 * What the confirmation sheet shows for each kind of request, worked out from the request itself,
 * never from text the requesting code supplies: a message decoded (UTF-8 text, or hex when it is not
 * text; a Sign-In with Ethereum message with its domain), typed data with its domain and fields laid
 * out, a transaction with recipient, amount in ETH, data and its selector, chain and fee ceiling.
 */

/** A chain as the sheet names it. */
export type NamedChain = { readonly id: number; readonly name: string }

type SignInSummary = {
  domain: string
  /** Whether the message's domain is the page's own host: a mismatch is a phishing warning. */
  matchesPage: boolean
  address: string | undefined
  chainId: number | undefined
  statement: string | undefined
}

type TypedDataField = { path: string; value: string }

export type ConfirmationDetails =
  | { kind: 'message'; text: string | undefined; hex: Hex; signIn: SignInSummary | undefined }
  | {
      kind: 'typedData'
      domain: { name?: string; version?: string; chainId?: number; chainName?: string; verifyingContract?: Address }
      primaryType: string
      fields: TypedDataField[]
      /** Fields beyond the ones listed (very large structures). */
      hiddenFields: number
    }
  | {
      kind: 'transaction'
      send: boolean
      to: Address | undefined
      value: string
      data: Hex | undefined
      selector: Hex | undefined
      chainId: number
      chainName: string
      /** gas × the highest price per gas it may pay, in ETH; undefined when the RPC could not estimate. */
      maxFee: string | undefined
    }

/**
 * Control characters other than tab and line breaks (C0, DEL, C1), and the characters a reader cannot
 * see (zero-width, direction marks and overrides, the soft hyphen, the Arabic letter mark, word
 * joiners and invisible operators, the byte-order mark, the line and paragraph separators, the tag
 * characters) mean "not text" (or text meant to hide something): the message is shown as hex.
 */
const HIDDEN_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]|\udb40[\udc00-\udc7f]/

function decodeMessageText(hex: Hex): string | undefined {
  try {
    // The byte-order mark is kept (`ignoreBOM`): dropped, the sheet would show other bytes than are signed.
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(hexToBytes(hex))
    return text.length > 0 && !HIDDEN_CHARACTERS.test(text) ? text : undefined
  } catch {
    return undefined
  }
}

/**
 * The parts of a Sign-In with Ethereum message (EIP-4361) the sheet shows, read by the message's
 * fixed layout: the first line names the domain, the second the address, an optional statement
 * follows a blank line, then `Key: value` fields. Anything else is not a sign-in (shown as a message).
 * A few lines of our own rather than viem's parser: the vault's script has a size budget.
 */
export function readSignIn(text: string): { domain: string; address: string; statement: string | undefined; uri: string; chainId: number | undefined; nonce: string } | undefined {
  const lines = text.split('\n')
  const domain = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(\S+) wants you to sign in with your Ethereum account:$/.exec(lines[0] ?? '')?.[1]
  const address = lines[1]
  if (!domain || !address || !/^0x[0-9a-fA-F]{40}$/.test(address) || lines[2] !== '') return undefined
  const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2)
  const uri = field('URI')
  const nonce = field('Nonce')
  if (!uri || !nonce) return undefined
  const statement = lines[3] && !lines[3].startsWith('URI: ') && lines[4] === '' ? lines[3] : undefined
  const chainField = field('Chain ID')
  const chain = chainField && /^[1-9]\d{0,15}$/.test(chainField) ? Number(chainField) : undefined
  return { domain, address, statement, uri, chainId: chain !== undefined && Number.isSafeInteger(chain) ? chain : undefined, nonce }
}

export function describeMessage(hex: Hex, pageHost: string | undefined): ConfirmationDetails {
  const text = decodeMessageText(hex)
  let signIn: SignInSummary | undefined
  if (text) {
    const parsed = readSignIn(text)
    if (parsed) {
      signIn = {
        domain: parsed.domain,
        matchesPage: pageHost !== undefined && parsed.domain === pageHost,
        address: parsed.address,
        chainId: parsed.chainId,
        statement: parsed.statement,
      }
    }
  }
  return { kind: 'message', text, hex, signIn }
}

const MAX_FIELDS = 40

function display(value: unknown): string {
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'string') return isAddress(value, { strict: false }) ? getAddress(value) : value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value === null || value === undefined) return ''
  return JSON.stringify(value, (_, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner))
}

/** Leaves of the message as `a.b[0].c: value`, depth first, in the message's own order. */
function flatten(value: unknown, path: string, into: TypedDataField[], counter: { total: number }) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, path ? `${path}.${key}` : key, into, counter)
    return
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      counter.total++
      if (into.length < MAX_FIELDS) into.push({ path, value: '[]' })
    }
    value.forEach((inner, index) => flatten(inner, `${path}[${index}]`, into, counter))
    return
  }
  counter.total++
  if (into.length < MAX_FIELDS) into.push({ path, value: display(value) })
}

export function describeTypedData(typedData: Record<string, unknown>, chains: readonly NamedChain[]): ConfirmationDetails {
  const domain = (typedData.domain ?? {}) as Record<string, unknown>
  const chainId = domain.chainId === undefined ? undefined : Number(domain.chainId)
  const fields: TypedDataField[] = []
  const counter = { total: 0 }
  flatten(typedData.message, '', fields, counter)
  const contract = domain.verifyingContract
  return {
    kind: 'typedData',
    domain: {
      name: typeof domain.name === 'string' ? domain.name : undefined,
      version: typeof domain.version === 'string' ? domain.version : undefined,
      chainId: Number.isSafeInteger(chainId) ? chainId : undefined,
      chainName: chains.find((chain) => chain.id === chainId)?.name,
      verifyingContract: typeof contract === 'string' && isAddress(contract, { strict: false }) ? getAddress(contract) : undefined,
    },
    primaryType: typeof typedData.primaryType === 'string' ? typedData.primaryType : '',
    fields,
    hiddenFields: counter.total - fields.length,
  }
}

export type PreparedTransaction = {
  to?: Address | null | undefined
  value?: bigint | undefined
  data?: Hex | undefined
  gas?: bigint | undefined
  gasPrice?: bigint | undefined
  maxFeePerGas?: bigint | undefined
}

export function describeTransaction(transaction: PreparedTransaction, chain: NamedChain, send: boolean): ConfirmationDetails {
  const data = transaction.data && transaction.data !== '0x' && isHex(transaction.data) ? transaction.data : undefined
  const price = transaction.maxFeePerGas ?? transaction.gasPrice
  const maxFee = transaction.gas !== undefined && price !== undefined ? formatEther(transaction.gas * price) : undefined
  return {
    kind: 'transaction',
    send,
    to: transaction.to ? getAddress(transaction.to) : undefined,
    value: formatEther(transaction.value ?? 0n),
    data,
    selector: data && (data.length >= 10 ? slice(data, 0, 4) : undefined),
    chainId: chain.id,
    chainName: chain.name,
    maxFee,
  }
}
