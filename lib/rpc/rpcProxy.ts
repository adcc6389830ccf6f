import { HttpError } from '@/lib/http/HttpError'
import { readBodyBytes } from '@/lib/http/readBody'
import { readCapped } from '@/lib/http/readCapped'
import { refusalLog } from '@/lib/http/refusalLog'
import { READ_METHODS, readParamsAllowed } from './readMethods'
import { WindowCounter } from './windowCounter'

/** Largest request body: a batch of calls with their calldata fits; an upload does not. */
export const MAX_RPC_BODY_BYTES = 64 * 1024
/** Largest batch, in calls. */
export const MAX_RPC_BATCH = 20
/** Largest upstream answer read: blocks come without full transactions, so reads stay small. */
export const MAX_RPC_RESPONSE_BYTES = 2 * 1024 * 1024
export const RPC_UPSTREAM_TIMEOUT_MS = 10_000

/** Why a call was refused, in `error.data.reason` beside the JSON-RPC code. */
export type RpcProxyRefusal =
  | 'unknown_chain'
  | 'unsupported_media_type'
  | 'body_too_large'
  | 'parse_error'
  | 'invalid_request'
  | 'batch_too_large'
  | 'method_not_allowed'
  | 'params_not_allowed'
  | 'rate_limited'
  | 'upstream_unavailable'
  | 'internal_error'

type Id = string | number | null
type RpcError = { code: number; message: string; data: { reason: RpcProxyRefusal } }
type RpcReply = { jsonrpc: '2.0'; id: Id; result?: unknown; error?: RpcError | { code: number; message: string; data?: unknown } }

const REFUSALS: Record<RpcProxyRefusal, { code: number; status: number; message: string }> = {
  unknown_chain: { code: -32600, status: 404, message: 'This chain is not served here.' },
  unsupported_media_type: { code: -32600, status: 415, message: 'Send application/json.' },
  body_too_large: { code: -32600, status: 413, message: 'The request is too large.' },
  parse_error: { code: -32700, status: 400, message: 'The request is not valid JSON.' },
  invalid_request: { code: -32600, status: 400, message: 'Not a JSON-RPC 2.0 request.' },
  batch_too_large: { code: -32600, status: 400, message: `At most ${MAX_RPC_BATCH} calls per batch.` },
  method_not_allowed: { code: -32601, status: 200, message: 'Method not allowed: this endpoint serves chain reads only.' },
  params_not_allowed: { code: -32602, status: 200, message: 'These parameters are not served here.' },
  rate_limited: { code: -32005, status: 429, message: 'Too many requests. Please wait and try again.' },
  upstream_unavailable: { code: -32603, status: 502, message: 'The chain could not be reached. Please try again.' },
  internal_error: { code: -32603, status: 500, message: 'Something went wrong on our side. Please try again.' },
}

function refusal(reason: RpcProxyRefusal, id: Id): RpcReply {
  const { code, message } = REFUSALS[reason]
  return { jsonrpc: '2.0', id, error: { code, message, data: { reason } } }
}

function reply(body: RpcReply | RpcReply[], status = 200, headers: Record<string, string> = {}, fragments: readonly string[] = []): Response {
  return new Response(scrub(JSON.stringify(body), fragments), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers } })
}

function refuse(reason: RpcProxyRefusal, headers: Record<string, string> = {}): Response {
  return reply(refusal(reason, null), REFUSALS[reason].status, headers)
}

type Call = { id: Id; method: string; params: unknown[] }

function isId(value: unknown): value is Id {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

/** A well-formed call, or the reason it is not. */
function readCall(value: unknown): Call | { id: Id; refused: RpcProxyRefusal } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { id: null, refused: 'invalid_request' }
  const item = value as Record<string, unknown>
  const id = isId(item.id) ? item.id : null
  if (item.jsonrpc !== '2.0' || !isId(item.id) || typeof item.method !== 'string') return { id, refused: 'invalid_request' }
  if (item.params !== undefined && !Array.isArray(item.params)) return { id, refused: 'invalid_request' }
  const params = (item.params ?? []) as unknown[]
  if (!READ_METHODS.has(item.method)) return { id, refused: 'method_not_allowed' }
  if (!readParamsAllowed(item.method, params)) return { id, refused: 'params_not_allowed' }
  return { id, method: item.method, params }
}

/** Only the fields a JSON-RPC answer has; anything else the upstream adds stays on the server. */
function cleanAnswer(value: unknown, id: Id): RpcReply | null {
  if (!value || typeof value !== 'object') return null
  const answer = value as Record<string, unknown>
  if ('error' in answer && answer.error && typeof answer.error === 'object') {
    const error = answer.error as Record<string, unknown>
    const code = typeof error.code === 'number' ? error.code : -32603
    const message = typeof error.message === 'string' ? error.message.slice(0, 500) : 'error'
    return { jsonrpc: '2.0', id, error: { code, message, ...(error.data !== undefined ? { data: error.data } : {}) } }
  }
  if ('result' in answer) return { jsonrpc: '2.0', id, result: answer.result }
  return null
}

/**
 * The parts of an upstream address that may be a credential (userinfo, host, path segments and
 * query values of 8+ characters), for scrubbing an answer: a provider that echoes its own address
 * (or key) in an error message must not hand it to the browser.
 */
function secretFragments(url: string): string[] {
  try {
    const parsed = new URL(url)
    const parts = [url, parsed.host, parsed.username, parsed.password, ...parsed.pathname.split('/'), ...[...parsed.searchParams.values()]]
    return [...new Set(parts.map((part) => part.trim()).filter((part) => part.length >= 8))].sort((a, b) => b.length - a.length)
  } catch {
    return [url]
  }
}

function scrub(text: string, fragments: readonly string[]): string {
  let clean = text
  for (const fragment of fragments) clean = clean.split(fragment).join('[redacted]')
  return clean
}

export type RpcProxyDeps = {
  /** Chain id → the server-only RPC it forwards to; chains not listed answer 404. Read per request. */
  upstreams: () => Readonly<Record<number, string>>
  /** The client's rate-limit key (lib/http/clientIp.ts). */
  clientIp: (request: Request) => string
  /** Calls per client per minute (a batch counts each of its calls). */
  limitPerMinute: () => number
  fetch?: typeof fetch
  now?: () => number
  timeoutMs?: number
  log?: (line: string) => void
}

/**
 * `POST /api/rpc/<chainId>`: a same-origin JSON-RPC endpoint that forwards chain reads to the
 * server's RPC, so a keyed `RPC_URL_<id>` never has to reach the browser. Single calls and batches;
 * each call not in the read list (`eth_sendRawTransaction`, unknown methods…) is answered with its own
 * JSON-RPC error (-32601) and never forwarded. The body is capped, calls per client are limited, the
 * upstream's address never appears in an answer or a log line.
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
    const chainId = /^\d{1,15}$/.test(chainIdParam) ? Number(chainIdParam) : NaN
    const upstream = deps.upstreams()[chainId]
    if (!upstream) return refuse('unknown_chain')
    if (!/^application\/json\s*(;|$)/i.test((request.headers.get('content-type') ?? '').trim())) return refuse('unsupported_media_type')

    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await readBodyBytes(request, MAX_RPC_BODY_BYTES))
    } catch (error) {
      return refuse(error instanceof HttpError && error.code === 'body_too_large' ? 'body_too_large' : 'parse_error')
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return refuse('parse_error')
    }
    const batch = Array.isArray(body)
    const items: unknown[] = batch ? (body as unknown[]) : [body]
    if (items.length === 0) return refuse('invalid_request')
    if (items.length > MAX_RPC_BATCH) return refuse('batch_too_large')

    const at = now()
    const { count, resetAt } = counter.hit(deps.clientIp(request), items.length, at)
    if (count > deps.limitPerMinute()) {
      refusalLog().note('rate_limited', `POST ${new URL(request.url).pathname}`)
      return refuse('rate_limited', { 'retry-after': String(Math.max(1, Math.ceil((resetAt - at) / 1000))) })
    }

    const calls = items.map(readCall)
    const answers: (RpcReply | undefined)[] = calls.map((call) => ('refused' in call ? refusal(call.refused, call.id) : undefined))
    const forwarded = calls.flatMap((call, index) => ('refused' in call ? [] : [{ index, call }]))
    let status = 200
    if (forwarded.length > 0) {
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
        const parsed = JSON.parse(new TextDecoder().decode(await readCapped(response, MAX_RPC_RESPONSE_BYTES))) as unknown
        const list = Array.isArray(parsed) ? parsed : [parsed]
        for (const entry of list) {
          const index = entry && typeof entry === 'object' ? (entry as { id?: unknown }).id : undefined
          const target = typeof index === 'number' ? forwarded.find((item) => item.index === index) : forwarded.length === 1 ? forwarded[0] : undefined
          if (target) answers[target.index] = cleanAnswer(entry, target.call.id) ?? undefined
        }
        if (forwarded.some(({ index }) => !answers[index])) throw new Error(`HTTP ${response.status}, answer without every call`)
      } catch (error) {
        log(`[sigil] rpc proxy: chain ${chainId}: upstream failed (${error instanceof Error ? error.name : 'error'})`)
        status = REFUSALS.upstream_unavailable.status
        for (const { index, call } of forwarded) answers[index] ??= refusal('upstream_unavailable', call.id)
      }
    }
    const replies = answers as RpcReply[]
    return reply(batch ? replies : replies[0]!, status, {}, secretFragments(upstream))
  }
}
