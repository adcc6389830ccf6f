import { isHex, type CcipRequestParameters, type Hex } from 'viem'
import { BaseError } from '@sigil/lib/errors/BaseError'
import { fetchPublicHttps, type PublicFetchOptions } from '@/server/http/publicHttps'

/**
 * The gateway requests of CCIP-Read (EIP-3668) for the server's ENS lookups. A name's resolver may
 * answer "ask this gateway" (an offchain name: `cb.id`, most L2 names), and the gateway's address is
 * whatever the resolver's owner wrote on chain: anyone can point their own address's reverse
 * resolver at any URL and have the server fetch it by asking `GET /api/ens/<their address>`. viem's
 * own gateway request fetches any http(s) URL, loopback and the cloud's metadata address included,
 * up to 256 per lookup. Here every gateway request goes through `fetchPublicHttps` (https only, every
 * address public, checked on the socket's own connection), and one lookup makes at most
 * `MAX_GATEWAY_FETCHES_PER_LOOKUP` of them.
 */
export const MAX_GATEWAY_FETCHES_PER_LOOKUP = 6
/** A gateway's answer is a few hundred bytes of ABI: 64 kB is generous. */
const MAX_GATEWAY_ANSWER_BYTES = 64 * 1024

/** No gateway gave an answer (each URL refused, failed, or answered something that is not hex). */
class CcipGatewayError extends BaseError {
  override name = 'CcipGatewayError'
}

export type CcipGatewayOptions = Pick<PublicFetchOptions, 'allowLoopback' | 'lookup' | 'ca'> & {
  /** Per gateway fetch. Default 4 s (viem's own is 10). */
  timeoutMs?: number
}

/**
 * One lookup's gateway request, for viem's `ccipRead.request`: make a new one per lookup, as the
 * fetch budget is its own. Tries the URLs in order, as EIP-3668 says: `{sender}` and `{data}` filled
 * in, a `GET` when the URL holds `{data}`, else a `POST` of `{data, sender}`; the answer is JSON's
 * `data` or the body itself, and must be hex.
 */
export function createCcipGatewayRequest(options: CcipGatewayOptions = {}): (parameters: CcipRequestParameters) => Promise<Hex> {
  let left = MAX_GATEWAY_FETCHES_PER_LOOKUP
  return async ({ data, sender, urls, requestOptions }) => {
    let failure: string = 'no gateway'
    for (const template of urls) {
      if (left <= 0) throw new CcipGatewayError(`more than ${MAX_GATEWAY_FETCHES_PER_LOOKUP} gateway requests in one lookup`)
      left -= 1
      // EIP-3668 writes the sender in lower case, in the URL and in a POST's body alike.
      const url = template.replaceAll('{sender}', sender.toLowerCase()).replaceAll('{data}', data)
      const post = !template.includes('{data}')
      try {
        const answer = await fetchPublicHttps(url, {
          ...options,
          maxBytes: MAX_GATEWAY_ANSWER_BYTES,
          timeoutMs: options.timeoutMs ?? 4_000,
          signal: requestOptions?.signal,
          ...(post
            ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data, sender: sender.toLowerCase() }) }
            : { method: 'GET', headers: {} }),
        })
        if (!answer.body) {
          failure = `status ${answer.status}`
          continue
        }
        const text = Buffer.from(answer.body).toString('utf8')
        const result: unknown = answer.contentType?.startsWith('application/json') ? jsonData(text) : text
        if (!isHex(result)) {
          failure = 'an answer that is not hex'
          continue
        }
        return result
      } catch (error) {
        if (requestOptions?.signal?.aborted) throw error
        failure = error instanceof Error ? error.message : 'failed'
      }
    }
    throw new CcipGatewayError(`no gateway answered: ${failure}`)
  }
}

function jsonData(text: string): unknown {
  try {
    return (JSON.parse(text) as { data?: unknown } | null)?.data
  } catch {
    return undefined
  }
}
