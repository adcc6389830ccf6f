// The one route file for sign-in: @sigil/server's auth routes, configured from the environment
// (origins, secrets and the store, with working defaults), under /api/auth/<name>, where
// @sigil/lib's client calls them.
import { getAuthRoutes } from '@sigil/server/siwe/server'

export const runtime = 'nodejs'

type Context = { params: Promise<{ name: string }> }
const notFound = () => Response.json({ code: 'not_found' }, { status: 404 })

export async function GET(request: Request, { params }: Context) {
  const { name } = await params
  const routes = getAuthRoutes()
  return name === 'nonce' ? routes.nonce(request) : name === 'session' ? routes.session(request) : notFound()
}

export async function POST(request: Request, { params }: Context) {
  const { name } = await params
  const routes = getAuthRoutes()
  return name === 'verify' ? routes.verify(request) : name === 'logout' ? routes.logout(request) : notFound()
}
