// What @sigil/server's wiring asks of a Next app at start-up: the socket address each request came
// from, stamped before any handler runs, so that the sign-in routes' rate limits count per client
// (behind a proxy, TRUSTED_PROXY_HOPS names how many to trust).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { installSocketAddressStamp } = await import('@sigil/server/http/socketAddress')
  installSocketAddressStamp()
}
