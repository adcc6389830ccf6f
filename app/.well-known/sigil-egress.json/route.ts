import { egressManifest } from '@sigil/connectors/egress'
import { familySettings } from '@sigil/connectors/settings'
import { readOncePerProcess } from '@sigil/server/config/readOncePerProcess'
import { getPublicConfig } from '@sigil/server/config/server'

// Read from this deployment's configuration at run time (one build serves any deployment).
export const dynamic = 'force-dynamic'

/** Five minutes: long enough to spare the server, short enough that a changed deployment shows soon. */
const EGRESS_MANIFEST_MAX_AGE_SECONDS = 300

const manifestOf = readOncePerProcess(() => JSON.stringify(egressManifest(getPublicConfig(familySettings)), null, 2))

/**
 * `GET /.well-known/sigil-egress.json`: per wallet family, every origin its page may reach besides
 * this one, how (`connect`, `frame`, `popup`) and why. The same declarations the Content-Security-
 * Policy is built from (connectors/egress.ts; docs/security/egress.md), for the settings the
 * families' parsers read (connectors/settings.ts). `proxy.ts` adds the security
 * headers.
 */
export function GET(): Response {
  return new Response(manifestOf(), {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': `public, max-age=${EGRESS_MANIFEST_MAX_AGE_SECONDS}` },
  })
}
