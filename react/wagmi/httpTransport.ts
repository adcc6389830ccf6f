/**
 * viem's HTTP transport, as the module `lazyHttp` imports on the first RPC request: the transport,
 * its request builder and retry rules and most of viem's RPC error classes stay out of the
 * first-load bundle (a connected wallet answers the page's requests; the RPC is only for reads).
 */
export { http } from 'viem'
