import { BodyLimitExceededError, readCapped } from '@/server/http/readCapped'
import { refusalLog } from '@/server/http/refusalLog'
import { chainUpstream, readRpcBody } from './front'
import type { GlobalBudget } from './globalBudget'
import { issuePageToken, pageTokenNeedsRefresh, pageTokenSetCookie, requestPageToken } from './pageToken'
import { callCount, checkReadParams, READ_METHODS, type ReadParamsRefusal } from './readMethods'
import { cleanUpstreamError } from './upstreamError'
import { WindowCounter } from './windowCounter'

/** Largest request body: a batch of calls with their calldata fits; an upload does not. */
export const MAX_RPC_BODY_BYTES = 64 * 1024
/** Largest batch, in calls. */
export const MAX_RPC_BATCH = 20
/** Largest upstream answer read: a block with its full transactions, the largest read served, runs to hundreds of kB on mainnet. */
export const MAX_RPC_RESPONSE_BYTES = 2 * 1024 * 1024
const RPC_UPSTREAM_TIMEOUT_MS = 10_000

/** Why a call was refused, in `error.data.reason` beside the JSON-RPC code. */
type RpcProxyRefusal =
  | 'unknown_chain'
  | 'page_token_required'
  | 'unsupported_media_type'
  | 'body_too_large'
  | 'parse_error'
  | 'invalid_request'
  | 'batch_too_large'
  | 'method_not_allowed'
  | 'params_not_allowed'
  | 'gas_too_high'
  | 'rate_limited'
  | 'budget_exhausted'
  | 'upstream_unavailable'
  | 'response_too_large'
  | 'internal_error'

type Id = string | number | null
type RpcError = { code: number; message: string; data: { reason: RpcProxyRefusal } }
type RpcReply = { jsonrpc: '2.0'; id: Id; result?: unknown; error?: RpcError | { code: number; message: string; data?: unknown } }

const REFUSALS: Record<RpcProxyRefusal, { code: number; status: number; message: string }> = {
  unknown_chain: { code: -32600, status: 404, message: 'This chain is not served here.' },
  page_token_required: { code: -32600, status: 403, message: 'This endpoint serves the page only: load the page, then try again.' },
  unsupported_media_type: { code: -32600, status: 415, message: 'Send application/json.' },
  body_too_large: { code: -32600, status: 413, message: 'The request is too large.' },
  parse_error: { code: -32700, status: 400, message: 'The request is not valid JSON.' },
  invalid_request: { code: -32600, status: 400, message: 'Not a JSON-RPC 2.0 request.' },
  batch_too_large: { code: -32600, status: 400, message: `At most ${MAX_RPC_BATCH} calls per batch.` },
  method_not_allowed: { code: -32601, status: 200, message: 'Method not allowed: this endpoint serves chain reads only.' },
  params_not_allowed: { code: -32602, status: 200, message: 'These parameters are not served here.' },
  gas_too_high: { code: -32602, status: 200, message: 'The gas limit is above what this endpoint serves.' },
  rate_limited: { code: -32005, status: 429, message: 'Too many requests. Please wait and try again.' },
  budget_exhausted: { code: -32005, status: 429, message: 'This chain is busy. Please wait and try again.' },
  upstream_unavailable: { code: -32603, status: 502, message: 'The chain could not be reached. Please try again.' },
  response_too_large: { code: -32603, status: 502, message: 'The answer is too large to serve here.' },
  internal_error: { code: -32603, status: 500, message: 'Something went wrong on our side. Please try again.' },
}

function refusal(reason: RpcProxyRefusal, id: Id): RpcReply {
  const { code, message } = REFUSALS[reason]
  return { jsonrpc: '2.0', id, error: { code, message, data: { reason } } }
}

function reply(body: RpcReply | RpcReply[], status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers } })
}

function refuse(reason: RpcProxyRefusal, headers: Record<string, string> = {}): Response {
  return reply(refusal(reason, null), REFUSALS[reason].status, headers)
}

type Call = { id: Id; method: string; params: unknown[] }

function isId(value: unknown): value is Id {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

/** A well-formed call of a read method in a shape the app sends (its parameters as forwarded), or the reason it is not. */
function readCall(value: unknown, maxGas: bigint): Call | { id: Id; refused: RpcProxyRefusal } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { id: null, refused: 'invalid_request' }
  const item = value as Record<string, unknown>
  const id = isId(item.id) ? item.id : null
  if (item.jsonrpc !== '2.0' || !isId(item.id) || typeof item.method !== 'string') return { id, refused: 'invalid_request' }
  if (item.params !== undefined && !Array.isArray(item.params)) return { id, refused: 'invalid_request' }
  if (!READ_METHODS.has(item.method)) return { id, refused: 'method_not_allowed' }
  const checked = checkReadParams(item.method, (item.params ?? []) as unknown[], { maxGas })
  if ('refused' in checked) return { id, refused: checked.refused satisfies ReadParamsRefusal }
  return { id, method: item.method, params: checked.params }
}

/**
 * Only what a JSON-RPC answer has: the result as the chain gave it, or an error in fixed words with
 * revert data only (server/rpc/upstreamError.ts). Nothing the upstream writes in its own words passes.
 */
function cleanAnswer(value: unknown, id: Id): RpcReply | null {
  if (!value || typeof value !== 'object') return null
  const answer = value as Record<string, unknown>
  if ('error' in answer && answer.error && typeof answer.error === 'object') return { jsonrpc: '2.0', id, error: cleanUpstreamError(answer.error) }
  if ('result' in answer) return { jsonrpc: '2.0', id, result: answer.result }
  return null
}

/** What the proxy needs to check a page token; `secure` picks the cookie name (server/rpc/pageToken.ts). */
export type PageTokenConfig = { secrets: readonly string[]; secure: boolean }

export type RpcProxyDeps = {
  /** Chain id → the server-only RPC it forwards to; chains not listed answer 404. Read per request. */
  upstreams: () => Readonly<Record<number, string>>
  /** The client's rate-limit key (server/http/clientIp.ts). */
  clientIp: (request: Request) => string
  /** Calls per client per minute (a batch counts each of its calls). */
  limitPerMinute: () => number
  /** The session secrets and cookie security the page token is checked with. */
  pageToken: () => PageTokenConfig
  /** Gas cap of `eth_call` and `eth_estimateGas` (`RPC_PROXY_MAX_GAS`). */
  maxGas: () => bigint
  /** Calls per chain and minute across every instance (server/rpc/globalBudget.ts). */
  budget: Pick<GlobalBudget, 'take'>
  fetch?: typeof fetch
  now?: () => number
  timeoutMs?: number
  log?: (line: string) => void
}

/**
 * `POST /api/rpc/<chainId>`: a same-origin JSON-RPC endpoint that forwards chain reads to the
 * server's RPC, so a keyed `RPC_URL_<id>` never has to reach the browser. It serves the page, not
 * the internet (docs/security/rpc-proxy.md):
 * - a request without a live page token (a cookie set with the page, server/rpc/pageToken.ts) is
 *   refused before its body is read;
 * - the body is capped (413) and must be JSON-RPC 2.0 (400), before any upstream call;
 * - calls per client per minute (in memory), then calls per chain per minute across every
 *   instance (leased from the store, server/rpc/globalBudget.ts);
 * - each call must be a read in a shape the app sends (server/rpc/readMethods.ts): no state or block
 *   overrides, gas capped; any other call gets its own JSON-RPC error and is never forwarded;
 * - the upstream's answer is read up to a cap, and its errors reach the browser in fixed words only
 *   (server/rpc/upstreamError.ts): its address and key never appear in an answer or a log line.
 * Every refusal is a JSON-RPC error with a fixed code, message and `data.reason`.
 */
export function createRpcProxy(deps: RpcProxyDeps): (request: Request, chainIdParam: string) => Promise<Response> {
  const counter = new WindowCounter(60_000)
  const doFetch = deps.fetch ?? fetch
  const now = deps.now ?? Date.now
  const log = deps.log ?? ((line: string) => console.error(line))

  return async (request, chainIdParam) => {
    try {
      return await serve(request, chainIdParam)
    } catch (error) {
      // A configuration error (e.g. TRUSTED_PROXY_HOPS missing in production): the reason goes to the log only.
      log(`[sigil] rpc proxy: internal_error: ${error instanceof Error ? error.message : String(error)}`)
      return refuse('internal_error')
    }
  }

  async function serve(request: Request, chainIdParam: string): Promise<Response> {
    const target = chainUpstream(chainIdParam, deps.upstreams())
    if (!target) return refuse('unknown_chain')
    const { chainId, upstream } = target

    const at = now()
    const tokenConfig = deps.pageToken()
    const token = requestPageToken(request, { ...tokenConfig, now: at })
    if (!token) return refuse('page_token_required')
    // An open page keeps its token alive through its own reads; only a page load creates one.
    const headers: Record<string, string> = pageTokenNeedsRefresh(token, at)
      ? { 'set-cookie': pageTokenSetCookie(issuePageToken({ secrets: tokenConfig.secrets, now: at, browserId: token.browserId }).value, tokenConfig.secure) }
      : {}

    const read = await readRpcBody(request, MAX_RPC_BODY_BYTES)
    if (!read.ok) return refuse(read.refusal)
    const { body } = read
    const batch = Array.isArray(body)
    const items: unknown[] = batch ? (body as unknown[]) : [body]
    if (items.length === 0) return refuse('invalid_request')
    if (items.length > MAX_RPC_BATCH) return refuse('batch_too_large')

    const maxGas = deps.maxGas()
    const calls = items.map((item) => readCall(item, maxGas))
    // Each call counts once, a block with full transactions FULL_BLOCK_CALLS times (readMethods.ts).
    const counted = (call: (typeof calls)[number]) => ('refused' in call ? 1 : callCount(call.method, call.params))
    const { count, resetAt } = counter.hit(deps.clientIp(request), calls.reduce((sum, call) => sum + counted(call), 0), at)
    if (count > deps.limitPerMinute()) {
      refusalLog().note('rate_limited', `POST ${new URL(request.url).pathname}`)
      return refuse('rate_limited', { 'retry-after': String(Math.max(1, Math.ceil((resetAt - at) / 1000))) })
    }

    // A body that is one call and not a JSON-RPC request at all is a bad request; in a batch each call answers for itself.
    const only = calls[0]!
    if (!batch && 'refused' in only && only.refused === 'invalid_request') return reply(refusal('invalid_request', only.id), REFUSALS.invalid_request.status, headers)
    const answers: (RpcReply | undefined)[] = calls.map((call) => ('refused' in call ? refusal(call.refused, call.id) : undefined))
    const forwarded = calls.flatMap((call, index) => ('refused' in call ? [] : [{ index, call }]))
    let status = 200
    if (forwarded.length > 0) {
      const verdict = await deps.budget.take(chainId, forwarded.reduce((sum, { call }) => sum + counted(call), 0), at)
      if (!verdict.ok) {
        for (const { index, call } of forwarded) answers[index] = refusal('budget_exhausted', call.id)
        headers['retry-after'] = String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)))
        status = REFUSALS.budget_exhausted.status
      } else {
        status = await forward(chainId, upstream, forwarded, answers, batch)
      }
    }
    const replies = answers as RpcReply[]
    return reply(batch ? replies : replies[0]!, status, headers)
  }

  /** Sends the calls upstream in one request and fills in their answers; returns the HTTP status to answer with. */
  async function forward(chainId: number, upstream: string, forwarded: { index: number; call: Call }[], answers: (RpcReply | undefined)[], batch: boolean): Promise<number> {
    // Our own ids upstream (the position in this batch), the client's ids back in the answers.
    const payload = forwarded.map(({ index, call }) => ({ jsonrpc: '2.0', id: index, method: call.method, params: call.params }))
    try {
      const response = await doFetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload.length === 1 && !batch ? payload[0] : payload),
        redirect: 'error',
        signal: AbortSignal.timeout(deps.timeoutMs ?? RPC_UPSTREAM_TIMEOUT_MS),
      })
      let bytes: Uint8Array
      try {
        bytes = await readCapped(response, MAX_RPC_RESPONSE_BYTES)
      } catch (error) {
        if (!(error instanceof BodyLimitExceededError)) throw error
        log(`[sigil] rpc proxy: chain ${chainId}: upstream answer over ${MAX_RPC_RESPONSE_BYTES} bytes`)
        for (const { index, call } of forwarded) answers[index] = refusal('response_too_large', call.id)
        return REFUSALS.response_too_large.status
      }
      const parsed = JSON.parse(new TextDecoder().decode(bytes)) as unknown
      const list = Array.isArray(parsed) ? parsed : [parsed]
      for (const entry of list) {
        const index = entry && typeof entry === 'object' ? (entry as { id?: unknown }).id : undefined
        const target = typeof index === 'number' ? forwarded.find((item) => item.index === index) : forwarded.length === 1 ? forwarded[0] : undefined
        if (target) answers[target.index] = cleanAnswer(entry, target.call.id) ?? undefined
      }
      if (forwarded.some(({ index }) => !answers[index])) throw new Error(`HTTP ${response.status}, answer without every call`)
      return 200
    } catch (error) {
      log(`[sigil] rpc proxy: chain ${chainId}: upstream failed (${error instanceof Error ? error.name : 'error'})`)
      for (const { index, call } of forwarded) answers[index] ??= refusal('upstream_unavailable', call.id)
      return REFUSALS.upstream_unavailable.status
    }
  }
}
