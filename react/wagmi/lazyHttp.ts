import { type EIP1193RequestFn, type Transport, UrlRequiredError } from 'viem'
import { onceUntilFailed } from '@sigil/lib/onceUntilFailed'

export type LazyHttpTransport = Transport<'http', { fetchOptions: undefined; url: string }>

/**
 * viem's `http(url)` transport, loaded on its first request. Same config and value as `http(url)`
 * (key, name, type `http`, retry count, timeout, and `url` readable at once), and each request is
 * the real transport's; only the code arrives with the first read instead of at page load. A read
 * whose code could not be fetched fails as a request would, and the next read tries again.
 */
export function lazyHttp(url: string | undefined): LazyHttpTransport {
  return (parameters) => {
    const url_ = url || parameters.chain?.rpcUrls.default.http[0]
    if (!url_) throw new UrlRequiredError()
    // A chunk that could not be fetched (offline for a moment, a deploy replaced it) fails that read
    // only: the next one fetches it afresh.
    const load = onceUntilFailed(() => import('@/react/wagmi/httpTransport').then(({ http }) => http(url_)(parameters)))
    const request = (async (args, options) => (await load()).request(args, options)) as EIP1193RequestFn
    return {
      config: {
        key: 'http',
        name: 'HTTP JSON-RPC',
        methods: undefined,
        request: async (args, options) => (await load()).config.request(args, options),
        retryCount: parameters.retryCount ?? 3,
        retryDelay: 150,
        timeout: parameters.timeout ?? 10_000,
        type: 'http',
      },
      request,
      value: { fetchOptions: undefined, url: url_ },
    }
  }
}
