import { getEmbeddedRoutes } from '@sigil/server/embedded/server'

// node:crypto, the store's drivers and SMTP need Node, not the edge runtime.
export const runtime = 'nodejs'
// Per token and never cached.
export const dynamic = 'force-dynamic'

/** The recovery notice's cancel link: a page with a button (opening a link never cancels anything). */
export function GET(request: Request): Promise<Response> {
  return getEmbeddedRoutes().recoveryCancelPage(request)
}

/** The page's form: cancels the recovery. */
export function POST(request: Request): Promise<Response> {
  return getEmbeddedRoutes().recoveryCancel(request)
}
