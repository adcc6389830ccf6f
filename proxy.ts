import { serverFamilies } from '@sigil/connectors/serverFamilies'
import { createSigilProxy } from '@sigil/server/http/proxy'

/**
 * Runs before every page and API request (Next 16's `proxy`, formerly `middleware`; Node.js runtime):
 * the origin checks, the routing by host to the embedded wallet's vault, the security headers with a
 * new nonce each response, and the RPC proxy's page token, for the families this app serves
 * (server/http/proxy.ts says each). The sign-in routes do both themselves (`guardedRoute`,
 * server/http/requestGuard.ts) and are left out.
 */
export const proxy = createSigilProxy(serverFamilies)

export const config = {
  // Pages (including 404s) and the API. Left out, each by its exact path (a prefix would also leave
  // out `/api/auth/noncex` or `/_next/staticfoo`, whose 404s then went without headers): the build
  // output under `/_next/static/` and the image optimizer `/_next/image`, which get next.config.mjs's
  // backstop headers instead (a page's CSP would govern nothing in a script file), and the sign-in
  // routes, which guard themselves (guardedRoute). A literal, as Next reads the matcher at build
  // time; tests/unit/guardedRoutes.test.ts keeps its API paths equal to the routes that use
  // guardedRoute, and tests/e2e/headers.spec.ts checks a 404 next to each exclusion.
  matcher: ['/((?!_next/static/|_next/image$|api/auth/nonce$|api/auth/verify$|api/auth/session$|api/auth/logout$).*)'],
}
