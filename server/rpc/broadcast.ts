import { readCapped } from '@/server/http/readCapped'
import { chainUpstream, readRpcBody } from './front'
import { WindowCounter } from './windowCounter'

/**
 * `POST /api/rpc/<chainId>/broadcast`: the page's one way to send a signed transaction, so it never
 * has to reach an RPC host of its own (docs/security/egress.md). It does one thing: a single
 * `eth_sendRawTransaction` call, forwarded to the chain's server-side RPC (the read proxy's upstream,
 * server/rpc/rpcProxy.ts). Everything else is refused before any upstream is asked. Every answer is ours:
 * the transaction's hash, or a JSON-RPC error whose code and message are fixed here — never the
 * upstream's text (which may carry its address, its key, or anything else it chooses to say).
 */

/** A signed transaction of up to 128 KiB (geth's pool limit), hex-encoded, and its JSON-RPC envelope. */
export const MAX_BROADCAST_BODY_BYTES = 2 * 128 * 1024 + 1024
/** Largest upstream answer read: a hash or an error. */
const MAX_BROADCAST_RESPONSE_BYTES = 16 * 1024
const BROADCAST_UPSTREAM_TIMEOUT_MS = 15_000

/** Why a broadcast was refused or failed, in `error.data.reason` beside the JSON-RPC code. */
export type BroadcastRefusal =
  | 'unknown_chain'
  | 'unsupported_media_type'
  | 'page_token_required'
  | 'body_too_large'
  | 'parse_error'
  | 'invalid_request'
  | 'batch_not_allowed'
  | 'method_not_allowed'
  | 'params_not_allowed'
  | 'rate_limited'
  | 'nonce_too_low'
  | 'insufficient_funds'
  | 'fee_too_low'
  | 'already_known'
  | 'rejected'
  | 'upstream_unavailable'
  | 'internal_error'

/** Each refusal's fixed JSON-RPC code, HTTP status and message (EIP-1474 codes where one fits). */
export const BROADCAST_REFUSALS: Record<BroadcastRefusal, { code: number; status: number; message: string }> = {
  unknown_chain: { code: -32600, status: 404, message: 'This chain is not served here.' },
  unsupported_media_type: { code: -32600, status: 415, message: 'Send application/json.' },
  page_token_required: { code: -32600, status: 403, message: 'This endpoint serves the page only: load the page, then try again.' },
  body_too_large: { code: -32600, status: 413, message: 'The request is too large.' },
  parse_error: { code: -32700, status: 400, message: 'The request is not valid JSON.' },
  invalid_request: { code: -32600, status: 400, message: 'Not a JSON-RPC 2.0 request.' },
  batch_not_allowed: { code: -32600, status: 400, message: 'One transaction per request.' },
  method_not_allowed: { code: -32601, status: 400, message: 'Method not allowed: this endpoint sends signed transactions only.' },
  params_not_allowed: { code: -32602, status: 400, message: 'Expected one signed transaction as hex.' },
  rate_limited: { code: -32005, status: 429, message: 'Too many transactions. Please wait and try again.' },
  nonce_too_low: { code: -32003, status: 200, message: 'The chain refused the transaction: its nonce was already used.' },
  insufficient_funds: { code: -32003, status: 200, message: 'The chain refused the transaction: the account cannot pay for it.' },
  fee_too_low: { code: -32003, status: 200, message: 'The chain refused the transaction: its fee is too low.' },
  already_known: { code: -32003, status: 200, message: 'The chain already has this transaction.' },
  rejected: { code: -32003, status: 200, message: 'The chain refused the transaction.' },
  upstream_unavailable: { code: -32603, status: 502, message: 'The chain could not be reached. Please try again.' },
  internal_error: { code: -32603, status: 500, message: 'Something went wrong on our side. Please try again.' },
}

type Id = string | number | null

function answer(body: Record<string, unknown>, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', ...body }), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers } })
}

function refuse(reason: BroadcastRefusal, id: Id = null, headers: Record<string, string> = {}): Response {
  const { code, status, message } = BROADCAST_REFUSALS[reason]
  return answer({ id, error: { code, message, data: { reason } } }, status, headers)
}

function isId(value: unknown): value is Id {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

/** `0x` and an even, non-zero number of hex digits: the only shape of a serialized transaction. */
function isRawTransaction(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && value.length >= 4 && value.length % 2 === 0 && /^0x[0-9a-fA-F]+$/.test(value)
}

/**
 * The category of an upstream refusal, read from its text (which is then dropped): only the fixed
 * message of that category reaches the browser. The words are the nodes' own: go-ethereum's
 * `core/error.go` and `core/txpool/errors.go` ("nonce too low", "insufficient funds for gas * price +
 * value", "replacement transaction underpriced", "max fee per gas less than block base fee",
 * "already known"), which anvil, reth and most providers repeat; anything else is `rejected`.
 */
function classifyUpstreamError(message: unknown): BroadcastRefusal {
  const text = typeof message === 'string' ? message.slice(0, 500) : ''
  if (/nonce too low|nonce has already been used|invalid nonce/i.test(text)) return 'nonce_too_low'
  if (/insufficient funds|insufficient balance/i.test(text)) return 'insufficient_funds'
  if (/underpriced|fee too low|less than (the )?block base fee|max fee per gas less than/i.test(text)) return 'fee_too_low'
  if (/already known|known transaction|already imported|already exists/i.test(text)) return 'already_known'
  return 'rejected'
}

export type RpcBroadcastDeps = {
  /** Chain id → the server-only RPC it forwards to (the read proxy's upstreams); others answer 404. */
  upstreams: () => Readonly<Record<number, string>>
  /** The client's rate-limit key (server/http/clientIp.ts). */
  clientIp: (request: Request) => string
  /** Broadcasts per client per minute. */
  limitPerMinute: () => number
  /**
   * Whether the request carries a live page token (server/rpc/pageToken.ts), as the read proxy asks:
   * only a browser that loaded a page may spend the operator's RPC, for sends as for reads.
   */
  hasPageToken: (request: Request) => boolean
  fetch?: typeof fetch
  now?: () => number
  timeoutMs?: number
  log?: (line: string) => void
}

export function createRpcBroadcast(deps: RpcBroadcastDeps): (request: Request, chainIdParam: string) => Promise<Response> {
  const counter = new WindowCounter(60_000)
  const doFetch = deps.fetch ?? fetch
  const now = deps.now ?? Date.now
  const log = deps.log ?? ((line: string) => console.error(line))

  return async (request, chainIdParam) => {
    try {
      return await serve(request, chainIdParam)
    } catch (error) {
      log(`[sigil] rpc broadcast: internal_error: ${error instanceof Error ? error.name : 'error'}`)
      return refuse('internal_error')
    }
  }

  async function serve(request: Request, chainIdParam: string): Promise<Response> {
    const target = chainUpstream(chainIdParam, deps.upstreams())
    if (!target) return refuse('unknown_chain')
    const { chainId, upstream } = target
    if (!deps.hasPageToken(request)) return refuse('page_token_required')
    const read = await readRpcBody(request, MAX_BROADCAST_BODY_BYTES)
    if (!read.ok) return refuse(read.refusal)
    const { body } = read
    if (Array.isArray(body)) return refuse('batch_not_allowed')
    if (!body || typeof body !== 'object') return refuse('invalid_request')
    const call = body as Record<string, unknown>
    const id = isId(call.id) ? call.id : null
    if (call.jsonrpc !== '2.0' || !isId(call.id) || typeof call.method !== 'string') return refuse('invalid_request', id)
    if (call.method !== 'eth_sendRawTransaction') return refuse('method_not_allowed', id)
    if (!Array.isArray(call.params) || call.params.length !== 1 || !isRawTransaction(call.params[0])) return refuse('params_not_allowed', id)

    // Counted once well-formed: junk costs the sender nothing upstream, so it need not cost a slot.
    const at = now()
    const { count, resetAt } = counter.hit(deps.clientIp(request), 1, at)
    if (count > deps.limitPerMinute()) return refuse('rate_limited', id, { 'retry-after': String(Math.max(1, Math.ceil((resetAt - at) / 1000))) })

    let parsed: unknown
    try {
      const response = await doFetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [call.params[0]] }),
        redirect: 'error',
        signal: AbortSignal.timeout(deps.timeoutMs ?? BROADCAST_UPSTREAM_TIMEOUT_MS),
      })
      parsed = JSON.parse(new TextDecoder().decode(await readCapped(response, MAX_BROADCAST_RESPONSE_BYTES))) as unknown
    } catch (error) {
      log(`[sigil] rpc broadcast: chain ${chainId}: upstream failed (${error instanceof Error ? error.name : 'error'})`)
      return refuse('upstream_unavailable', id)
    }
    const reply = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {}
    if (typeof reply.result === 'string' && /^0x[0-9a-fA-F]{64}$/.test(reply.result)) return answer({ id, result: reply.result }, 200)
    if (reply.error && typeof reply.error === 'object') {
      const reason = classifyUpstreamError((reply.error as Record<string, unknown>).message)
      log(`[sigil] rpc broadcast: chain ${chainId}: refused upstream (${reason})`)
      return refuse(reason, id)
    }
    log(`[sigil] rpc broadcast: chain ${chainId}: upstream answered without a hash`)
    return refuse('upstream_unavailable', id)
  }
}
