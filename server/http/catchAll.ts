/** Next's context of a catch-all route (`[...path]` or `[[...path]]`): the path's segments below the route's folder. */
export type CatchAllContext = { params: Promise<{ path?: string[] | undefined }> }

/** The methods an API's paths serve (every other one is answered with 405, or 204 to OPTIONS). */
type ServedMethod = 'GET' | 'POST'
const SERVED: readonly ServedMethod[] = ['GET', 'POST']

/** An API's table: each path, and the name of the route handler that serves it, by method. */
export type ApiTable<Name extends string> = Readonly<Record<string, Partial<Record<ServedMethod, Name>>>>

/** Where a request goes: a handler's name, or the methods its path allows, or nowhere (a 404). */
export type ApiLookup<Name extends string> = (pathname: string, method: string) => { found: Name } | { allow: string } | undefined

/**
 * The lookup of an API's table, by own paths only (a path named like an object's property is no
 * path), and by the methods it serves only (a method named `constructor` reaches no handler).
 */
export function apiLookup<Name extends string>(table: ApiTable<Name>): ApiLookup<Name> {
  const byPath = new Map(Object.entries(table))
  return (pathname, method) => {
    const handlers = byPath.get(pathname)
    if (!handlers) return undefined
    // HEAD is a GET without its body (Next hands a route's GET the HEAD requests too).
    const asked = method === 'HEAD' ? 'GET' : method
    const name = SERVED.find((served) => served === asked && handlers[served] !== undefined)
    if (name) return { found: handlers[name]! }
    // As the self-guarded routes' `otherMethods` says it (server/http/requestGuard.ts).
    const served = SERVED.filter((served) => handlers[served] !== undefined)
    return { allow: [...served.flatMap((served) => (served === 'GET' ? ['GET', 'HEAD'] : [served])), 'OPTIONS'].join(', ') }
  }
}

/**
 * A whole API as one handler, for one catch-all route file under `root` (exporting it for GET,
 * POST, PUT, PATCH, DELETE and OPTIONS): the path picks the route, read from the route's segments
 * (so a trailing slash Next keeps is the same path), else from the request's URL. A path the API
 * does not have is a 404; a method a path does not serve is a 405, and OPTIONS a 204, with
 * `Allow`. `routes` is read for each request.
 */
export function createCatchAllApi<Name extends string>(
  root: string,
  lookup: ApiLookup<Name>,
  routes: () => Readonly<Record<Name, (request: Request) => Promise<Response>>>,
): (request: Request, context?: CatchAllContext) => Promise<Response> {
  return async (request, context) => {
    const segments = context ? (await context.params).path : undefined
    const pathname = segments ? `${root}/${segments.join('/')}` : new URL(request.url).pathname
    const handler = lookup(pathname, request.method)
    if (!handler) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
    if ('allow' in handler) return new Response(null, { status: request.method === 'OPTIONS' ? 204 : 405, headers: { allow: handler.allow, 'cache-control': 'no-store' } })
    return routes()[handler.found](request)
  }
}
