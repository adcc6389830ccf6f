/**
 * The headers of a same-origin image endpoint (`GET /api/ens/<address>/avatar`): the body is an
 * image of a checked type or nothing, never a document. `default-src 'none'; sandbox` keeps it inert
 * even when opened by itself, `nosniff` stops any other reading of it. Set by the route and, since
 * `proxy.ts` puts the page's policy on every response it passes, by the request guard too.
 */
export const IMAGE_RESPONSE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
} as const

const IMAGE_ENDPOINT = /^\/api\/ens\/[^/]+\/avatar$/

export function isImageEndpoint(pathname: string): boolean {
  return IMAGE_ENDPOINT.test(pathname)
}
