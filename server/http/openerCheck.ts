/**
 * The page's own scripts asking for its headers: a `HEAD` of a page path sent by `fetch` from the
 * same origin. The Coinbase SDK sends one whenever it is created (`checkCrossOriginOpenerPolicy` in
 * @coinbase/wallet-sdk 4.4.0, `fetch(origin + pathname, { method: 'HEAD' })`) to read the page's
 * Cross-Origin-Opener-Policy; answered by rendering, each warm-up of the family would cost the
 * server a full render of the page. The proxy answers it with the headers alone.
 *
 * Only a same-origin script's request (`Sec-Fetch-Site: same-origin`, `Sec-Fetch-Dest: empty`) is
 * taken: a `HEAD` from anything else (a link checker, a monitor) still gets the real answer, 404s
 * included. The API keeps its own `HEAD` handling.
 */
export function isOpenerCheck(request: { method: string; pathname: string; headers: Headers }): boolean {
  if (request.method !== 'HEAD') return false
  if (request.pathname === '/api' || request.pathname.startsWith('/api/')) return false
  return request.headers.get('sec-fetch-site') === 'same-origin' && request.headers.get('sec-fetch-dest') === 'empty'
}
